/** The failure counts behind lib/sign-in-backoff.ts, used by the password provider. */
import { ConvexError, v } from "convex/values";
import { internalMutation, type MutationCtx } from "./_generated/server";
import { tooManyAttemptsMessage } from "./lib/auth-messages";
import { afterFailure, backoffKeys, type BackoffScope, secondsToWait } from "./lib/sign-in-backoff";

const attempt = { email: v.string(), clientId: v.string() };

async function countOf(ctx: MutationCtx, key: string) {
  return await ctx.db
    .query("signInFailures")
    .withIndex("by_key", (q) => q.eq("key", key))
    .unique();
}

/** Refuses the attempt while either count asks to wait, saying how long. */
export const check = internalMutation({
  args: attempt,
  handler: async (ctx, { email, clientId }) => {
    const now = Date.now();
    const keys = backoffKeys(email, clientId);
    const wait = Math.max(
      secondsToWait(await countOf(ctx, keys.pair), now),
      secondsToWait(await countOf(ctx, keys.address), now),
    );
    if (wait > 0) throw new ConvexError(tooManyAttemptsMessage(wait));
  },
});

export const recordFailure = internalMutation({
  args: attempt,
  handler: async (ctx, { email, clientId }) => {
    const now = Date.now();
    const keys = backoffKeys(email, clientId);
    for (const scope of ["pair", "address"] as BackoffScope[]) {
      const key = keys[scope];
      const row = await countOf(ctx, key);
      const next = afterFailure(row, scope, now);
      if (row === null) await ctx.db.insert("signInFailures", { key, ...next });
      else await ctx.db.patch(row._id, next);
    }
  },
});

/** The right secret from this client: its count starts over (the address-wide one decays by itself). */
export const recordSuccess = internalMutation({
  args: attempt,
  handler: async (ctx, { email, clientId }) => {
    const row = await countOf(ctx, backoffKeys(email, clientId).pair);
    if (row !== null) await ctx.db.delete(row._id);
  },
});
