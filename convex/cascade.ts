/**
 * What belongs to a deleted book, post or chat room (comments, likes and view rows; a room's
 * messages) goes in batches: a popular item can have more rows than one mutation may write, so
 * `remove` deletes the first batch itself and this function carries on with the rest, a batch
 * per run, until none is left. deleteBook, deletePost, deleteBookComment, deletePostComment,
 * deleteMessage, deleteChatRoom and deleteChatMessage are the whole deletes, for the owners'
 * `remove` and for moderation alike; each also clears the open reports of what it deletes.
 * One mutation deletes at most one batch: a book, post or room takes its queue row out at once
 * but leaves its reports to a scheduled run (clearReportsLater), since it already deletes a
 * batch of its own dependents; a comment or message, which has none, deletes its reports' first
 * batch itself (deleteReportsOf).
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { internalMutation, type MutationCtx } from "./_generated/server";
import { chatPresence } from "./lib/chats";
import { hasOpened, memberRow, newestMessage } from "./lib/conversations";
import { incrementCounter } from "./lib/counters";
import { deleteStoredImage } from "./lib/images";
import { changeItemCount, clearItemCounts } from "./lib/item-counts";
import { deleteMentionRefs, withinWrites } from "./lib/mentions";
import { deleteReactionsLater, deleteReactionsOf } from "./lib/reactions";
import { deleteMessagePicture, messagePreview } from "./lib/message-pictures";
import { reportedItemOf } from "./lib/moderation/reported-items";
import { recordNotification } from "./lib/notifications/record";
import { reportOutcomeValidator } from "./lib/notifications/validators";
import { removeNotificationsAbout } from "./lib/notifications/remove";
import type { ReportTargetKind } from "./shared/moderation-validators";
import { categoryCounter } from "./lib/post-feed";

/** Rows deleted per mutation: far below Convex's per-transaction write limit. */
export const CASCADE_BATCH_SIZE = 500;

type Target =
  | { table: "books"; id: Id<"books"> }
  | { table: "posts"; id: Id<"posts"> }
  | { table: "chatRooms"; id: Id<"chatRooms"> }
  | { table: "reportedItems"; id: Id<"reportedItems"> };

const targetValidator = v.union(
  v.object({ table: v.literal("books"), id: v.id("books") }),
  v.object({ table: v.literal("posts"), id: v.id("posts") }),
  v.object({ table: v.literal("chatRooms"), id: v.id("chatRooms") }),
  v.object({ table: v.literal("reportedItems"), id: v.id("reportedItems") }),
);

/** Deletes a book with its comments, likes, views, their counters, stored cover and open reports. */
export async function deleteBook(ctx: MutationCtx, book: Doc<"books">): Promise<void> {
  await deleteDependents(ctx, { table: "books", id: book._id });
  await clearItemCounts(ctx, book._id);
  await deleteStoredImage(ctx, book.image, book.userId);
  await ctx.db.delete(book._id);
  await removeNotificationsAbout(ctx, "targetId", book._id);
  await incrementCounter(ctx, "books", -1);
  // Its reports in a run of their own: this mutation already deletes one batch of dependents.
  await clearReportsLater(ctx, "book", book._id);
}

/** Deletes a post with its comments, likes, views, their counters, stored image and open reports; the feed's counts follow. */
export async function deletePost(ctx: MutationCtx, post: Doc<"posts">): Promise<void> {
  await deleteDependents(ctx, { table: "posts", id: post._id });
  await clearItemCounts(ctx, post._id);
  await deleteStoredImage(ctx, post.image, post.userId);
  await ctx.db.delete(post._id);
  await removeNotificationsAbout(ctx, "targetId", post._id);
  await incrementCounter(ctx, "posts", -1);
  await incrementCounter(ctx, categoryCounter(post.category), -1);
  // Its reports in a run of their own: this mutation already deletes one batch of dependents.
  await clearReportsLater(ctx, "post", post._id);
}

/**
 * Deletes a book comment; the book's comment counter moves with it (not the book document, see
 * lib/item-counts.ts). A book already gone has no counter left to move.
 */
export async function deleteBookComment(ctx: MutationCtx, comment: Doc<"bookComments">): Promise<void> {
  await ctx.db.delete(comment._id);
  await deleteMentionRefs(ctx, comment);
  await removeNotificationsAbout(ctx, "sourceId", comment._id);
  const book = await ctx.db.get(comment.bookId);
  if (book) await changeItemCount(ctx, book._id, "comments", -1);
  await deleteReportsOf(ctx, "bookComment", comment._id);
}

