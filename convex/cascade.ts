/**
 * What belongs to a deleted book or post (its comments, likes and view rows) goes in batches:
 * a popular item can have more rows than one mutation may write, so `remove` deletes the first
 * batch itself and this function carries on with the rest, a batch per run, until none is left.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalMutation, type MutationCtx } from "./_generated/server";

/** Rows deleted per mutation: far below Convex's per-transaction write limit. */
export const CASCADE_BATCH_SIZE = 500;

type Target = { table: "books"; id: Id<"books"> } | { table: "posts"; id: Id<"posts"> };

const targetValidator = v.union(
  v.object({ table: v.literal("books"), id: v.id("books") }),
  v.object({ table: v.literal("posts"), id: v.id("posts") }),
);

/**
 * Deletes up to one batch of the target's dependent rows, and schedules the next batch when
 * more remain. Call it from the mutation that deletes the target.
 */
export async function deleteDependents(ctx: MutationCtx, target: Target): Promise<void> {
  const deleted = await deleteBatch(ctx, target, CASCADE_BATCH_SIZE);
  // A full batch may have left rows behind; an empty next run costs three index lookups.
  if (deleted === CASCADE_BATCH_SIZE) {
    await ctx.scheduler.runAfter(0, internal.cascade.continueDeletingDependents, { target });
  }
}

export const continueDeletingDependents = internalMutation({
  args: { target: targetValidator },
  handler: async (ctx, { target }) => await deleteDependents(ctx, target),
});

/** Deletes at most `limit` rows: comments first, then likes, then views. Returns how many. */
async function deleteBatch(ctx: MutationCtx, target: Target, limit: number): Promise<number> {
  const comments =
    target.table === "books"
      ? await ctx.db
          .query("bookComments")
          .withIndex("by_bookId", (q) => q.eq("bookId", target.id))
          .take(limit)
      : await ctx.db
          .query("postComments")
          .withIndex("by_postId", (q) => q.eq("postId", target.id))
          .take(limit);
  const rows: { _id: Id<"bookComments"> | Id<"postComments"> | Id<"likes"> | Id<"views"> }[] = [...comments];
  for (const table of ["likes", "views"] as const) {
    if (rows.length >= limit) break;
    const more = await ctx.db
      .query(table)
      .withIndex("by_targetId_and_userId", (q) => q.eq("targetId", target.id))
      .take(limit - rows.length);
    rows.push(...more);
  }
  await Promise.all(rows.map((row) => ctx.db.delete(row._id)));
  return rows.length;
}
