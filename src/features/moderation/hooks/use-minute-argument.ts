import { useCallback, useEffect, useState } from "react";

const MINUTE_MS = 60_000;
/** setTimeout's longest wait (about 24.8 days); a later moment is waited for in steps. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/** The whole minute at `time`: what moderation lists take as their `now` argument. */
export function minuteAt(time: number): number {
  return Math.floor(time / MINUTE_MS) * MINUTE_MS;
}

/**
 * "Now" for a moderation list's `now` argument: the current minute, and a way to move it on.
 * The server validates it (a whole minute) and uses it only for what the viewer sees.
 */
export function useMinuteArgument(): [now: number, moveOn: () => void] {
  const [now, setNow] = useState(() => minuteAt(Date.now()));
  const moveOn = useCallback(() => setNow(minuteAt(Date.now())), []);
  return [now, moveOn];
}

/**
 * Moves `now` on when the first of `moments` (suspension ends) after it has passed, and not
 * every minute: a new `now` is a new query, which re-runs the list and resets its loaded pages,
 * so it changes only when what the list shows would (a suspension shown as running has ended).
 */
export function useMoveOnWhenPassed(now: number, moments: readonly (number | null)[], moveOn: () => void): void {
  const next = moments.reduce<number | null>(
    (soonest, moment) => (moment !== null && moment > now && (soonest === null || moment < soonest) ? moment : soonest),
    null,
  );
  useEffect(() => {
    if (next === null) return;
    // The server counts a suspension as ended from the first whole minute after its end.
    const wait = minuteAt(next) + MINUTE_MS - Date.now();
    const timer = setTimeout(moveOn, Math.min(Math.max(wait, 0), LONGEST_WAIT_MS));
    return () => clearTimeout(timer);
  }, [next, moveOn]);
}
