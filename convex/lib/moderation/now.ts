/**
 * "Now" as a query argument. A query that calls Date.now() is not re-run as time passes (Convex
 * re-runs a query only when data it read changes) and its result cannot be cached. So lists
 * that depend on the time take the caller's current minute instead: one value per minute, the
 * same for every moderator, so runs are shared and re-run once a minute at most.
 *
 * Trust: a query cannot check that the number is near the server's clock (its own clock is
 * what we avoid reading), so a caller may pass any minute. That is harmless by design: `now`
 * only changes what that caller sees (which suspensions show as ended), never what is stored
 * or allowed; every mutation and requireVerifiedUser still use the server's time.
 */
import { ConvexError, v } from "convex/values";

export const MINUTE_MS = 60_000;
export const NOT_A_WHOLE_MINUTE = "The time must be a whole minute (milliseconds since 1970).";

export const wholeMinuteValidator = v.number();

/** The current minute at `time` (ms since 1970), as a query argument. */
export function minuteAt(time: number): number {
  return Math.floor(time / MINUTE_MS) * MINUTE_MS;
}

/** Refuses anything but a whole, non-negative minute: a finer time would split the query cache. */
export function requireWholeMinute(now: number): number {
  if (!Number.isSafeInteger(now) || now < 0 || now % MINUTE_MS !== 0) throw new ConvexError(NOT_A_WHOLE_MINUTE);
  return now;
}
