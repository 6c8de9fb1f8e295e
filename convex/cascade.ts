/**
 * What belongs to a deleted book, post or chat room (comments, likes and view rows; a room's
 * messages) goes in batches: a popular item can have more rows than one mutation may write, so
 * `remove` deletes the first batch itself and this function carries on with the rest, a batch
 * per run, until none is left. deleteChatRoom and deleteChatMessage are the whole deletes, for
 * the owners' `remove` and for moderation alike.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { internalMutation, type MutationCtx } from "./_generated/server";
import { chatPresence } from "./lib/chats";
import { deleteStoredImage } from "./lib/images";

/** Rows deleted per mutation: far below Convex's per-transaction write limit. */
export const CASCADE_BATCH_SIZE = 500;

type Target =
  | { table: "books"; id: Id<"books"> }
  | { table: "posts"; id: Id<"posts"> }
  | { table: "chatRooms"; id: Id<"chatRooms"> };

const targetValidator = v.union(
  v.object({ table: v.literal("books"), id: v.id("books") }),
  v.object({ table: v.literal("posts"), id: v.id("posts") }),
  v.object({ table: v.literal("chatRooms"), id: v.id("chatRooms") }),
);

/**
 * Deletes a chat room: the first batch of its messages now and the rest by the scheduler, who
 * is in it (presence), and its cover when the room's creator uploaded it (a cover given as a
 * URL, or a file that is not theirs, is left alone). Clients in the room see chats.get turn null.
 */
export async function deleteChatRoom(ctx: MutationCtx, room: Doc<"chatRooms">): Promise<void> {
  await deleteDependents(ctx, { table: "chatRooms", id: room._id });
  await chatPresence.removeRoom(ctx, room._id);
  await deleteStoredImage(ctx, room.image, room.createdBy);
  await ctx.db.delete(room._id);
}

/** Deletes one chat message (a message owns nothing else). */
export async function deleteChatMessage(ctx: MutationCtx, message: Doc<"chatMessages">): Promise<void> {
  await ctx.db.delete(message._id);
}

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
  if (target.table === "chatRooms") {
    const messages = await ctx.db
      .query("chatMessages")
      .withIndex("by_roomId", (q) => q.eq("roomId", target.id))
      .take(limit);
    await Promise.all(messages.map((message) => ctx.db.delete(message._id)));
    return messages.length;
  }
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
