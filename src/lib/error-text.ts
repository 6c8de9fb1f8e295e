import { ConvexError } from "convex/values";

/** The server's human message for a failure (ConvexError data), or `fallback` for anything else. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ConvexError && typeof error.data === "string" ? error.data : fallback;
}
