import { ELEMENTS, type Effect } from "@convex/shared/duma/cards";
import { formatDays } from "@convex/shared/duma/engine";
import { ELEMENT_LOOK } from "./element-look";

/** "Fire +20, Earth +10, Air −10; 40 days pass": what a side does, in words. */
export function effectSummary(effect: Effect): string {
  const changes = ELEMENTS.filter((element) => effect[element] !== 0).map(
    (element) => `${ELEMENT_LOOK[element].name} ${signed(effect[element])}`,
  );
  const time = effect.time > 0 ? `${formatDays(effect.time)} pass` : "no time passes";
  return changes.length > 0 ? `${changes.join(", ")}; ${time}` : `Nothing changes; ${time}`;
}

export function signed(value: number): string {
  return value > 0 ? `+${value}` : `−${Math.abs(value)}`;
}
