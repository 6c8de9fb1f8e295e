/**
 * Validators of the notification tables (issue 31). Imports only convex/values and the shared
 * contract's types: the schema imports this file.
 */
import { v } from "convex/values";

export const notificationKindValidator = v.union(
  v.literal("friendAdded"),
  v.literal("comment"),
  v.literal("like"),
  v.literal("mention"),
  v.literal("reportHandled"),
  v.literal("contentRemoved"),
  v.literal("suspensionEnded"),
);

export const preferenceKindValidator = v.union(
  v.literal("friendAdds"),
  v.literal("comments"),
  v.literal("likes"),
  v.literal("mentions"),
  v.literal("moderation"),
);

/** What a notification points at; a friend add points at its actor, so it stores none. */
export const notificationTargetKindValidator = v.union(v.literal("book"), v.literal("post"), v.literal("chatRoom"));

export const reportOutcomeValidator = v.union(v.literal("removed"), v.literal("noAction"));

/**
 * The fields an event and the notification it becomes share. `targetId` is the book, post or
 * room id; `sourceId` the comment or chat message that caused it, so deleting that removes it.
 */
export const notificationFields = {
  recipientId: v.id("users"),
  kind: notificationKindValidator,
  actorId: v.optional(v.id("users")),
  targetKind: v.optional(notificationTargetKindValidator),
  targetId: v.optional(v.string()),
  sourceId: v.optional(v.string()),
  outcome: v.optional(reportOutcomeValidator),
  reason: v.optional(v.string()),
  removedWhat: v.optional(v.string()),
};

export const notificationFieldsValidator = v.object(notificationFields);
