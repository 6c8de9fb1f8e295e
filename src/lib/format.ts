/** Dates and counts as the screens show them. */

// Each toLocale…String call builds a new Intl formatter; a feed page formats dozens of values,
// so the ones used on every card are built once.
let shortDate: Intl.DateTimeFormat | undefined;
let fullDate: Intl.DateTimeFormat | undefined;
let count: Intl.NumberFormat | undefined;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When something happened, the one way every screen says it: "just now", "3 min ago",
 * "5 h ago", "yesterday", "4 days ago", then the date ("Mar 4, 2026").
 */
export function formatWhen(timestamp: number, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - timestamp);
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  const days = calendarDaysBetween(timestamp, now);
  if (days <= 1) return "yesterday";
  if (days < 7) return `${days} days ago`;
  shortDate ??= new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric" });
  return shortDate.format(timestamp);
}

/** The full date and time, for hovering over a relative one: "Monday, March 4, 2026 at 14:05". */
export function formatFullDate(timestamp: number): string {
  fullDate ??= new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "short" });
  return fullDate.format(timestamp);
}

/** Midnights passed between two moments, in the reader's time zone. */
function calendarDaysBetween(earlier: number, later: number): number {
  return Math.round((startOfDay(later) - startOfDay(earlier)) / DAY);
}

/** "March 4, 2026": a day in full, as a heading. */
export function formatLongDate(timestamp: number): string {
  return new Date(timestamp).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
}

/** "1,234": counts on cards. */
export function formatCount(value: number): string {
  count ??= new Intl.NumberFormat();
  return count.format(value);
}

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
