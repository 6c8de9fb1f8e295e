import type { NotificationView } from "@convex/shared/notifications";

/** What the tab last saw of the newest notification: enough to tell a new or grown one. */
export type NewestMark = { id: string; updatedAt: number } | null;

export function markOf(newest: NotificationView | null): NewestMark {
  return newest === null ? null : { id: newest._id, updatedAt: newest.updatedAt };
}

/**
 * Whether the newest notification is news since `before`: an unread row that was not the newest
 * then, or that moved (a grouped like row is updated in place: "Bob and 3 others" becoming 4).
 * A row marked read, or one that went away, is not news.
 */
export function isNewNotification(before: NewestMark, newest: NotificationView | null): boolean {
  if (newest === null || newest.read) return false;
  if (before === null) return true;
  return newest._id !== before.id || newest.updatedAt > before.updatedAt;
}

/** A private message arrived: the unread total grew (reading one makes it shrink, which says nothing). */
export function isNewMessage(before: number, now: number): boolean {
  return now > before;
}