/**
 * Deletes a post comment; the post's comment counter moves with it (not the post document, see
 * lib/item-counts.ts). A post already gone has no counter left to move.
 */
export async function deletePostComment(ctx: MutationCtx, comment: Doc<"postComments">): Promise<void> {
  await ctx.db.delete(comment._id);
  await deleteMentionRefs(ctx, comment);
  await removeNotificationsAbout(ctx, "sourceId", comment._id);
  const post = await ctx.db.get(comment.postId);
  if (post) await changeItemCount(ctx, post._id, "comments", -1);
  await deleteReportsOf(ctx, "postComment", comment._id);
}

/**
 * Deletes a private message. If the recipient had not read it yet it stops counting as unread.
 * If it was the newest, the list follows the one before: the preview, its sender and the time
 * (on the conversation and on both members' rows, so its place in each list too). With none
 * left, the conversation is back to one that was only opened: no preview, its own creation time,
 * nothing unread, and it stays only in the lists of those who opened it (hasOpened). Reads the
 * conversation, its newest remaining message and the two member rows, however long the history.
 */
export async function deleteMessage(ctx: MutationCtx, message: Doc<"messages">): Promise<void> {
  await ctx.db.delete(message._id);
  await deleteReactionsOf(ctx, [message._id]);
  await deleteMessagePicture(ctx, message);
  await deleteReportsOf(ctx, "message", message._id);
  const conversation = await ctx.db.get(message.conversationId);
  if (conversation === null) return;
  const newest = await newestMessage(ctx, conversation._id);
  const wasNewest = newest === null || newest._creationTime < message._creationTime;
  if (wasNewest) {
    await ctx.db.patch(conversation._id, {
      lastMessageAt: newest?._creationTime ?? conversation._creationTime,
      lastMessageText: newest === null ? undefined : messagePreview(newest),
      lastMessageSenderId: newest?.senderId,
    });
  }
  for (const userId of conversation.participants) {
    const member = await memberRow(ctx, conversation._id, userId);
    if (member === null) continue;
    const unreadCount = unreadAfterDeleting(member, message, newest !== null);
    const lastMessageAt = !wasNewest ? member.lastMessageAt : (newest?._creationTime ?? openedAt(conversation, member));
    if (unreadCount !== member.unreadCount || lastMessageAt !== member.lastMessageAt) {
      await ctx.db.patch(member._id, { unreadCount, lastMessageAt });
    }
  }
}

/** A member's unread count once `message` is gone: one less if it was unread to them, 0 with none left. */
function unreadAfterDeleting(member: Doc<"conversationMembers">, message: Doc<"messages">, messagesLeft: boolean) {
  if (!messagesLeft) return 0;
  const wasUnread = member.userId !== message.senderId && message._creationTime > member.readUpTo;
  return wasUnread && member.unreadCount > 0 ? member.unreadCount - 1 : member.unreadCount;
}

/** A conversation without messages sorts at its start for those who opened it, and is out of the others' lists (0). */
function openedAt(conversation: Doc<"conversations">, member: Doc<"conversationMembers">): number {
  return hasOpened(conversation, member) ? conversation._creationTime : 0;
}

/**
 * Clears the open reports of something (it was deleted, removed or the reports dismissed):
 * the queue's row goes now, its reports in batches like any other dependents. Returns how many
 * reports there were.
 */
export async function deleteReportsOf(ctx: MutationCtx, kind: ReportTargetKind, id: string): Promise<number> {
  const item = await reportedItemOf(ctx, kind, id);
  if (item === null) return 0;
  await deleteDependents(ctx, { table: "reportedItems", id: item._id });
  await ctx.db.delete(item._id);
  return item.reportCount;
}

/** Reporters told per mutation when a moderator's decision closes reports: each is an event and a scheduled fold. */
export const REPORT_NOTICE_BATCH_SIZE = 100;

/**
 * Closes an item's open reports because a moderator decided (removed it, or dismissed them):
 * the queue's row goes now, and each report goes with a "your report was handled" notice to its
 * reporter, which names nobody, a batch per scheduled run.
 */
export async function closeReportsWithNotice(
  ctx: MutationCtx,
  kind: ReportTargetKind,
  id: string,
  outcome: "removed" | "noAction",
): Promise<void> {
  const item = await reportedItemOf(ctx, kind, id);
  if (item === null) return;
  await ctx.db.delete(item._id);
  if (outcome === "noAction") {
    await noticeReporters(ctx, item._id, outcome);
    return;
  }
  // In a run of their own, as clearReportsLater: a removal already deletes a batch of dependents.
  await ctx.scheduler.runAfter(0, internal.cascade.continueNoticingReporters, { itemId: item._id, outcome });
}

