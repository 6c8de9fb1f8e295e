/**
 * One bounded batch of a deleted account's data, per stage (stages.ts). Each batch finds what is
 * left through the person's own indexes, so a batch that failed, or one run twice, carries on
 * from what remains; only the moderation log, whose rows stay, is paged with a cursor. Deletes
 * go through the owners' own deletes (cascade.ts), so every count they were part of follows.
 *
 * Sizes, as content-removal.ts reasons: a comment, like or message is a handful of reads and
 * writes (its parent's counter, its reports; a private message its conversation and two member
 * rows), so LIGHT_BATCH of them stay near 1,000 documents; a post, book or room deletes up to
 * 500 dependents in the same mutation, so HEAVY_BATCH of them stay near 4,000; plain rows with
 * nothing hanging on them go ROW_BATCH at a time.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import {
  deleteBook,
  deleteBookComment,
  deleteChatMessage,
  deleteChatRoom,
  deleteMessage,
  deletePost,
  deletePostComment,
  deleteReportsOf,
} from "../../cascade";
import { changeFriendCount } from "../../friends";
import { chatPresence } from "../presence-component";
import { chatLimits } from "../chat-limits";
import { memberRow, newestMessage } from "../conversations";
import { changeItemCount } from "../item-counts";
import { requestOnlineRefresh } from "../presence-online";
import { LIGHT_BATCH, HEAVY_BATCH } from "../moderation/content-removal";
import type { AccountDeletionStage } from "./stages";
import { finishBatch } from "./finish";
import { removeActorTraces, removeOwnNotifications } from "../notifications/remove";
import { eraseMentionsOf } from "../mentions";
import { deleteReactionsBy } from "../reactions";

export const ROW_BATCH = 200;
export { LIGHT_BATCH, HEAVY_BATCH };

/** What a batch did: how many rows it handled (0 = the stage is done), and where a paged stage got to. */
export type BatchResult = { done: number; cursor?: string };

/** Runs one batch of `stage` for the person; `cursor` is the stage's page position, if it pages. */
export async function runStageBatch(
  ctx: MutationCtx,
  stage: AccountDeletionStage,
  userId: Id<"users">,
  cursor: string | undefined,
): Promise<BatchResult> {
  switch (stage) {
    case "comments":
      return { done: await deleteComments(ctx, userId) };
    case "likes":
      return { done: await deleteLikes(ctx, userId) };
    case "reactions":
      return { done: await deleteReactions(ctx, userId) };
    case "views":
      return { done: await deleteRows(ctx, await viewsOf(ctx, userId)) };
    case "privateMessages":
      return { done: await deletePrivateMessages(ctx, userId) };
    case "chatMessages":
      return { done: await deleteChatMessages(ctx, userId) };
    case "presence":
      return { done: await deletePresence(ctx, userId) };
    case "posts":
      return { done: await deletePosts(ctx, userId) };
    case "books":
      return { done: await deleteBooks(ctx, userId) };
    case "chatRooms":
      return { done: await deleteRooms(ctx, userId) };
    case "mentions":
      // Others' messages and comments keep their text; only the spans naming them go.
      return { done: await eraseMentionsOf(ctx, userId, LIGHT_BATCH) };
    case "friends":
      return { done: await deleteFriends(ctx, userId) };
    case "reports":
      return { done: await deleteReportsFiled(ctx, userId) };
    case "duma":
      return { done: await deleteDuma(ctx, userId) };
    case "exports":
      return { done: await deleteExports(ctx, userId) };
    case "uploads":
      return { done: await deleteUploads(ctx, userId) };
    case "conversations":
      return { done: await leaveConversations(ctx, userId) };
    case "moderation":
      return { done: await clearModerationRecords(ctx, userId) };
    case "moderationLog":
      return await clearLogSummaries(ctx, userId, cursor);
    case "notifications":
      return { done: await deleteNotifications(ctx, userId) };
    case "finish":
      return { done: await finishBatch(ctx, userId) };
  }
}

async function deleteRows(ctx: MutationCtx, rows: { _id: Id<"views"> }[]): Promise<number> {
  for (const row of rows) await ctx.db.delete(row._id);
  return rows.length;
}

