import { ConvexError } from "convex/values";

/** The server's human message for a failure (ConvexError data), or `fallback` for anything else. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ConvexError && typeof error.data === "string" ? error.data : fallback;
}

/** "Mar 4, 2026": a post's date on cards and the details page. */
export function formatPostDate(timestamp: number): string {
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
