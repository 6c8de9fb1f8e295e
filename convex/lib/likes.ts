import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";

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
 * Toggles the caller's like and moves the target's `likes` counter in the same mutation,
 * so the counter always equals the number of like rows (Convex runs mutations serializably,
 * so concurrent toggles cannot lose an update). Returns whether the target is now liked.
 */
export async function toggleLike(
  ctx: MutationCtx,
  target: { _id: LikeTarget; likes: number },
  userId: Id<"users">,
): Promise<boolean> {
  const existing = await ctx.db
    .query("likes")
    .withIndex("by_targetId_and_userId", (q) => q.eq("targetId", target._id).eq("userId", userId))
    .unique();
  if (existing) {
    await ctx.db.delete(existing._id);
    await ctx.db.patch(target._id, { likes: Math.max(0, target.likes - 1) });
    return false;
  }
  await ctx.db.insert("likes", { targetId: target._id, userId });
  await ctx.db.patch(target._id, { likes: target.likes + 1 });
  return true;
}
