/**
 * The one way a notification comes to be (issue 31): the cause's mutation (a friend add, a
 * comment, a like, a mention, a moderator's decision) calls `recordNotification`, which applies
 * the rules at the moment it happens and inserts ONE event row. It reads only rows the recipient
 * alone writes (profile, suspension, preferences) and writes nothing anyone else reads but the
 * recipient's fold, so fifty people liking one post at once do not conflict on the owner's
 * grouped row or unread count: a scheduled fold per recipient (fold.ts) turns events into rows.
 */
import type { Infer } from "convex/values";
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { activeSuspension } from "../moderation/suspensions";
import { profileOf } from "../profile-lookup";
import { wants } from "./preferences";
import type { notificationFieldsValidator } from "./validators";

/** The book or post a comment or like is about. */
export type ItemRef = { kind: "book"; id: Id<"books"> } | { kind: "post"; id: Id<"posts"> };

export type NotificationEvent =
  | { kind: "friendAdded"; recipientId: Id<"users">; actorId: Id<"users"> }
  | {
      kind: "comment";
      recipientId: Id<"users">;
      actorId: Id<"users">;
      item: ItemRef;
      /** The comment: deleting it removes the notification. */
      commentId?: Id<"bookComments"> | Id<"postComments">;
    }
  | { kind: "like"; recipientId: Id<"users">; actorId: Id<"users">; item: ItemRef }
  | {
      kind: "mention";
      recipientId: Id<"users">;
      actorId: Id<"users">;
      target: ItemRef | { kind: "chatRoom"; id: Id<"chatRooms"> };
      /** The comment or chat message the mention is in: deleting it removes the notification. */
      sourceId?: Id<"bookComments"> | Id<"postComments"> | Id<"chatMessages">;
    }
  | { kind: "reportHandled"; recipientId: Id<"users">; outcome: "removed" | "noAction" }
  | { kind: "contentRemoved"; recipientId: Id<"users">; reason: string; removedWhat: string }
  | { kind: "suspensionEnded"; recipientId: Id<"users"> };

type Fields = Infer<typeof notificationFieldsValidator>;

/** How long a fold waits after an event: 0, the bell follows at once; events meanwhile join the same fold. */
export const FOLD_DELAY_MS = 0;

/**
 * Records what happened to `event.recipientId`, unless it is their own doing, they have no
 * profile (a deleted account), are suspended, or turned this kind off.
 */
export async function recordNotification(ctx: MutationCtx, event: NotificationEvent): Promise<void> {
  if (!(await shouldNotify(ctx, event))) return;
  const eventId = await ctx.db.insert("notificationEvents", { ...fieldsOf(event), at: Date.now() });
  // Named by the event, not the person: a scheduled run's arguments outlive an account deletion.
  await ctx.scheduler.runAfter(FOLD_DELAY_MS, internal.notifications.fold, { eventId });
}

async function shouldNotify(ctx: MutationCtx, event: NotificationEvent): Promise<boolean> {
  if ("actorId" in event && event.actorId === event.recipientId) return false;
  if ((await profileOf(ctx, event.recipientId)) === null) return false;
  if ((await activeSuspension(ctx, event.recipientId)) !== null) return false;
  return await wants(ctx, event.recipientId, event.kind);
}

function fieldsOf(event: NotificationEvent): Fields {
  const { recipientId } = event;
  switch (event.kind) {
    case "friendAdded":
      return { recipientId, kind: event.kind, actorId: event.actorId };
    case "like":
      return {
        recipientId,
        kind: event.kind,
        actorId: event.actorId,
        targetKind: event.item.kind,
        targetId: event.item.id,
      };
    case "comment":
      return {
        recipientId,
        kind: event.kind,
        actorId: event.actorId,
        targetKind: event.item.kind,
        targetId: event.item.id,
        sourceId: event.commentId,
      };
    case "mention":
      return {
        recipientId,
        kind: event.kind,
        actorId: event.actorId,
        targetKind: event.target.kind,
        targetId: event.target.id,
        sourceId: event.sourceId,
      };
    case "reportHandled":
      return { recipientId, kind: event.kind, outcome: event.outcome };
    case "contentRemoved":
      // A removal without a reason stores none, so the notice shows no empty "Reason:".
      return {
        recipientId,
        kind: event.kind,
        ...(event.reason.trim() === "" ? {} : { reason: event.reason }),
        removedWhat: event.removedWhat,
      };
    case "suspensionEnded":
      return { recipientId, kind: event.kind };
  }
}
