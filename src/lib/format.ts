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
