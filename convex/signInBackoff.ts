/**
 * The failure counts behind lib/sign-in-backoff.ts, used by the password provider.
 *
 * An attempt is counted as a failure before its secret is checked (reserveAttempt) and given
 * back once it proves right, or proves to be no guess at all. Checking and counting in one
 * transaction means guesses sent at the same time cannot all pass the check before any of them
 * is counted: the fifth waits as it would one after another.
 */
import { ConvexError, v } from "convex/values";
import { internalMutation, type MutationCtx } from "./_generated/server";
import { tooManyAttemptsMessage } from "./shared/auth-messages";
import {
  afterFailure,
  backoffKeys,
  type BackoffScope,
  secondsToWait,
  TRUSTED_CLIENT_MS,
  trustKey,
  withoutLatestFailure,
} from "./lib/sign-in-backoff";

const attempt = { email: v.string(), clientId: v.string() };
const SCOPES: BackoffScope[] = ["pair", "address"];

async function countOf(ctx: MutationCtx, key: string) {
  return await ctx.db
    .query("signInFailures")
    .withIndex("by_key", (q) => q.eq("key", key))
    .unique();
}

async function trustOf(ctx: MutationCtx, key: string | null) {
  if (key === null) return null;
  return await ctx.db
    .query("trustedSignInClients")
    .withIndex("by_key", (q) => q.eq("key", key))
    .unique();
}

/**
 * Refuses the attempt while a count asks to wait, saying how long; otherwise counts it as a
 * failure. A browser that signed in to the address before waits only for its own failures.
 */
export const reserveAttempt = internalMutation({
  args: attempt,
  handler: async (ctx, { email, clientId }) => {
    const now = Date.now();
    const keys = backoffKeys(email, clientId);
    const rows = { pair: await countOf(ctx, keys.pair), address: await countOf(ctx, keys.address) };
    const trusted = ((await trustOf(ctx, trustKey(email, clientId)))?.trustedUntil ?? 0) > now;
    const wait = Math.max(secondsToWait(rows.pair, now), trusted ? 0 : secondsToWait(rows.address, now));
    if (wait > 0) throw new ConvexError(tooManyAttemptsMessage(wait));
    for (const scope of SCOPES) {
      const row = rows[scope];
      const next = afterFailure(row, scope, now);
      if (row === null) await ctx.db.insert("signInFailures", { key: keys[scope], ...next });
      else await ctx.db.patch(row._id, next);
    }
  },
});

/** The attempt was no guess (nothing to check yet): both counts get it back. */
export const releaseAttempt = internalMutation({
  args: attempt,
  handler: async (ctx, { email, clientId }) => {
    const keys = backoffKeys(email, clientId);
    for (const scope of SCOPES) await giveBack(ctx, keys[scope], scope);
  },
});

/**
 * The right secret from this client: its count starts over, the address-wide count gets this
 * attempt back (it decays by itself, so other clients' failures stay counted), and the client
 * is trusted for the address (TRUSTED_CLIENT_MS from now).
 */
export const recordSuccess = internalMutation({
  args: attempt,
  handler: async (ctx, { email, clientId }) => {
    const keys = backoffKeys(email, clientId);
    const pair = await countOf(ctx, keys.pair);
    if (pair !== null) await ctx.db.delete(pair._id);
    await giveBack(ctx, keys.address, "address");
    const key = trustKey(email, clientId);
    if (key === null) return;
    const trustedUntil = Date.now() + TRUSTED_CLIENT_MS;
    const trust = await trustOf(ctx, key);
    if (trust === null) await ctx.db.insert("trustedSignInClients", { key, trustedUntil });
    else await ctx.db.patch(trust._id, { trustedUntil });
  },
});

async function giveBack(ctx: MutationCtx, key: string, scope: BackoffScope): Promise<void> {
  const row = await countOf(ctx, key);
  if (row === null) return;
  const { _id, failures, lastFailureAt, retryAfter } = row;
  const next = withoutLatestFailure({ failures, lastFailureAt, retryAfter }, scope);
  if (next === null) await ctx.db.delete(_id);
  else await ctx.db.patch(_id, next);
}
