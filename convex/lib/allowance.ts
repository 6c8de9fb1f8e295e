/**
 * Taking from a rate-limiter component allowance, shared by the app's limits (chat, reports,
 * uploads): take one, or refuse with a message that says how long to wait.
 */
import { MINUTE, SECOND, type RateLimitReturns } from "@convex-dev/rate-limiter";
import { ConvexError } from "convex/values";
import type { MutationCtx } from "../_generated/server";
import { writtenAhead } from "./clock";

/**
 * What of a RateLimiter this needs for the allowances named `Name`: `limit`, and `getValue` and
 * `reset` to forget a state written while the clock ran ahead (forgetStateWrittenAhead).
 */
export type Allowances<Name extends string> = {
  limit(ctx: MutationCtx, name: Name, options: { key: string }): Promise<RateLimitReturns>;
  getValue(ctx: MutationCtx, name: Name, options: { key: string }): Promise<{ ts: number }>;
  reset(ctx: MutationCtx, name: Name, options: { key: string }): Promise<void>;
};

/** Takes one from the allowance `name` of `key`, or throws `refusal(how long to wait)` as a ConvexError. */
export async function takeAllowance<Name extends string>(
  limiter: Allowances<NoInfer<Name>>,
  ctx: MutationCtx,
  name: Name,
  key: string,
  refusal: (retryAfterMs: number) => string,
): Promise<void> {
  let status = await limiter.limit(ctx, name, { key });
  if (!status.ok && (await forgetStateWrittenAhead(limiter, ctx, name, key))) {
    status = await limiter.limit(ctx, name, { key });
  }
  if (!status.ok) throw new ConvexError(refusal(status.retryAfter));
}

/**
 * Forgets the allowance's stored state if its time lies in the future (lib/clock.ts), returning
 * whether it did. The component keeps one `ts` per key: a token bucket's last take, a fixed
 * window's start, never later than the clock when written. One from a clock 24 h ahead makes the
 * component count a day of negative refill (a token bucket of one a second owes ~86,400 tokens:
 * "send again in 86319 s"), and a refusal writes nothing, so it would stay so for the whole day.
 * The component lets nobody set a state, only `reset` one (delete its row: the key starts full),
 * so that is what happens; the take after it succeeds and stores `ts` = now. This runs only on a
 * refusal, so allowed takes read and write what they did before; it reads the same row the refusal
 * read (the component's getValue query, in this mutation's transaction), so it adds no conflict.
 * The price: a key emptied while the clock was ahead starts full once, one burst per clock jump.
 */
export async function forgetStateWrittenAhead<Name extends string>(
  limiter: Allowances<NoInfer<Name>>,
  ctx: MutationCtx,
  name: Name,
  key: string,
): Promise<boolean> {
  const { ts } = await limiter.getValue(ctx, name, { key });
  if (!writtenAhead(ts, Date.now())) return false;
  await limiter.reset(ctx, name, { key });
  return true;
}

/** A wait in whole seconds, at least one, as refusals state it. */
export const waitInSeconds = (retryAfterMs: number) => Math.max(1, Math.ceil(retryAfterMs / SECOND));

/** A wait in whole minutes, at least one, as refusals state it. */
export const waitInMinutes = (retryAfterMs: number) => Math.max(1, Math.ceil(retryAfterMs / MINUTE));
