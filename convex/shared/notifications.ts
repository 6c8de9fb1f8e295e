/**
 * What a notification is, shared by the server (convex/notifications.ts, convex/lib/notifications/)
 * and the client (the bell, /notifications, the preferences). Issue 31.
 *
 * Public functions (all for the signed-in caller only, never another person's):
 * - `notifications.unreadCount` {} → number: the caller's unread count, one row read (O(1)).
 * - `notifications.page` { paginationOpts } → PaginationResult<NotificationView>, newest first.
 * - `notifications.markRead` { notificationId } → null (marks one read; idempotent).
 * - `notifications.markAllRead` {} → null (in batches on the server past one mutation).
 * - `notificationPreferences.mine` {} → NotificationPreferences.
 * - `notificationPreferences.set` { kind: PreferenceKind, enabled: boolean } → null.
 */
import type { Id } from "../_generated/dataModel";
import type { PublicUser } from "./public-user";

/** Every kind of notification. Private messages keep their own badge and are not here. */
export type NotificationKind =
  "friendAdded" | "comment" | "like" | "mention" | "reportHandled" | "contentRemoved" | "suspensionEnded";

/** What a person can switch off, on the account page; each covers one or more kinds. */
export type PreferenceKind = "friendAdds" | "comments" | "likes" | "mentions" | "moderation";

export const PREFERENCE_KINDS: readonly PreferenceKind[] = [
  "friendAdds",
  "comments",
  "likes",
  "mentions",
  "moderation",
];

export const PREFERENCE_OF_KIND: Record<NotificationKind, PreferenceKind> = {
  friendAdded: "friendAdds",
  comment: "comments",
  like: "likes",
  mention: "mentions",
  reportHandled: "moderation",
  contentRemoved: "moderation",
  suspensionEnded: "moderation",
};

/** Every preference is on until its owner turns it off. */
export type NotificationPreferences = Record<PreferenceKind, boolean>;

/** The thing a notification is about, as the client links to it. */
export type NotificationTarget =
  | { kind: "book"; id: Id<"books">; title: string }
  | { kind: "post"; id: Id<"posts">; title: string }
  | { kind: "chatRoom"; id: Id<"chatRooms">; title: string }
  | { kind: "profile"; id: Id<"users"> };

/** One row of /notifications (and of the bell's list), as `notifications.page` returns it. */
export type NotificationView = {
  _id: Id<"notifications">;
  kind: NotificationKind;
  read: boolean;
  /** When it last changed (a grouped like row moves up when another like joins it). */
  updatedAt: number;
  /** The newest person who caused it (null for moderation notices); "Deleted user" when gone. */
  actor: PublicUser | null;
  /** How many more people are grouped into this row ("Bob and 3 others liked…"): 0 when alone. */
  othersCount: number;
  /** What it is about; null when that was removed since ("This was removed"). */
  target: NotificationTarget | null;
  /** friendAdded only: true when the caller has not added the actor back yet (the Add back button). */
  canAddBack?: boolean;
  /** reportHandled only: what the moderators decided, never naming the reported person. */
  outcome?: "removed" | "noAction";
  /** contentRemoved only: the moderator's reason, and what was removed ("your post 'Title'"). */
  reason?: string;
  removedWhat?: string;
};

/** The bell shows 99+ past this. */
export const UNREAD_BADGE_CAP = 99;
/** At most this many people mentioned in one message or comment; more are ignored. */
export const MAX_MENTIONS = 10;
/** Read notifications older than this are deleted by a cron. */
export const READ_NOTIFICATION_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
