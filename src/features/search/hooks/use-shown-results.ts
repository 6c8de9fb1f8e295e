import { useRef } from "react";

/** Results with the query they answer: highlights are built from that query, not the newest. */
export type ShownResults<T> = { query: string; value: T; stale: boolean };

/**
 * The results of the newest query, or while they are on their way, the last results shown (marked
 * stale) instead of a flash of "Loading..." between keystrokes. Convex keys each live query by
 * its arguments, so `value` is always the answer to `query` itself: an older query's answer
 * arriving late is never taken for the newest one's, and nothing older shows after something newer.
 */
export function useShownResults<T>(query: string | null, value: T | undefined): ShownResults<T> | undefined {
  const last = useRef<{ query: string; value: T } | undefined>(undefined);
  if (query === null) {
    last.current = undefined;
    return undefined;
  }
  if (value !== undefined) last.current = { query, value };
  return last.current && { ...last.current, stale: value === undefined };
}
