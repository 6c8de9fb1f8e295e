/**
 * Notifications (issue 31): the caller's bell count, their page, marking read; and the internal
 * runs behind them (the fold of pending events, mark-all in batches, cascades, retention). Events
 * come only from the server, through lib/notifications/record.ts; the contract is
 * convex/shared/notifications.ts.
 */
import { paginationOptsValidator } from "convex/server";
import { ConvexError, v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalMutation, type MutationCtx } from "./_generated/server";
import { NOT_OWNER } from "./lib/auth";
import { userMutation, userQuery } from "./lib/functions";
import { changeUnread, unreadCountOf } from "./lib/notifications/counts";
import { foldPending } from "./lib/notifications/fold";
import { REMOVE_BATCH_SIZE, removeNotificationsAbout, removeRows } from "./lib/notifications/remove";
import { notificationViews } from "./lib/notifications/view";
import { withPageSizeCapped } from "./lib/page-size";
import { READ_NOTIFICATION_RETENTION_MS } from "./shared/notifications";

export const NOTIFICATION_NOT_FOUND = "This notification no longer exists.";
/** Most notifications on one page. */
export const NOTIFICATION_PAGE_MAX = 50;
/** Unread rows marked read per mutation of "Mark all as read"; a full batch schedules the next. */
export const MARK_ALL_BATCH_SIZE = 500;

/** The caller's unread count: one document. */
export const unreadCount = userQuery({
  args: {},
  handler: async (ctx) => await unreadCountOf(ctx, ctx.user._id),
});

/** The caller's notifications, newest (last changed) first, a page at a time: ≤ 3 reads per row. */
export const page = userQuery({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db
      .query("notifications")
      .withIndex("by_recipientId_and_updatedAt", (q) => q.eq("recipientId", ctx.user._id))
      .order("desc")
      .paginate(withPageSizeCapped(paginationOpts, NOTIFICATION_PAGE_MAX));
    return { ...result, page: await notificationViews(ctx, result.page) };
  },
});

/** Marks one of the caller's notifications read (again: nothing changes). */
export const markRead = userMutation({
  args: { notificationId: v.id("notifications") },
  handler: async (ctx, { notificationId }) => {
    const row = await ctx.db.get(notificationId);
    if (row === null) throw new ConvexError(NOTIFICATION_NOT_FOUND);
    if (row.recipientId !== ctx.user._id) throw new ConvexError(NOT_OWNER);
    if (row.read) return null;
    await ctx.db.patch(row._id, { read: true });
    await changeUnread(ctx, row.recipientId, -1);
    return null;
  },
});

/** Marks all the caller's notifications read: the first batch now, the rest in scheduled batches. */
export const markAllRead = userMutation({
  args: {},
  handler: async (ctx) => {
    await markBatchRead(ctx, ctx.user._id);
    return null;
  },
});

/** Named by a notification of the person's, not their id: a scheduled run's arguments outlive an account deletion. */
export const continueMarkingAllRead = internalMutation({
  args: { notificationId: v.id("notifications") },
  handler: async (ctx, { notificationId }) => {
    const row = await ctx.db.get(notificationId);
    if (row !== null) await markBatchRead(ctx, row.recipientId);
  },
});

/** Marks up to a batch of unread rows read and takes exactly that many off the count. */
async function markBatchRead(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const unread = await ctx.db
    .query("notifications")
    .withIndex("by_recipientId_and_read_and_groupKey", (q) => q.eq("recipientId", userId).eq("read", false))
    .take(MARK_ALL_BATCH_SIZE);
  for (const row of unread) await ctx.db.patch(row._id, { read: true });
  await changeUnread(ctx, userId, -unread.length);
  const last = unread[MARK_ALL_BATCH_SIZE - 1];
  if (last !== undefined) {
    await ctx.scheduler.runAfter(0, internal.notifications.continueMarkingAllRead, { notificationId: last._id });
  }
}

/** Folds a recipient's pending events into their notifications and count (lib/notifications/fold.ts). */
export const fold = internalMutation({
  args: { eventId: v.id("notificationEvents") },
  handler: async (ctx, { eventId }) => {
    await foldPending(ctx, eventId);
  },
});

const pointerFieldValidator = v.union(v.literal("targetId"), v.literal("sourceId"));

/** The rest of the notifications about a deleted item, comment or message (remove.ts removeNotificationsAbout). */
export const continueRemovingAbout = internalMutation({
  args: { field: pointerFieldValidator, id: v.string() },
  handler: async (ctx, { field, id }) => await removeNotificationsAbout(ctx, field, id),
});

/** Retention (crons.ts): read notifications not changed for 90 days go, a batch per run. */
export const deleteOldRead = internalMutation({
  args: {},
  handler: async (ctx) => {
    const before = Date.now() - READ_NOTIFICATION_RETENTION_MS;
    const rows = await ctx.db
      .query("notifications")
      .withIndex("by_read_and_updatedAt", (q) => q.eq("read", true).lt("updatedAt", before))
      .take(REMOVE_BATCH_SIZE);
    const done = await removeRows(ctx, rows);
    if (!done) await ctx.scheduler.runAfter(0, internal.notifications.deleteOldRead, {});
  },
});
