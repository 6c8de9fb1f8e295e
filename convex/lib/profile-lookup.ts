import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";

/**
 * A user's profile (userInfo) or null: one index lookup. One profile per user, made once they
 * are verified (createProfileOnceVerified), so first() reads one row where unique() would read
 * two; every list that shows a creator asks.
 */
export async function profileOf(ctx: QueryCtx, userId: Id<"users">): Promise<Doc<"profiles"> | null> {
  return await ctx.db
    .query("profiles")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .first();
}

/**
 * The profile of someone others may befriend or message: a user who exists, has verified their
 * address and so has a profile. Null for anyone else (no such user, deleted, never verified), so
 * an account made by a sign-up nobody confirmed cannot be reached (PRODUCT D2).
 */
export async function reachableProfileOf(ctx: QueryCtx, userId: Id<"users">): Promise<Doc<"profiles"> | null> {
  const user = await ctx.db.get(userId);
  if (user === null || !user.emailVerificationTime) return null;
  return await profileOf(ctx, userId);
}

/** Whether `userId` has `friendId` in their friends list: one index lookup. */
export async function hasAdded(ctx: QueryCtx, userId: Id<"users">, friendId: Id<"users">): Promise<boolean> {
  const row = await ctx.db
    .query("friends")
    .withIndex("by_userId_and_friendId", (q) => q.eq("userId", userId).eq("friendId", friendId))
    .unique();
  return row !== null;
}

/**
 * How the caller stands with another person: whether the caller added them (`isFriend`) and
 * whether it goes both ways (`friendsWithYou`, seed: adding is one-way, like following).
 */
export async function friendship(ctx: QueryCtx, callerId: Id<"users">, otherId: Id<"users">) {
  if (callerId === otherId) return { isFriend: false, friendsWithYou: false };
  const [isFriend, addedCaller] = await Promise.all([
    hasAdded(ctx, callerId, otherId),
    hasAdded(ctx, otherId, callerId),
  ]);
  return { isFriend, friendsWithYou: isFriend && addedCaller };
}
