/** Dates and counts as the screens show them. */

// Each toLocale…String call builds a new Intl formatter (~1 ms on a phone); a feed page or a chat
// history formats dozens of values, so every formatter is built once, when first needed.
let shortDate: Intl.DateTimeFormat | undefined;
let fullDate: Intl.DateTimeFormat | undefined;
let count: Intl.NumberFormat | undefined;
let longDate: Intl.DateTimeFormat | undefined;
let timeOfDay: Intl.DateTimeFormat | undefined;
let weekday: Intl.DateTimeFormat | undefined;
let monthDay: Intl.DateTimeFormat | undefined;
let monthDayYear: Intl.DateTimeFormat | undefined;

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

/**
 * Props that give an element the full date as its hover title, made when the pointer arrives:
 * the first date formatter of a page costs ~20 ms of main thread on a phone (its locale data
 * loads), which a page of relative times ("3 min ago") would otherwise pay for titles nobody hovers.
 */
export function fullDateOnHover(timestamp: number) {
  return {
    onPointerEnter: (event: { currentTarget: HTMLElement }) => {
      event.currentTarget.title = formatFullDate(timestamp);
    },
  };
}

/** Midnights passed between two moments, in the reader's time zone. */
function calendarDaysBetween(earlier: number, later: number): number {
  return Math.round((startOfDay(later) - startOfDay(earlier)) / DAY);
}

/** "March 4, 2026": a day in full, as a heading. */
export function formatLongDate(timestamp: number): string {
  longDate ??= new Intl.DateTimeFormat(undefined, { year: "numeric", month: "long", day: "numeric" });
  return longDate.format(timestamp);
}

/** "1,234": counts on cards. */
export function formatCount(value: number): string {
  // Below 1,000 no grouping applies, and a page's first Intl.NumberFormat costs ~20 ms of main
  // thread on a phone (loading its locale data) for cards that nearly all show small counts.
  if (Number.isInteger(value) && Math.abs(value) < 1000) return String(value);
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
  timeOfDay ??= new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
  return timeOfDay.format(timestamp);
}

/**
 * A conversation's last activity in the list, as messaging apps show it: the time today,
 * "Yesterday", the weekday within a week, then the date.
 */
export function formatConversationTime(timestamp: number, now = Date.now()): string {
  const daysAgo = Math.round((startOfDay(now) - startOfDay(timestamp)) / DAY);
  if (daysAgo <= 0) return formatTimeOfDay(timestamp);
  if (daysAgo === 1) return "Yesterday";
  if (daysAgo < 7) {
    weekday ??= new Intl.DateTimeFormat(undefined, { weekday: "short" });
    return weekday.format(timestamp);
  }
  if (new Date(timestamp).getFullYear() === new Date(now).getFullYear()) {
    monthDay ??= new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" });
    return monthDay.format(timestamp);
  }
  monthDayYear ??= new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", year: "numeric" });
  return monthDayYear.format(timestamp);
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
