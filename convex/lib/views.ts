import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";

/** A viewer counts again only after this long, so reloads do not inflate `views`. */
export const VIEW_WINDOW_MS = 30 * 60 * 1000;

/**
 * Counts a view of the target by `userId` unless that user was counted within VIEW_WINDOW_MS.
 * Returns whether the counter moved.
 */
export async function recordView(
  ctx: MutationCtx,
  target: { _id: Id<"books"> | Id<"posts">; views: number },
  userId: Id<"users">,
  now = Date.now(),
): Promise<boolean> {
  const last = await ctx.db
    .query("views")
    .withIndex("by_targetId_and_userId", (q) => q.eq("targetId", target._id).eq("userId", userId))
    .unique();
  if (last && now - last.viewedAt < VIEW_WINDOW_MS) return false;
  if (last) await ctx.db.patch(last._id, { viewedAt: now });
  else await ctx.db.insert("views", { targetId: target._id, userId, viewedAt: now });
  await ctx.db.patch(target._id, { views: target.views + 1 });
  return true;
}
