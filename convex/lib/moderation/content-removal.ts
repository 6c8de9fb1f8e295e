/**
 * "Remove all content of this person": who may start it, how it starts, and one batch of it.
 * A spammer can have thousands of items and each removal is the owner's own delete
 * (cascade.ts), so the work goes through the scheduler a bounded batch per mutation
 * (moderationSweep.removeNextBatch). Each batch finds what is left through the person's
 * indexes, so a batch that failed, or a second start, carries on from what remains.
 */
import { ConvexError } from "convex/values";
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import {
  deleteBook,
  deleteBookComment,
  deleteChatMessage,
  deleteChatRoom,
  deleteMessage,
  deletePost,
  deletePostComment,
} from "../../cascade";
import { cleanText } from "../../shared/text";
import { MODERATION_REASON_LIMIT, type Role } from "../../shared/moderation-validators";
import { requireUserExists } from "./actions";
import { writeLog } from "./audit";
import { type Actor, DASHBOARD, roleOf } from "./roles";
import { describeCounts, noneRemoved, REMOVAL_KINDS, type RemovalKind } from "./removal-kinds";
import { recordNotification } from "../notifications/record";
import { writtenAhead } from "../clock";

export const REMOVAL_REASON_REQUIRED = "Please give a reason for the removal.";
export const CANNOT_REMOVE_OWN = "You cannot remove all of your own content here.";
export const CANNOT_REMOVE_STAFF = "Only an admin can remove all content of a moderator or an admin.";

/**
 * Items removed per batch. A comment or message is a handful of reads and writes (its parent's
 * count, its open reports; a private message also its conversation and two member rows), so 100
 * stay near 1,000 documents. A post, book or room deletes up to 500 dependents in the same
 * mutation (cascade.ts), each with an index lookup for its reports, so 4 stay near 4,000
 * documents and 2,000 index ranges: well inside one Convex transaction's limits.
 */
export const LIGHT_BATCH = 100;
export const HEAVY_BATCH = 4;

/** A run whose last batch is older than this has stopped (a failed run); starting again resumes it. */
export const STALLED_AFTER_MS = 60_000;

/** Who may remove all of whose content: the suspension rule (nobody their own, only an admin a staff member's). */
export function removeAllRefusal(actor: Actor, userId: Id<"users">, userRole: Role | null): string | null {
  if (actor.kind !== "user") return null;
  if (actor.userId === userId) return CANNOT_REMOVE_OWN;
  if (actor.role !== "admin" && userRole !== null) return CANNOT_REMOVE_STAFF;
  return null;
}

/** The person's newest removal run, finished or not (one index read). */
export async function latestRemoval(ctx: QueryCtx, userId: Id<"users">): Promise<Doc<"contentRemovals"> | null> {
  return await ctx.db
    .query("contentRemovals")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .order("desc")
    .first();
}

/**
 * Starts removing everything the person wrote or created, logged with the reason. A run already
 * going for them is not started twice: its id comes back, and one whose batches stopped is set
 * going again from what is left.
 */
export async function startContentRemoval(
  ctx: MutationCtx,
  actor: Actor,
  userId: Id<"users">,
  reason: string,
): Promise<Id<"contentRemovals">> {
  if (reason.trim().length === 0) throw new ConvexError(REMOVAL_REASON_REQUIRED);
  const cleanReason = cleanText(reason, "Reason", MODERATION_REASON_LIMIT);
  await requireUserExists(ctx, userId);
  const userRole = actor.kind === "user" ? await roleOf(ctx, userId) : null;
  const refusal = removeAllRefusal(actor, userId, userRole);
  if (refusal !== null) throw new ConvexError(refusal);

  const now = Date.now();
  const running = await latestRemoval(ctx, userId);
  if (running !== null && running.finishedAt === undefined) {
    // Last written "in the future" (the clock ran ahead, lib/clock.ts): stalled as well.
    if (now - running.updatedAt > STALLED_AFTER_MS || writtenAhead(running.updatedAt, now)) {
      await ctx.db.patch(running._id, { updatedAt: now });
      await ctx.scheduler.runAfter(0, internal.moderationSweep.removeNextBatch, { removalId: running._id });
    }
    return running._id;
  }
  const removalId = await ctx.db.insert("contentRemovals", {
    userId,
    ...(actor.kind === "user" ? { byUserId: actor.userId } : {}),
    reason: cleanReason,
    counts: noneRemoved(),
    removed: 0,
    updatedAt: now,
  });
  await writeLog(ctx, actor, { action: "remove", subjectId: userId, reason: cleanReason, detail: "started" });
  // One notice for the whole run, not one per removed item.
  await recordNotification(ctx, {
    kind: "contentRemoved",
    recipientId: userId,
    reason: cleanReason,
    removedWhat: "all your content",
  });
  await ctx.scheduler.runAfter(0, internal.moderationSweep.removeNextBatch, { removalId });
  return removalId;
}

