/**
 * The fold (issue 31): turns a recipient's pending events (record.ts) into notification rows and
 * their unread count, a batch per mutation. It alone writes a recipient's grouped like rows, so
 * the likes themselves never read them: they only insert events. Likes of one item join the
 * recipient's unread row for it (one row, `actorCount` distinct people) until that row is read;
 * every other kind is a row of its own. An event whose item, comment or message is gone since,
 * or whose recipient has no profile any more, is dropped.
 */
import { internal } from "../../_generated/api";
import type { Doc, Id, TableNames } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { profileOf } from "../profile-lookup";
import { changeUnread } from "./counts";

/** Events folded per mutation; a fuller backlog schedules another fold. */
export const FOLD_BATCH_SIZE = 100;

/** The tables a `sourceId` may point into. */
const SOURCE_TABLES = ["bookComments", "postComments", "chatMessages"] as const;

/**
 * The group an event joins while its row is unread: likes of one item ("Bob and 3 others"), and
 * the same person adding you again (added, removed, added: one notification). Others stand alone.
 */
export function groupKeyOf(
  event: Pick<Doc<"notificationEvents">, "kind" | "targetId" | "actorId">,
): string | undefined {
  if (event.kind === "like" && event.targetId !== undefined) return `like:${event.targetId}`;
  if (event.kind === "friendAdded" && event.actorId !== undefined) return `friend:${event.actorId}`;
  return undefined;
}

/**
 * Folds up to a batch of the pending events of the recipient of `eventId`, which may have been
 * folded already by an earlier run (then nothing is left to do). Returns how many it took.
 */
export async function foldPending(ctx: MutationCtx, eventId: Id<"notificationEvents">): Promise<number> {
  const trigger = await ctx.db.get(eventId);
  if (trigger === null) return 0;
  const recipientId = trigger.recipientId;
  const pending = await ctx.db
    .query("notificationEvents")
    .withIndex("by_recipientId", (q) => q.eq("recipientId", recipientId))
    .take(FOLD_BATCH_SIZE + 1);
  const events = pending.slice(0, FOLD_BATCH_SIZE);
  const next = pending[FOLD_BATCH_SIZE];
  const recipientExists = (await profileOf(ctx, recipientId)) !== null;
  let newUnread = 0;
  for (const event of events) {
    await ctx.db.delete(event._id);
    if (!recipientExists || !(await stillThere(ctx, event))) continue;
    const groupKey = groupKeyOf(event);
    newUnread += groupKey === undefined ? await insertRow(ctx, event) : await foldGrouped(ctx, event, groupKey);
  }
  await changeUnread(ctx, recipientId, newUnread);
  if (next !== undefined) await ctx.scheduler.runAfter(0, internal.notifications.fold, { eventId: next._id });
  return events.length;
}

/** An event joins the unread row of its group, or starts one. Returns 1 when it added an unread row. */
async function foldGrouped(ctx: MutationCtx, event: Doc<"notificationEvents">, groupKey: string): Promise<number> {
  const actorId = event.actorId;
  if (actorId === undefined) return 0;
  const group = await ctx.db
    .query("notifications")
    .withIndex("by_recipientId_and_read_and_groupKey", (q) =>
      q.eq("recipientId", event.recipientId).eq("read", false).eq("groupKey", groupKey),
    )
    .first();
  if (group === null) {
    const notificationId = await ctx.db.insert("notifications", rowOf(event, groupKey));
    await ctx.db.insert("notificationActors", { notificationId, actorId });
    return 1;
  }
  const known = await ctx.db
    .query("notificationActors")
    .withIndex("by_notificationId_and_actorId", (q) => q.eq("notificationId", group._id).eq("actorId", actorId))
    .unique();
  // The same person again (liked, unliked, liked): counted once, nothing new to tell.
  if (known !== null) return 0;
  await ctx.db.insert("notificationActors", { notificationId: group._id, actorId });
  await ctx.db.patch(group._id, { actorId, actorCount: group.actorCount + 1, updatedAt: Date.now() });
  return 0;
}

async function insertRow(ctx: MutationCtx, event: Doc<"notificationEvents">): Promise<number> {
  await ctx.db.insert("notifications", rowOf(event, undefined));
  return 1;
}

function rowOf(event: Doc<"notificationEvents">, groupKey: string | undefined) {
  const { _id, _creationTime, at, ...fields } = event;
  void _id;
  void _creationTime;
  void at;
  return { ...fields, read: false, updatedAt: Date.now(), groupKey, actorCount: event.actorId ? 1 : 0 };
}

/** Whether what the event is about (item, comment or message, and the actor) still exists. */
async function stillThere(ctx: MutationCtx, event: Doc<"notificationEvents">): Promise<boolean> {
  if (event.actorId !== undefined && (await profileOf(ctx, event.actorId)) === null) return false;
  if (event.targetKind !== undefined && event.targetId !== undefined) {
    const table = event.targetKind === "book" ? "books" : event.targetKind === "post" ? "posts" : "chatRooms";
    if (!(await exists(ctx, table, event.targetId))) return false;
  }
  if (event.sourceId !== undefined) {
    const sourceId = event.sourceId;
    const found = await Promise.all(SOURCE_TABLES.map((table) => exists(ctx, table, sourceId)));
    if (!found.some(Boolean)) return false;
  }
  return true;
}

async function exists(ctx: MutationCtx, table: TableNames, id: string): Promise<boolean> {
  const normalized = ctx.db.normalizeId(table, id);
  return normalized !== null && (await ctx.db.get(normalized)) !== null;
}
