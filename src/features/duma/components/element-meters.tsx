import { clsx } from "clsx";
import { ELEMENTS, type Effect } from "@convex/shared/duma/cards";
import type { Elements } from "@convex/shared/duma/engine";
import { signed } from "../effect-summary";
import { ELEMENT_LOOK } from "../element-look";

type ElementMetersProps = {
  elements: Elements;
  /** The effect of the side the player leans toward, previewed beside each meter it moves. */
  preview: Effect | null;
};

/** The four elements as meters from 0 to 100; reaching either end ends the world. */
export function ElementMeters({ elements, preview }: ElementMetersProps) {
  return (
    <ul aria-label="Elements" className="grid grid-cols-4 gap-2 sm:gap-3 lg:grid-cols-2">
      {ELEMENTS.map((element) => {
        const look = ELEMENT_LOOK[element];
        const Icon = look.icon;
        const value = elements[element];
        const change = preview?.[element] ?? 0;
        return (
          <li key={element} className="rounded-xl border border-line bg-surface p-2 shadow-sm sm:p-3">
            <div className="flex items-center justify-between gap-1">
              <span className={clsx("flex min-w-0 items-center gap-1 text-xs font-semibold sm:text-sm", look.text)}>
                <Icon aria-hidden className="hidden size-4 shrink-0 sm:block" />
                {look.name}
              </span>
              <span className="text-xs font-semibold text-fg tabular-nums sm:text-sm">{value}</span>
            </div>
            <div
              role="meter"
              aria-label={look.name}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={value}
              className="mt-2 h-2.5 overflow-hidden rounded-full bg-surface-strong"
            >
              <div
                className={clsx(
                  "h-full rounded-full transition-[width] duration-300 motion-reduce:transition-none",
                  look.bar,
                )}
                style={{ width: `${value}%` }}
              />
            </div>
            <p
              className={clsx(
                "mt-1 h-4 text-center text-xs font-bold tabular-nums",
                change > 0 ? "text-success" : "text-danger",
              )}
            >
              {change !== 0 && (
                <>
                  <span className="sr-only">{look.name} would change by </span>
                  {signed(change)}
                </>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