async function viewsOf(ctx: MutationCtx, userId: Id<"users">) {
  return await ctx.db
    .query("views")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .take(ROW_BATCH);
}

/** Their comments on books and posts (anyone's): the items' comment counters follow. */
async function deleteComments(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const bookComments = await ctx.db
    .query("bookComments")
    .withIndex("by_authorId", (q) => q.eq("authorId", userId))
    .take(LIGHT_BATCH);
  for (const comment of bookComments) await deleteBookComment(ctx, comment);
  if (bookComments.length > 0) return bookComments.length;
  const postComments = await ctx.db
    .query("postComments")
    .withIndex("by_authorId", (q) => q.eq("authorId", userId))
    .take(LIGHT_BATCH);
  for (const comment of postComments) await deletePostComment(ctx, comment);
  return postComments.length;
}

/** The likes they gave: each liked item's like counter goes down with its row. */
async function deleteLikes(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const likes = await ctx.db
    .query("likes")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .take(LIGHT_BATCH);
  for (const like of likes) {
    await ctx.db.delete(like._id);
    // An item already gone took its counters with it.
    if ((await ctx.db.get(like.targetId)) !== null) await changeItemCount(ctx, like.targetId, "likes", -1);
  }
  return likes.length;
}

/**
 * The reactions they gave (issue 32), each message's count going down with its row; then their
 * reaction allowance, keyed by their id (lib/chat-limits.ts), once none are left.
 */
async function deleteReactions(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const done = await deleteReactionsBy(ctx, userId, LIGHT_BATCH);
  if (done === 0) await chatLimits.reset(ctx, "reaction", { key: userId });
  return done;
}

/**
 * Their private messages, each as its sender's delete: the other person's unread count and
 * list follow, and the conversation keeps the other person's own messages.
 */
async function deletePrivateMessages(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const messages = await ctx.db
    .query("messages")
    .withIndex("by_senderId", (q) => q.eq("senderId", userId))
    .take(LIGHT_BATCH);
  for (const message of messages) await deleteMessage(ctx, message);
  return messages.length;
}

/** Their chat messages in any room; the flood allowance they had in each room goes too. */
async function deleteChatMessages(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const messages = await ctx.db
    .query("chatMessages")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .take(LIGHT_BATCH);
  for (const message of messages) await deleteChatMessage(ctx, message);
  for (const roomId of new Set(messages.map((message) => message.roomId))) await resetRoomLimits(ctx, userId, roomId);
  return messages.length;
}

/** The per-room allowances are keyed by person and room (lib/chat-limits.ts). */
async function resetRoomLimits(ctx: MutationCtx, userId: Id<"users">, roomId: Id<"chatRooms">): Promise<void> {
  await chatLimits.reset(ctx, "chatMessage", { key: `${userId}:${roomId}` });
  await chatLimits.reset(ctx, "chatTyping", { key: `${userId}:${roomId}` });
}

/**
 * Who-is-in-which-room (the presence component keeps every room a person was ever in), typing
 * signals and how far they read each room. A room they were online in re-counts its online people.
 */
async function deletePresence(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const typing = await ctx.db
    .query("chatTyping")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .take(ROW_BATCH);
  for (const signal of typing) await ctx.db.delete(signal._id);
  if (typing.length > 0) return typing.length;
  const readState = await deleteReadState(ctx, userId);
  if (readState > 0) return readState;
  const rooms = await chatPresence.listUser(ctx, userId, false, LIGHT_BATCH);
  for (const { roomId, online } of rooms) {
    await chatPresence.removeRoomUser(ctx, roomId, userId);
    await resetRoomLimits(ctx, userId, roomId);
    if (online) await requestOnlineRefresh(ctx, roomId);
  }
  return rooms.length;
}

/** Their typing signals in private conversations and their read marks in rooms (issue 32). */
async function deleteReadState(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const typing = await ctx.db
    .query("conversationTyping")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .take(ROW_BATCH);
  for (const signal of typing) await ctx.db.delete(signal._id);
  const reads = await ctx.db
    .query("chatRoomReads")
    .withIndex("by_userId_and_roomId", (q) => q.eq("userId", userId))
    .take(ROW_BATCH);
  for (const row of reads) await ctx.db.delete(row._id);
  return typing.length + reads.length;
}

