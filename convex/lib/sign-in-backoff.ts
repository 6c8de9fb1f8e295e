/**
 * Brute-force protection that slows the guesser, not the owner (security review item 8).
 * Failures are counted per (client, address) pair: after a few, each further try must wait a
 * growing delay. A second, much looser count per address bounds a guesser who keeps changing
 * client ids. Nobody is locked out for an hour by a stranger's ten wrong guesses, and a browser
 * that signed in to the address before is not held by the address-wide count at all: a
 * stranger who keeps it at its longest wait slows new browsers, not the owner's own.
 */
import { writtenAhead } from "./clock";

export type FailureCount = { failures: number; lastFailureAt: number; retryAfter: number };

export const BACKOFF = {
  pair: { freeFailures: 3, forgetAfterMs: 24 * 60 * 60 * 1000 },
  address: { freeFailures: 30, forgetAfterMs: 60 * 60 * 1000 },
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
} as const;

export type BackoffScope = "pair" | "address";

/** How long a browser that signed in to an address stays trusted, renewed by each sign-in. */
export const TRUSTED_CLIENT_MS = 90 * 24 * 60 * 60 * 1000;

/** The rows' keys for one attempt; a client that sent no id shares "unknown" with the others. */
export function backoffKeys(email: string, clientId: string): Record<BackoffScope, string> {
  return { pair: `pair:${clientId}|${email}`, address: `address:${email}` };
}

/** The key under which a browser is trusted for an address; null for one that sent no id. */
export function trustKey(email: string, clientId: string): string | null {
  return clientId === "unknown" ? null : `trusted:${clientId}|${email}`;
}

/** The count after one more failure at `now` (an old count is forgotten first). */
export function afterFailure(previous: FailureCount | null, scope: BackoffScope, now: number): FailureCount {
  const stale = previous === null || now - previous.lastFailureAt > BACKOFF[scope].forgetAfterMs;
  const failures = (stale ? 0 : previous.failures) + 1;
  return { failures, lastFailureAt: now, retryAfter: now + delayAfter(failures, scope) };
}

/**
 * The count without its latest failure: an attempt counted in advance (reserveAttempt) that
 * turned out to be no wrong guess. Null when nothing is left to count.
 */
export function withoutLatestFailure(count: FailureCount, scope: BackoffScope): FailureCount | null {
  const failures = count.failures - 1;
  if (failures <= 0) return null;
  return {
    failures,
    lastFailureAt: count.lastFailureAt,
    retryAfter: count.lastFailureAt + delayAfter(failures, scope),
  };
}

function delayAfter(failures: number, scope: BackoffScope): number {
  const over = failures - BACKOFF[scope].freeFailures;
  return over <= 0 ? 0 : Math.min(BACKOFF.firstDelayMs * 2 ** (over - 1), BACKOFF.maxDelayMs);
}

/**
 * Whole seconds to wait before the next try is looked at (0 = go ahead). A count whose last
 * failure lies in the future was written while the clock ran ahead (lib/clock.ts): its wait counts
 * as served, so the try goes ahead and the count it writes (afterFailure) carries the right time;
 * a refusal writes nothing, so a wait measured from that time would hold until the clock caught up.
 */
export function secondsToWait(count: FailureCount | null, now: number): number {
  if (count === null || count.retryAfter <= now || writtenAhead(count.lastFailureAt, now)) return 0;
  return Math.ceil((count.retryAfter - now) / 1000);
}
