import { Droplets, Flame, Mountain, Wind, type LucideIcon } from "lucide-react";
import type { Element } from "@convex/shared/duma/cards";

/** How each element is drawn: its name, icon and bar colour. */
export const ELEMENT_LOOK: Record<Element, { name: string; icon: LucideIcon; bar: string; text: string }> = {
  air: { name: "Air", icon: Wind, bar: "bg-air", text: "text-air-fg" },
  earth: { name: "Earth", icon: Mountain, bar: "bg-earth", text: "text-earth-fg" },
  fire: { name: "Fire", icon: Flame, bar: "bg-fire", text: "text-fire-fg" },
  water: { name: "Water", icon: Droplets, bar: "bg-water", text: "text-water-fg" },
};
