/**
 * The dependent tables the orphan sweep walks, each with what its parent is and how an orphan
 * goes. A row is an orphan when its parent document no longer exists: the cascade that should
 * have taken it was cut off (a failed batch, or a move: backups leave pending scheduled functions
 * out). An orphan goes the way the cascade's batch would have taken it (cascade.ts deleteBatch):
 * a comment or message with its mention rows, picture and open reports, its reactions in a run of
 * their own; everything else is a plain row.
 *
 * The order is parents before children, so one pass also takes what removing an orphan leaves
 * behind when its follow-up run is lost too: messages before their reactions and mention rows,
 * queue rows before their reports, notifications before their actor rows.
 */
import type { Doc, TableNames } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { clearReportsLater } from "../../cascade";
import { deleteMentionRefs } from "../mentions";
import { deleteMessagePicture } from "../message-pictures";
import { removeRows } from "../notifications/remove";
import { deleteReactionsLater } from "../reactions";
import { ParentLookup } from "./parents";

/** One batch's outcome: how many rows were looked at and removed, and where the walk is. */
export type BatchResult = { looked: number; removed: number; continueCursor: string | null; isDone: boolean };

/** A dependent table, as the sweep sees it. */
export type OrphanKind = {
  kind: TableNames;
  /**
   * Looks at up to `limit` rows after `cursor` and removes the orphans among them. When some
   * orphan could not go whole (a big notification group), the cursor stays, so the next batch
   * looks at them again.
   */
  sweepBatch: (ctx: MutationCtx, cursor: string | null, limit: number) => Promise<BatchResult>;
};

type KindSpec<T extends TableNames> = {
  table: T;
  /** Whether the row's parent still exists. */
  hasParent: (parents: ParentLookup, row: Doc<T>) => Promise<boolean>;
  /** Removes a batch's orphans; false when some could not go whole in this mutation. */
  remove: (ctx: MutationCtx, orphans: Doc<T>[]) => Promise<boolean>;
};

function orphanKind<T extends TableNames>(spec: KindSpec<T>): OrphanKind {
  return {
    kind: spec.table,
    sweepBatch: async (ctx, cursor, limit) => {
      // The one paginated query of the mutation: in creation order, with a cursor that survives
      // deletes and ties in creation time.
      const page = await ctx.db.query(spec.table).paginate({ cursor, numItems: limit });
      const parents = new ParentLookup(ctx);
      const orphans: Doc<T>[] = [];
      for (const row of page.page) if (!(await spec.hasParent(parents, row))) orphans.push(row);
      const allGone = orphans.length === 0 || (await spec.remove(ctx, orphans));
      return {
        looked: page.page.length,
        removed: orphans.length,
        continueCursor: allGone ? page.continueCursor : cursor,
        isDone: allGone && page.isDone,
      };
    },
  };
}

/** Plain rows: deleting them is all the cascade does. */
async function deleteRows(ctx: MutationCtx, rows: { _id: Doc<TableNames>["_id"] }[]): Promise<boolean> {
  for (const row of rows) await ctx.db.delete(row._id);
  return true;
}

/** A comment, as a book's or post's cascade batch deletes it: with its mention rows and open reports. */
function commentRemover(commentKind: "bookComment" | "postComment") {
  return async (ctx: MutationCtx, comments: (Doc<"bookComments"> | Doc<"postComments">)[]): Promise<boolean> => {
    for (const comment of comments) {
      await ctx.db.delete(comment._id);
      await deleteMentionRefs(ctx, comment);
      await clearReportsLater(ctx, commentKind, comment._id);
    }
    return true;
  };
}

/**
 * The kinds in sweep order. Not swept here: rows whose parent is a person (account deletion's
 * stages own them and its cron resumes them), uploads (files.sweepOrphans) and pending
 * notification events (the recipient's next fold takes them, dropping those about gone things).
 */
export const ORPHAN_KINDS: readonly OrphanKind[] = [
  orphanKind({
    table: "bookComments",
    hasParent: (parents, row) => parents.exists(row.bookId),
    remove: commentRemover("bookComment"),
  }),
  orphanKind({
    table: "postComments",
    hasParent: (parents, row) => parents.exists(row.postId),
    remove: commentRemover("postComment"),
  }),
  orphanKind({ table: "likes", hasParent: (parents, row) => parents.exists(row.targetId), remove: deleteRows }),
  orphanKind({ table: "views", hasParent: (parents, row) => parents.exists(row.targetId), remove: deleteRows }),
  orphanKind({
    table: "chatMessages",
    hasParent: (parents, row) => parents.exists(row.roomId),
    // As a room's cascade batch: mention rows, picture, reports; reactions in a run of their own.
    remove: async (ctx, messages) => {
      for (const message of messages) {
        await ctx.db.delete(message._id);
        await deleteMentionRefs(ctx, message);
        await deleteMessagePicture(ctx, message);
        await clearReportsLater(ctx, "chatMessage", message._id);
      }
      await deleteReactionsLater(ctx, messages);
      return true;
    },
  }),
  orphanKind({
    table: "messages",
    hasParent: (parents, row) => parents.exists(row.conversationId),
    // Its conversation is gone, so no preview or unread count is left to follow (cascade.deleteMessage).
    remove: async (ctx, messages) => {
      for (const message of messages) {
        await ctx.db.delete(message._id);
        await deleteMessagePicture(ctx, message);
        await clearReportsLater(ctx, "message", message._id);
      }
      await deleteReactionsLater(ctx, messages);
      return true;
    },
  }),
  orphanKind({
    table: "conversationMembers",
    hasParent: (parents, row) => parents.exists(row.conversationId),
    remove: deleteRows,
  }),
  orphanKind({
    table: "conversationTyping",
    hasParent: (parents, row) => parents.exists(row.conversationId),
    remove: deleteRows,
  }),
  orphanKind({ table: "chatTyping", hasParent: (parents, row) => parents.exists(row.roomId), remove: deleteRows }),
  orphanKind({ table: "chatRoomReads", hasParent: (parents, row) => parents.exists(row.roomId), remove: deleteRows }),
  orphanKind({ table: "chatRoomOnline", hasParent: (parents, row) => parents.exists(row.roomId), remove: deleteRows }),
  orphanKind({
    table: "chatRoomOnlineRefresh",
    hasParent: (parents, row) => parents.exists(row.roomId),
    remove: deleteRows,
  }),
  orphanKind({
    table: "messageReactions",
    hasParent: (parents, row) => parents.exists(row.messageId),
    remove: deleteRows,
  }),
  orphanKind({ table: "mentionRefs", hasParent: (parents, row) => parents.exists(row.sourceId), remove: deleteRows }),
  orphanKind({
    table: "reportedItems",
    hasParent: (parents, row) => parents.reportTargetExists(row),
    // The queue row now, its reports in a run of their own (and by the "reports" kind if that is lost).
    remove: async (ctx, items) => {
      for (const item of items) await clearReportsLater(ctx, item.targetKind, item.targetId);
      return true;
    },
  }),
  orphanKind({ table: "reports", hasParent: (parents, row) => parents.exists(row.itemId), remove: deleteRows }),
  orphanKind({
    table: "notifications",
    hasParent: (parents, row) => parents.notificationTargetsExist(row),
    // With their actor rows and the unread count, as every other removal (lib/notifications/remove.ts).
    remove: removeRows,
  }),
  orphanKind({
    table: "notificationActors",
    hasParent: (parents, row) => parents.exists(row.notificationId),
    remove: deleteRows,
  }),
];
