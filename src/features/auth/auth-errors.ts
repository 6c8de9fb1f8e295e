import { ConvexError } from "convex/values";

/**
 * The message to show for a failed auth call. The server throws ConvexError with the seed §8
 * text (convex/shared/auth-messages.ts); anything else (network, a server bug) gets the screen's
 * generic fallback, e.g. 'Login failed. Please try again.'.
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ConvexError && typeof error.data === "string" ? error.data : fallback;
}
