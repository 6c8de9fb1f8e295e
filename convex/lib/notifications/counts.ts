/**
 * The unread count: one row per person, changed by the same mutation that inserts an unread
 * notification or changes read state, so reading it is one document and it always equals the
 * unread rows (never a count of rows).
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";

export async function unreadCountOf(ctx: QueryCtx, userId: Id<"users">): Promise<number> {
  const row = await ctx.db
    .query("notificationCounts")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .first();
  return row?.unread ?? 0;
}

/** Moves a person's unread count by `delta` (never below 0); no write when delta is 0. */
export async function changeUnread(ctx: MutationCtx, userId: Id<"users">, delta: number): Promise<void> {
  if (delta === 0) return;
  const row = await ctx.db
    .query("notificationCounts")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .first();
  if (row === null) {
    if (delta > 0) await ctx.db.insert("notificationCounts", { userId, unread: delta });
    return;
  }
  await ctx.db.patch(row._id, { unread: Math.max(0, row.unread + delta) });
}
