import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { writtenAhead } from "./clock";
import { changeItemCount } from "./item-counts";

/** A viewer counts again only after this long, so reloads do not inflate `views`. */
export const VIEW_WINDOW_MS = 30 * 60 * 1000;

/**
 * Counts a view of the target by `userId` unless that user was counted within VIEW_WINDOW_MS.
 * Returns whether the count moved. Reads and writes only this viewer's row and one shard of the
 * item's view counter (lib/item-counts.ts), never the book or post document, so a view re-runs
 * no list showing the item and concurrent viewers do not conflict on it.
 */
export async function recordView(
  ctx: MutationCtx,
  targetId: Id<"books"> | Id<"posts">,
  userId: Id<"users">,
  now = Date.now(),
): Promise<boolean> {
  const last = await ctx.db
    .query("views")
    .withIndex("by_targetId_and_userId", (q) => q.eq("targetId", targetId).eq("userId", userId))
    .unique();
  if (last && writtenAhead(last.viewedAt, now)) {
    // Seen "in the future" (the clock ran ahead: lib/clock.ts): counts as seen now, and says so,
    // or this viewer would not count again until the clock caught up.
    await ctx.db.patch(last._id, { viewedAt: now });
    return false;
  }
  if (last && now - last.viewedAt < VIEW_WINDOW_MS) return false;
  if (last) await ctx.db.patch(last._id, { viewedAt: now });
  else await ctx.db.insert("views", { targetId, userId, viewedAt: now });
  await changeItemCount(ctx, targetId, "views", 1);
  return true;
}
