/**
 * "Download my data" (issue 30): what both the server and the settings screen need to agree on.
 */

/** The download link works this long after the ZIP is ready. */
export const DOWNLOAD_VALID_MS = 60 * 60 * 1000;

/**
 * A running export the action has not written to for this long has died (a Convex action runs
 * at most 10 minutes, and the builder writes progress every few pages): it no longer blocks a
 * new one, and the settings screen offers to start again.
 */
export const STALLED_AFTER_MS = 15 * 60 * 1000;

/** The route of convex/http.ts that hands the ZIP to its owner (`?id=<export id>`, bearer token). */
export const DATA_EXPORT_PATH = "/data-export";

/** The file name the browser saves: dumy-data-YYYY-MM-DD.zip, the day (UTC) the export finished. */
export function exportFileName(finishedAt: number): string {
  return `dumy-data-${new Date(finishedAt).toISOString().slice(0, 10)}.zip`;
}

/** What is being collected, as "Collecting your … 40%" names it. */
export const EXPORT_STAGE_LABELS: Record<string, string> = {
  profile: "profile",
  friends: "friends",
  books: "books",
  posts: "posts",
  bookComments: "comments on books",
  postComments: "comments on posts",
  likes: "likes",
  messages: "private messages",
  chatRooms: "chat rooms",
  chatMessages: "chat messages",
  duma: "Duma reigns",
  images: "images",
  saving: "archive",
};
