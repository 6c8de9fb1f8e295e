/**
 * Stored times from a clock that was ahead (issue 34). A deployment whose clock ran ahead (say
 * 24 h) and was then put right holds times later than `now`: rate-limit states, failure counts,
 * "last seen" and "still running" marks. Waiting for the clock to catch up would lock people out
 * for as long as it was ahead, so every check fed by a stored time treats one in the future as
 * `now`, and must not leave it in place: a check that only clamped it (without a write) would
 * say "just now" again on every call until the clock caught up, the same lock-out in disguise.
 * So such a time counts as passed (the action goes ahead and writes the right time), or it is
 * rewritten to now. Nothing alive on the right clock has written it since, so it names no
 * running work and no recent act.
 */

/** Whether a stored time lies after `now`: written while the server's clock ran ahead. */
export function writtenAhead(storedAt: number, now: number): boolean {
  return storedAt > now;
}
