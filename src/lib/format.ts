/** Dates and counts as the screens show them, in the reader's locale. */

/** "March 4, 2026": when a book was posted. */
export function formatLongDate(timestamp: number): string {
  return new Date(timestamp).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
}

/** "Mar 4, 2026": a post's date on cards and the details page. */
export function formatShortDate(timestamp: number): string {
  return new Date(timestamp).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

/** "Mar 4, 2026, 14:05": when a comment was written. */
export function formatCommentDate(timestamp: number): string {
  return new Date(timestamp).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** "1,234": counts on cards. */
export function formatCount(count: number): string {
  return count.toLocaleString();
}

const DAY = 24 * 60 * 60 * 1000;

function startOfDay(timestamp: number): number {
  const date = new Date(timestamp);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/** "14:05": when a message was sent, beside it. */
export function formatTimeOfDay(timestamp: number): string {
  return new Date(timestamp).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
}

/**
 * A conversation's last activity in the list, as messaging apps show it: the time today,
 * "Yesterday", the weekday within a week, then the date.
 */
export function formatConversationTime(timestamp: number, now = Date.now()): string {
  const daysAgo = Math.round((startOfDay(now) - startOfDay(timestamp)) / DAY);
  if (daysAgo <= 0) return formatTimeOfDay(timestamp);
  if (daysAgo === 1) return "Yesterday";
  if (daysAgo < 7) return new Date(timestamp).toLocaleDateString(undefined, { weekday: "short" });
  const sameYear = new Date(timestamp).getFullYear() === new Date(now).getFullYear();
  return new Date(timestamp).toLocaleDateString(undefined, {
    month: "short",
    day: "numeric",
    ...(sameYear ? {} : { year: "numeric" }),
  });
}

/** The heading above a day's messages: "Today", "Yesterday" or the long date. */
export function formatDayHeading(timestamp: number, now = Date.now()): string {
  const daysAgo = Math.round((startOfDay(now) - startOfDay(timestamp)) / DAY);
  if (daysAgo <= 0) return "Today";
  if (daysAgo === 1) return "Yesterday";
  return formatLongDate(timestamp);
}

/** Whether two times fall on the same calendar day where the reader is. */
export function isSameDay(a: number, b: number): boolean {
  return startOfDay(a) === startOfDay(b);
}

/** A badge's count: "99+" past 99. */
export function formatBadgeCount(count: number): string {
  return count > 99 ? "99+" : String(count);
}