/** Their posts, each with everything hanging on it (cascade.ts); the feed's counts follow. */
async function deletePosts(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const posts = await ctx.db
    .query("posts")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .take(HEAVY_BATCH);
  for (const post of posts) await deletePost(ctx, post);
  return posts.length;
}

/** Their books, each with everything hanging on it (cascade.ts). */
async function deleteBooks(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const books = await ctx.db
    .query("books")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .take(HEAVY_BATCH);
  for (const book of books) await deleteBook(ctx, book);
  return books.length;
}

/** The chat rooms they created, as the creator's own delete does (messages, presence, cover). */
async function deleteRooms(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const rooms = await ctx.db
    .query("chatRooms")
    .withIndex("by_createdBy", (q) => q.eq("createdBy", userId))
    .take(HEAVY_BATCH);
  for (const room of rooms) await deleteChatRoom(ctx, room);
  return rooms.length;
}

/**
 * Friends rows both ways. Their own list needs no count (their profile, which held it, is gone);
 * each person who had added them counts one friend fewer, in the same mutation as the row.
 */
async function deleteFriends(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const added = await ctx.db
    .query("friends")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .take(ROW_BATCH);
  for (const row of added) await ctx.db.delete(row._id);
  if (added.length > 0) return added.length;
  const addedBy = await ctx.db
    .query("friends")
    .withIndex("by_friendId", (q) => q.eq("friendId", userId))
    .take(LIGHT_BATCH);
  for (const row of addedBy) {
    await ctx.db.delete(row._id);
    await changeFriendCount(ctx, row.userId, -1);
  }
  return addedBy.length;
}

/**
 * The reports they filed: each item's count loses theirs if it was counted (reports.ts counts
 * those up to `countedThrough`), and an item left without reports leaves the queue. Then the
 * reports others made about their profile.
 */
async function deleteReportsFiled(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const reports = await ctx.db
    .query("reports")
    .withIndex("by_reporterId", (q) => q.eq("reporterId", userId))
    .take(LIGHT_BATCH);
  for (const report of reports) await deleteFiledReport(ctx, report);
  if (reports.length > 0) return reports.length;
  return await deleteReportsOf(ctx, "profile", userId);
}

async function deleteFiledReport(ctx: MutationCtx, report: Doc<"reports">): Promise<void> {
  await ctx.db.delete(report._id);
  const item = await ctx.db.get(report.itemId);
  if (item === null) return;
  const remaining = await ctx.db
    .query("reports")
    .withIndex("by_itemId", (q) => q.eq("itemId", item._id))
    .first();
  if (remaining === null) {
    await ctx.db.delete(item._id);
    return;
  }
  const counted = item.countedThrough === undefined || report._creationTime <= item.countedThrough;
  if (counted && item.reportCount > 0) await ctx.db.patch(item._id, { reportCount: item.reportCount - 1 });
}

/** Their Duma deck and their reign on the leaderboard. */
async function deleteDuma(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const decks = await ctx.db
    .query("dumaDecks")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .take(ROW_BATCH);
  for (const deck of decks) await ctx.db.delete(deck._id);
  const reigns = await ctx.db
    .query("dumaReigns")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .take(ROW_BATCH);
  for (const reign of reigns) await ctx.db.delete(reign._id);
  return decks.length + reigns.length;
}

/** "Download my data" exports with their ZIP files. */
async function deleteExports(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const exports = await ctx.db
    .query("dataExports")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .take(LIGHT_BATCH);
  for (const row of exports) {
    if (row.storageId !== undefined) await deleteStoredFile(ctx, row.storageId);
    await ctx.db.delete(row._id);
  }
  return exports.length;
}

/** Every file they uploaded that is left (covers of deleted items went with them): row and file. */
async function deleteUploads(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const uploads = await ctx.db
    .query("uploads")
    .withIndex("by_ownerId", (q) => q.eq("ownerId", userId))
    .take(LIGHT_BATCH);
  for (const upload of uploads) {
    await deleteStoredFile(ctx, upload.storageId);
    await ctx.db.delete(upload._id);
  }
  return uploads.length;
}

