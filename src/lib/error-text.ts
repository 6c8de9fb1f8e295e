import { ConvexError } from "convex/values";

/** A failure the browser found itself (an unreadable image, say) whose message is meant for the person. */
export class UserFacingError extends Error {}

/** The human message for a failure (the server's ConvexError data, or a UserFacingError's), or `fallback` for anything else. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof UserFacingError) return error.message;
  return error instanceof ConvexError && typeof error.data === "string" ? error.data : fallback;
}