/**
 * One batch: the first kind (in REMOVAL_KINDS order) with anything left loses up to a batch and
 * the next batch is scheduled; when nothing is left the run is finished and the log says how
 * much went.
 */
export async function removeNextBatch(ctx: MutationCtx, removalId: Id<"contentRemovals">): Promise<void> {
  const removal = await ctx.db.get(removalId);
  if (removal === null || removal.finishedAt !== undefined) return;
  const now = Date.now();
  for (const kind of REMOVAL_KINDS) {
    const removed = await removeBatchOf(ctx, kind, removal.userId);
    if (removed === 0) continue;
    await ctx.db.patch(removal._id, {
      counts: { ...removal.counts, [kind]: removal.counts[kind] + removed },
      removed: removal.removed + removed,
      updatedAt: now,
    });
    await ctx.scheduler.runAfter(0, internal.moderationSweep.removeNextBatch, { removalId });
    return;
  }
  await ctx.db.patch(removal._id, { finishedAt: now, updatedAt: now });
  await writeLog(ctx, await actorOf(ctx, removal.byUserId), {
    action: "remove",
    subjectId: removal.userId,
    reason: removal.reason,
    detail: `finished: ${describeCounts(removal.counts)}`,
  });
}

/** The moderator who started a run, as the audit log names them (or the dashboard). */
async function actorOf(ctx: QueryCtx, userId: Id<"users"> | undefined): Promise<Actor> {
  if (userId === undefined) return DASHBOARD;
  return { kind: "user", userId, role: (await roleOf(ctx, userId)) ?? "moderator" };
}

/** Removes up to a batch of one kind of the person's content with the owner's delete; returns how many. */
async function removeBatchOf(ctx: MutationCtx, kind: RemovalKind, userId: Id<"users">): Promise<number> {
  const db = ctx.db;
  switch (kind) {
    case "bookComment": {
      const docs = await db
        .query("bookComments")
        .withIndex("by_authorId", (q) => q.eq("authorId", userId))
        .take(LIGHT_BATCH);
      return await each(docs, (doc) => deleteBookComment(ctx, doc));
    }
    case "postComment": {
      const docs = await db
        .query("postComments")
        .withIndex("by_authorId", (q) => q.eq("authorId", userId))
        .take(LIGHT_BATCH);
      return await each(docs, (doc) => deletePostComment(ctx, doc));
    }
    case "chatMessage": {
      const docs = await db
        .query("chatMessages")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .take(LIGHT_BATCH);
      return await each(docs, (doc) => deleteChatMessage(ctx, doc));
    }
    case "message": {
      const docs = await db
        .query("messages")
        .withIndex("by_senderId", (q) => q.eq("senderId", userId))
        .take(LIGHT_BATCH);
      return await each(docs, (doc) => deleteMessage(ctx, doc));
    }
    case "post": {
      const docs = await db
        .query("posts")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .take(HEAVY_BATCH);
      return await each(docs, (doc) => deletePost(ctx, doc));
    }
    case "book": {
      const docs = await db
        .query("books")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .take(HEAVY_BATCH);
      return await each(docs, (doc) => deleteBook(ctx, doc));
    }
    case "chatRoom": {
      const docs = await db
        .query("chatRooms")
        .withIndex("by_createdBy", (q) => q.eq("createdBy", userId))
        .take(HEAVY_BATCH);
      return await each(docs, (doc) => deleteChatRoom(ctx, doc));
    }
  }
}

/** One after another: the deletes of one batch touch shared rows (a post's count, a conversation). */
async function each<T>(docs: T[], remove: (doc: T) => Promise<void>): Promise<number> {
  for (const doc of docs) await remove(doc);
  return docs.length;
}
