import { useSyncExternalStore } from "react";
import { formatWhen, fullDateOnHover } from "@/lib/format";

/** One clock for every time on screen, ticking each minute, so "3 min ago" stays true. */
const minuteClock = {
  now: Date.now(),
  listeners: new Set<() => void>(),
  timer: undefined as ReturnType<typeof setInterval> | undefined,
  subscribe(listener: () => void) {
    minuteClock.listeners.add(listener);
    if (minuteClock.timer === undefined) {
      // Nobody watched the clock for a while: catch up first (React re-reads it after subscribing).
      minuteClock.now = Date.now();
      minuteClock.timer = setInterval(() => {
        minuteClock.now = Date.now();
        for (const notify of minuteClock.listeners) notify();
      }, 60_000);
    }
    return () => {
      minuteClock.listeners.delete(listener);
      if (minuteClock.listeners.size === 0) {
        clearInterval(minuteClock.timer);
        minuteClock.timer = undefined;
      }
    };
  },
};

/** When something happened ("3 min ago", or the date once older than a week), the full date on hover. */
export function TimeAgo({ timestamp, className }: { timestamp: number; className?: string }) {
  const clockNow = useSyncExternalStore(minuteClock.subscribe, () => minuteClock.now);
  // Something made after the clock's last tick is not "in the future".
  const now = Math.max(clockNow, timestamp);
  return (
    <time dateTime={new Date(timestamp).toISOString()} {...fullDateOnHover(timestamp)} className={className}>
      {formatWhen(timestamp, now)}
    </time>
  );
}
