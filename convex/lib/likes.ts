import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { changeItemCount } from "./item-counts";

type LikeTarget = Id<"books"> | Id<"posts">;

/** Whether `userId` likes the target: one index lookup. */
export async function isLikedBy(ctx: QueryCtx, targetId: LikeTarget, userId: Id<"users">): Promise<boolean> {
  const like = await ctx.db
    .query("likes")
    .withIndex("by_targetId_and_userId", (q) => q.eq("targetId", targetId).eq("userId", userId))
    .unique();
  return like !== null;
}

/**
 * Toggles the caller's like and moves the target's like counter in the same mutation, so the
 * count always equals the number of like rows (Convex runs mutations serializably). The count
 * lives in the item's sharded counter (lib/item-counts.ts), not on the book or post document:
 * this reads and writes the caller's row and one counter shard only. Returns whether the target
 * is now liked.
 */
export async function toggleLike(ctx: MutationCtx, targetId: LikeTarget, userId: Id<"users">): Promise<boolean> {
  const existing = await ctx.db
    .query("likes")
    .withIndex("by_targetId_and_userId", (q) => q.eq("targetId", targetId).eq("userId", userId))
    .unique();
  if (existing) {
    await ctx.db.delete(existing._id);
    await changeItemCount(ctx, targetId, "likes", -1);
    return false;
  }
  await ctx.db.insert("likes", { targetId, userId });
  await changeItemCount(ctx, targetId, "likes", 1);
  return true;
}
