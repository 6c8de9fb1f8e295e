/** "March 4, 2026": the posted date of a book. */
export function formatPostedDate(timestamp: number): string {
  return new Date(timestamp).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
}

/** "Mar 4, 2026, 14:05": when a comment was written. */
export function formatCommentDate(timestamp: number): string {
  return new Date(timestamp).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
