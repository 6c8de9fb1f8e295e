/**
 * What happens at once when a person deletes their account, in one mutation: from its commit
 * they cannot sign in (no auth account, no session, no refresh token, no code), they are in no
 * list (their profile is gone; lists read profiles), they hold no role, and the background
 * batches (batches.ts) are scheduled. Everything here is a handful of rows per person (sessions
 * and accounts are few), so it fits one transaction whatever they wrote.
 */
import { ConvexError } from "convex/values";
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { incrementCounter } from "../counters";
import { profileOf } from "../profile-lookup";
import { FIRST_STAGE } from "./stages";

export const ALREADY_DELETING = "Your account is already being deleted.";
export const ACCOUNT_NOT_FOUND = "This account no longer exists.";

/** The person's deletion in progress, if any (one index read). */
export async function deletionOf(ctx: QueryCtx, userId: Id<"users">) {
  return await ctx.db
    .query("accountDeletions")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .first();
}

/**
 * Marks the account deleted and takes away everything that lets the person in or shows them.
 * A second start (two tabs confirming at once) finds the first one's row and is refused: the
 * two mutations both read the by_userId range, so Convex runs them one after the other.
 */
export async function beginAccountDeletion(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  if ((await deletionOf(ctx, userId)) !== null) throw new ConvexError(ALREADY_DELETING);
  if ((await ctx.db.get(userId)) === null) throw new ConvexError(ACCOUNT_NOT_FOUND);
  await removeSignIns(ctx, userId);
  await removeProfile(ctx, userId);
  await removeRoles(ctx, userId);
  const now = Date.now();
  const deletionId = await ctx.db.insert("accountDeletions", {
    userId,
    stage: FIRST_STAGE,
    startedAt: now,
    updatedAt: now,
  });
  await ctx.scheduler.runAfter(0, internal.accountDeletion.nextBatch, { deletionId });
}

/**
 * Deletes the person's auth accounts (password, Google) with their codes and Convex Auth's
 * failure counts, and every session with its refresh tokens, as Convex Auth's own sign-out
 * does. Open tabs lose their session at once (their next query finds none).
 */
export async function removeSignIns(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const accounts = await ctx.db
    .query("authAccounts")
    .withIndex("userIdAndProvider", (q) => q.eq("userId", userId))
    .collect();
  for (const account of accounts) {
    const codes = await ctx.db
      .query("authVerificationCodes")
      .withIndex("accountId", (q) => q.eq("accountId", account._id))
      .collect();
    for (const code of codes) await ctx.db.delete(code._id);
    const limits = await ctx.db
      .query("authRateLimits")
      .withIndex("identifier", (q) => q.eq("identifier", account._id))
      .collect();
    for (const limit of limits) await ctx.db.delete(limit._id);
    await ctx.db.delete(account._id);
  }
  const sessions = await ctx.db
    .query("authSessions")
    .withIndex("userId", (q) => q.eq("userId", userId))
    .collect();
  for (const session of sessions) {
    const tokens = await ctx.db
      .query("authRefreshTokens")
      .withIndex("sessionId", (q) => q.eq("sessionId", session._id))
      .collect();
    for (const token of tokens) await ctx.db.delete(token._id);
    await ctx.db.delete(session._id);
  }
}

/** The profile goes, and with it the person from /friends, search and its page count. */
export async function removeProfile(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const profile = await profileOf(ctx, userId);
  if (profile === null) return;
  await ctx.db.delete(profile._id);
  await incrementCounter(ctx, "profiles", -1);
}

/** A moderator's or admin's role ends with their account. */
async function removeRoles(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const roles = await ctx.db
    .query("roles")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .collect();
  for (const role of roles) await ctx.db.delete(role._id);
}
