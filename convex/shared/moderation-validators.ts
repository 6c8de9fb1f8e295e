/**
 * The vocabulary of moderation (issue 16), shared by the schema, the functions and the client:
 * what can be reported, why, the roles, and what the audit log records.
 */
import { v, type Infer } from "convex/values";

export const REPORT_REASONS = ["spam", "harassment", "hate", "sexual", "violence", "misinformation", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const reportReasonValidator = v.union(...REPORT_REASONS.map((reason) => v.literal(reason)));

/** How the reasons read in the dialog and the queue. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  harassment: "Harassment or bullying",
  hate: "Hate speech",
  sexual: "Sexual content",
  violence: "Violence or threats",
  misinformation: "Misinformation",
  other: "Something else",
};

/** A report's optional words: enough for a sentence or two, short enough to read in a queue. */
export const REPORT_TEXT_LIMIT = 500;
/** The reason a moderator gives for a suspension or a removal. */
export const MODERATION_REASON_LIMIT = 500;

/**
 * Every kind of thing that can be reported, with the table its id belongs to. A profile is
 * reported by its user's id (the account page's address names the user, not the profile row).
 */
export const reportTargetValidator = v.union(
  v.object({ kind: v.literal("book"), id: v.id("books") }),
  v.object({ kind: v.literal("post"), id: v.id("posts") }),
  v.object({ kind: v.literal("bookComment"), id: v.id("bookComments") }),
  v.object({ kind: v.literal("postComment"), id: v.id("postComments") }),
  v.object({ kind: v.literal("chatRoom"), id: v.id("chatRooms") }),
  v.object({ kind: v.literal("chatMessage"), id: v.id("chatMessages") }),
  v.object({ kind: v.literal("message"), id: v.id("messages") }),
  v.object({ kind: v.literal("profile"), id: v.id("users") }),
);
export type ReportTarget = Infer<typeof reportTargetValidator>;
export type ReportTargetKind = ReportTarget["kind"];

export const REPORT_TARGET_KINDS = [
  "book",
  "post",
  "bookComment",
  "postComment",
  "chatRoom",
  "chatMessage",
  "message",
  "profile",
] as const satisfies readonly ReportTargetKind[];
export const reportTargetKindValidator = v.union(...REPORT_TARGET_KINDS.map((kind) => v.literal(kind)));

export const ROLES = ["moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const roleValidator = v.union(v.literal("moderator"), v.literal("admin"));

export const MODERATION_ACTIONS = ["remove", "dismiss", "suspend", "lift", "grant", "revoke"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const moderationActionValidator = v.union(...MODERATION_ACTIONS.map((action) => v.literal(action)));

/** The suspension lengths the app offers; the dashboard's suspendUser takes any number of days. */
export const SUSPENSION_DURATIONS = ["1d", "7d", "30d", "indefinite"] as const;
export type SuspensionDuration = (typeof SUSPENSION_DURATIONS)[number];
export const suspensionDurationValidator = v.union(...SUSPENSION_DURATIONS.map((duration) => v.literal(duration)));
