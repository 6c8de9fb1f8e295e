/**
 * Taking from a rate-limiter component allowance, shared by the app's limits (chat, reports,
 * uploads): take one, or refuse with a message that says how long to wait.
 */
import { MINUTE, SECOND, type RateLimitReturns } from "@convex-dev/rate-limiter";
import { ConvexError } from "convex/values";
import type { MutationCtx } from "../_generated/server";

/** What of a RateLimiter this needs: its `limit` for the allowances named `Name`. */
type Allowances<Name extends string> = {
  limit(ctx: MutationCtx, name: Name, options: { key: string }): Promise<RateLimitReturns>;
};

/** Takes one from the allowance `name` of `key`, or throws `refusal(how long to wait)` as a ConvexError. */
export async function takeAllowance<Name extends string>(
  limiter: Allowances<NoInfer<Name>>,
  ctx: MutationCtx,
  name: Name,
  key: string,
  refusal: (retryAfterMs: number) => string,
): Promise<void> {
  const status = await limiter.limit(ctx, name, { key });
  if (!status.ok) throw new ConvexError(refusal(status.retryAfter));
}

/** A wait in whole seconds, at least one, as refusals state it. */
export const waitInSeconds = (retryAfterMs: number) => Math.max(1, Math.ceil(retryAfterMs / SECOND));

/** A wait in whole minutes, at least one, as refusals state it. */
export const waitInMinutes = (retryAfterMs: number) => Math.max(1, Math.ceil(retryAfterMs / MINUTE));