async function noticeReporters(
  ctx: MutationCtx,
  itemId: Id<"reportedItems">,
  outcome: "removed" | "noAction",
): Promise<void> {
  const reports = await ctx.db
    .query("reports")
    .withIndex("by_itemId_and_reporterId", (q) => q.eq("itemId", itemId))
    .take(REPORT_NOTICE_BATCH_SIZE);
  for (const report of reports) {
    await ctx.db.delete(report._id);
    await recordNotification(ctx, { kind: "reportHandled", recipientId: report.reporterId, outcome });
  }
  if (reports.length === REPORT_NOTICE_BATCH_SIZE) {
    await ctx.scheduler.runAfter(0, internal.cascade.continueNoticingReporters, { itemId, outcome });
  }
}

export const continueNoticingReporters = internalMutation({
  args: { itemId: v.id("reportedItems"), outcome: reportOutcomeValidator },
  handler: async (ctx, { itemId, outcome }) => await noticeReporters(ctx, itemId, outcome),
});

/** People's presence rows removed per mutation when a room goes (each also has its sessions). */
export const PRESENCE_BATCH_SIZE = 100;

/**
 * Deletes a chat room: the first batch of its messages (then typing signals) and of who has
 * been in it (presence) now, the rest by the scheduler, and its cover when the room's creator
 * uploaded it (a cover given as a URL, or a file that is not theirs, is left alone). Clients in
 * the room see chats.get turn null; heartbeats for it add nobody back (chatPresence.heartbeat).
 */
export async function deleteChatRoom(ctx: MutationCtx, room: Doc<"chatRooms">): Promise<void> {
  await deleteDependents(ctx, { table: "chatRooms", id: room._id });
  await removeRoomPresence(ctx, room._id);
  await deleteStoredImage(ctx, room.image, room.createdBy);
  await ctx.db.delete(room._id);
  await removeNotificationsAbout(ctx, "targetId", room._id);
  // Its reports in a run of their own: this mutation already deletes one batch of dependents.
  await clearReportsLater(ctx, "chatRoom", room._id);
}

/**
 * Removes up to a batch of the people the presence component keeps for a room (everyone who
 * was ever in it, online or not), and schedules the next batch while more remain; the last run
 * removes the room's own rows. The component's removeRoom reads them all at once, which a room
 * visited by some ten thousand people over its life would take past a mutation's read limit.
 */
async function removeRoomPresence(ctx: MutationCtx, roomId: Id<"chatRooms">): Promise<void> {
  const people = await chatPresence.listRoom(ctx, roomId, false, PRESENCE_BATCH_SIZE);
  if (people.length < PRESENCE_BATCH_SIZE) {
    await chatPresence.removeRoom(ctx, roomId);
    return;
  }
  for (const { userId } of people) await chatPresence.removeRoomUser(ctx, roomId, userId as Id<"users">);
  await ctx.scheduler.runAfter(0, internal.cascade.continueRemovingRoomPresence, { roomId });
}

export const continueRemovingRoomPresence = internalMutation({
  args: { roomId: v.id("chatRooms") },
  handler: async (ctx, { roomId }) => await removeRoomPresence(ctx, roomId),
});

/**
 * Deletes one chat message with its picture's file (a message owns nothing else but its open reports). When it was
 * the room's newest, the room's "last message" time goes back to the one before, or away.
 */