async function deleteStoredFile(ctx: MutationCtx, storageId: Id<"_storage">): Promise<void> {
  if ((await ctx.db.system.get(storageId)) !== null) await ctx.storage.delete(storageId);
}

/**
 * Their own rows of conversations (their messages are gone by now). The other person keeps the
 * conversation, with their own messages, unless it was never in their list (nothing of theirs
 * in it and never opened): then nobody can reach it and it goes whole.
 */
async function leaveConversations(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const rows = await ctx.db
    .query("conversationMembers")
    .withIndex("by_userId_and_lastMessageAt", (q) => q.eq("userId", userId))
    .take(LIGHT_BATCH);
  for (const row of rows) {
    await ctx.db.delete(row._id);
    // Their typing allowance in it is keyed by them and the conversation (lib/typing.ts).
    await chatLimits.reset(ctx, "chatTyping", { key: `${userId}:${row.conversationId}` });
    const other = await memberRow(ctx, row.conversationId, row.otherUserId);
    const unseen = other === null || other.lastMessageAt === 0;
    if (unseen && (await newestMessage(ctx, row.conversationId)) === null) {
      if (other !== null) await ctx.db.delete(other._id);
      if ((await ctx.db.get(row.conversationId)) !== null) await ctx.db.delete(row.conversationId);
    }
  }
  return rows.length;
}

/**
 * Moderation records about them (suspensions, "remove all content" runs) go; those they made as
 * a moderator stay, unnamed. The audit log itself keeps its rows (clearLogSummaries).
 */
async function clearModerationRecords(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const suspensions = await ctx.db
    .query("suspensions")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .take(ROW_BATCH);
  for (const row of suspensions) await ctx.db.delete(row._id);
  const removals = await ctx.db
    .query("contentRemovals")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .take(ROW_BATCH);
  for (const row of removals) await ctx.db.delete(row._id);
  const suspended = await ctx.db
    .query("suspensions")
    .withIndex("by_byUserId", (q) => q.eq("byUserId", userId))
    .take(ROW_BATCH);
  for (const row of suspended) await ctx.db.patch(row._id, { byUserId: undefined });
  const started = await ctx.db
    .query("contentRemovals")
    .withIndex("by_byUserId", (q) => q.eq("byUserId", userId))
    .take(ROW_BATCH);
  for (const row of started) await ctx.db.patch(row._id, { byUserId: undefined });
  return suspensions.length + removals.length + suspended.length + started.length;
}

/**
 * The audit log keeps every row about them (ids, the moderators' reasons), but not the start of
 * their own words it quoted (`summary`). Its rows stay, so the range does not shrink: the cursor
 * is the creation time of the last row handled (the index orders a subject's rows by it). A
 * plain take, not paginate, which Convex allows only once per function.
 */
async function clearLogSummaries(
  ctx: MutationCtx,
  userId: Id<"users">,
  cursor: string | undefined,
): Promise<BatchResult> {
  const after = cursor === undefined ? -1 : Number(cursor);
  const rows = await ctx.db
    .query("moderationLog")
    .withIndex("by_subjectId", (q) => q.eq("subjectId", userId).gt("_creationTime", after))
    .take(ROW_BATCH);
  for (const row of rows) if (row.summary !== undefined) await ctx.db.patch(row._id, { summary: undefined });
  const last = rows.at(-1);
  if (last === undefined) return { done: 0 };
  return { done: rows.length, cursor: String(last._creationTime) };
}

/**
 * Their notifications, pending events, unread count and preferences, then what they caused in
 * others' (a row of theirs alone goes; they leave a grouped like row). Returns 1 while a batch
 * did something, 0 once nothing is left (lib/notifications/remove.ts bounds each batch).
 */
async function deleteNotifications(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  if (!(await removeOwnNotifications(ctx, userId))) return 1;
  return (await removeActorTraces(ctx, userId)) ? 0 : 1;
}
