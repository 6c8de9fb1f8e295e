import { Droplets, Flame, Mountain, Wind, type LucideIcon } from "lucide-react";
import type { Element } from "@convex/shared/duma/cards";

/** How each element is drawn: its name, icon and bar colour. */
export const ELEMENT_LOOK: Record<Element, { name: string; icon: LucideIcon; bar: string; text: string }> = {
  air: { name: "Air", icon: Wind, bar: "bg-sky-500", text: "text-sky-700" },
  earth: { name: "Earth", icon: Mountain, bar: "bg-lime-600", text: "text-lime-800" },
  fire: { name: "Fire", icon: Flame, bar: "bg-orange-500", text: "text-orange-700" },
  water: { name: "Water", icon: Droplets, bar: "bg-blue-600", text: "text-blue-700" },
};