export async function deleteChatMessage(ctx: MutationCtx, message: Doc<"chatMessages">): Promise<void> {
  await ctx.db.delete(message._id);
  await deleteReactionsOf(ctx, [message._id]);
  await deleteMessagePicture(ctx, message);
  await deleteMentionRefs(ctx, message);
  await deleteReportsOf(ctx, "chatMessage", message._id);
  await removeNotificationsAbout(ctx, "sourceId", message._id);
  const room = await ctx.db.get(message.roomId);
  if (room?.lastMessageAt === undefined) return;
  const newest = await ctx.db
    .query("chatMessages")
    .withIndex("by_roomId", (q) => q.eq("roomId", room._id))
    .order("desc")
    .first();
  // lastMessageAt moves at most once a minute, so it may be older than the newest message: only
  // a time later than every message left is wrong.
  if (newest === null) await ctx.db.patch(room._id, { lastMessageAt: undefined });
  else if (room.lastMessageAt > newest._creationTime)
    await ctx.db.patch(room._id, { lastMessageAt: newest._creationTime });
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

/**
 * Deletes at most `limit` rows: comments first, then likes, then views; a room's messages, then
 * typing signals, then read marks. A message or comment counts with its mentionRefs rows (lib/mentions.ts,
 * withinWrites): 500 comments of 10 mentions each would be 5,500 writes, so fewer of them go.
 * Returns how many rows went, `limit` when the batch is full (more may be left).
 */
async function deleteBatch(ctx: MutationCtx, target: Target, limit: number): Promise<number> {
  if (target.table === "reportedItems") {
    const reports = await ctx.db
      .query("reports")
      .withIndex("by_itemId_and_reporterId", (q) => q.eq("itemId", target.id))
      .take(limit);
    await Promise.all(reports.map((report) => ctx.db.delete(report._id)));
    return reports.length;
  }
  if (target.table === "chatRooms") {
    const taken = await ctx.db
      .query("chatMessages")
      .withIndex("by_roomId", (q) => q.eq("roomId", target.id))
      .take(limit);
    const { fitting: messages, writes } = withinWrites(taken, limit);
    await Promise.all(messages.map((message) => ctx.db.delete(message._id)));
    for (const message of messages) await deleteMentionRefs(ctx, message);
    // Pictures add at most 2 writes a message (lib/message-pictures.ts): ≤ 1,000 more a batch, far below the limit.
    for (const message of messages) await deleteMessagePicture(ctx, message);
    for (const message of messages) await clearReportsLater(ctx, "chatMessage", message._id);
    // Their reactions in a run of their own (lib/reactions.ts): a message may have hundreds.
    await deleteReactionsLater(ctx, messages);
    // Messages left over for the budget: the batch is full.
    if (messages.length < taken.length || writes >= limit) return limit;
    const typing = await ctx.db
      .query("chatTyping")
      .withIndex("by_roomId_and_userId", (q) => q.eq("roomId", target.id))
      .take(limit - writes);
    await Promise.all(typing.map((signal) => ctx.db.delete(signal._id)));
    if (writes + typing.length >= limit) return limit;
    // Then how far each person had read it (lib/room-reads.ts): one row per reader.
    const reads = await ctx.db
      .query("chatRoomReads")
      .withIndex("by_roomId", (q) => q.eq("roomId", target.id))
      .take(limit - writes - typing.length);
    await Promise.all(reads.map((row) => ctx.db.delete(row._id)));
    return writes + typing.length + reads.length;
  }
  const taken: (Doc<"bookComments"> | Doc<"postComments">)[] =
    target.table === "books"
      ? await ctx.db
          .query("bookComments")
          .withIndex("by_bookId", (q) => q.eq("bookId", target.id))
          .take(limit)
      : await ctx.db
          .query("postComments")
          .withIndex("by_postId", (q) => q.eq("postId", target.id))
          .take(limit);
  const { fitting: comments, writes } = withinWrites(taken, limit);
  const rows: { _id: Id<"bookComments"> | Id<"postComments"> | Id<"likes"> | Id<"views"> }[] = [...comments];
  // Comments left over for the budget: the batch is full, the likes and views wait for the next.
  let room = comments.length < taken.length ? 0 : limit - writes;
  for (const table of ["likes", "views"] as const) {
    if (room <= 0) break;
    const more = await ctx.db
      .query(table)
      .withIndex("by_targetId_and_userId", (q) => q.eq("targetId", target.id))
      .take(room);
    rows.push(...more);
    room -= more.length;
  }
  await Promise.all(rows.map((row) => ctx.db.delete(row._id)));
  for (const comment of comments) await deleteMentionRefs(ctx, comment);
  const commentKind = target.table === "books" ? "bookComment" : "postComment";
  for (const comment of comments) await clearReportsLater(ctx, commentKind, comment._id);
  return limit - room;
}

/**
 * Takes deleted content out of the moderators' queue now, and leaves its reports to a run of
 * their own: for a dependent (a batch of 500 comments, each with many reports, would not fit one
 * mutation) and for a book, post or room, whose delete already spends its mutation on a batch of
 * its dependents. Until that run the orphaned reports are read by nobody: every reader goes
 * through the queue row.
 */
export async function clearReportsLater(ctx: MutationCtx, kind: ReportTargetKind, id: string): Promise<void> {
  const item = await reportedItemOf(ctx, kind, id);
  if (item === null) return;
  await ctx.db.delete(item._id);
  await ctx.scheduler.runAfter(0, internal.cascade.continueDeletingDependents, {
    target: { table: "reportedItems", id: item._id },
  });
}
