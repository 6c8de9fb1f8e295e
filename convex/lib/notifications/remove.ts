/**
 * Taking notifications away, a bounded batch per call (cascades, account deletion, retention):
 * each deleted row takes its actor rows with it and, while unread, one off its recipient's count,
 * so the count keeps equalling the unread rows. A grouped like row can hold many people, so a
 * row whose actors do not all fit in the batch loses a batch of them now and goes in a later call.
 */
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { changeUnread } from "./counts";

/** Documents written per call: far below Convex's per-mutation limits. */
export const REMOVE_BATCH_SIZE = 200;

/** What a notification can be found by when the thing it points at goes. */
export type PointerField = "targetId" | "sourceId";

/**
 * Deletes up to a batch of the notifications pointing at a deleted item (`targetId`) or comment /
 * message (`sourceId`). Returns true when none is left.
 */
export async function removePointingAt(ctx: MutationCtx, field: PointerField, id: string): Promise<boolean> {
  const rows =
    field === "targetId"
      ? await ctx.db
          .query("notifications")
          .withIndex("by_targetId", (q) => q.eq("targetId", id))
          .take(REMOVE_BATCH_SIZE)
      : await ctx.db
          .query("notifications")
          .withIndex("by_sourceId", (q) => q.eq("sourceId", id))
          .take(REMOVE_BATCH_SIZE);
  return await removeRows(ctx, rows);
}

/**
 * Removes the notifications about a deleted item (`targetId`: its likes, comments, mentions) or
 * comment / chat message (`sourceId`): the first batch in the deleting mutation, the rest in
 * scheduled runs (notifications.continueRemovingAbout). Costs one index lookup when there are none.
 */
export async function removeNotificationsAbout(ctx: MutationCtx, field: PointerField, id: string): Promise<void> {
  if (!(await removePointingAt(ctx, field, id))) {
    await ctx.scheduler.runAfter(0, internal.notifications.continueRemovingAbout, { field, id });
  }
}

/** Deletes up to a batch of rows; true when every one of them went and there were fewer than a batch. */
export async function removeRows(ctx: MutationCtx, rows: Doc<"notifications">[]): Promise<boolean> {
  let budget = REMOVE_BATCH_SIZE;
  for (const row of rows) {
    if (budget <= 0) return false;
    const used = await removeRow(ctx, row, budget);
    if (used === null) return false;
    budget -= used;
  }
  return rows.length < REMOVE_BATCH_SIZE;
}

/**
 * Deletes one notification with its actor rows if they fit in `budget` writes; returns the writes
 * used, or null when it only got through a batch of its actors (call again).
 */
async function removeRow(ctx: MutationCtx, row: Doc<"notifications">, budget: number): Promise<number | null> {
  const actors = await ctx.db
    .query("notificationActors")
    .withIndex("by_notificationId_and_actorId", (q) => q.eq("notificationId", row._id))
    .take(budget);
  for (const actor of actors) await ctx.db.delete(actor._id);
  if (actors.length === budget) return null;
  await ctx.db.delete(row._id);
  if (!row.read) await changeUnread(ctx, row.recipientId, -1);
  return actors.length + 1;
}

/**
 * A deleted account's traces in other people's notifications, a batch per call: a row they
 * caused alone goes; in a grouped like row they leave the group (its newest person becomes
 * another member). Returns true when none is left.
 */
export async function removeActorTraces(ctx: MutationCtx, actorId: Id<"users">): Promise<boolean> {
  const memberships = await ctx.db
    .query("notificationActors")
    .withIndex("by_actorId", (q) => q.eq("actorId", actorId))
    .take(REMOVE_BATCH_SIZE / 4);
  for (const membership of memberships) {
    await ctx.db.delete(membership._id);
    const group = await ctx.db.get(membership.notificationId);
    if (group === null) continue;
    if (group.actorCount <= 1) {
      await removeRow(ctx, group, REMOVE_BATCH_SIZE);
      continue;
    }
    const other = await ctx.db
      .query("notificationActors")
      .withIndex("by_notificationId_and_actorId", (q) => q.eq("notificationId", group._id))
      .first();
    await ctx.db.patch(group._id, {
      actorCount: group.actorCount - 1,
      actorId: group.actorId === actorId ? other?.actorId : group.actorId,
    });
  }
  if (memberships.length > 0) return false;
  // Rows without actor rows (friend adds, comments, mentions) they caused.
  const caused = await ctx.db
    .query("notifications")
    .withIndex("by_actorId", (q) => q.eq("actorId", actorId))
    .take(REMOVE_BATCH_SIZE / 4);
  if (!(await removeRows(ctx, caused))) return false;
  const events = await ctx.db
    .query("notificationEvents")
    .withIndex("by_actorId", (q) => q.eq("actorId", actorId))
    .take(REMOVE_BATCH_SIZE);
  for (const event of events) await ctx.db.delete(event._id);
  return caused.length === 0 && events.length === 0;
}

/** A deleted account's own notifications, pending events, count and preferences, a batch per call. */
export async function removeOwnNotifications(ctx: MutationCtx, userId: Id<"users">): Promise<boolean> {
  const rows = await ctx.db
    .query("notifications")
    .withIndex("by_recipientId_and_updatedAt", (q) => q.eq("recipientId", userId))
    .take(REMOVE_BATCH_SIZE / 4);
  if (!(await removeRows(ctx, rows)) || rows.length > 0) return false;
  const events = await ctx.db
    .query("notificationEvents")
    .withIndex("by_recipientId", (q) => q.eq("recipientId", userId))
    .take(REMOVE_BATCH_SIZE);
  for (const event of events) await ctx.db.delete(event._id);
  if (events.length > 0) return false;
  for (const table of ["notificationCounts", "notificationPreferences"] as const) {
    const row = await ctx.db
      .query(table)
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .first();
    if (row !== null) await ctx.db.delete(row._id);
  }
  return true;
}
