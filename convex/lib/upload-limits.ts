/**
 * How many upload URLs a person gets (security review): an upload URL takes a file of any size
 * and type, and only confirmUpload checks it, so a script that never confirms could fill storage
 * until the orphan sweep (an hour later) if URLs were free. Twenty at once, then one more every
 * three minutes: far more images than anyone adds to books, posts and rooms in an hour.
 */
import { HOUR, RateLimiter } from "@convex-dev/rate-limiter";
import { components } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { takeAllowance, waitInMinutes } from "./allowance";

export const uploadLimits = new RateLimiter(components.rateLimiter, {
  imageUpload: { kind: "token bucket", rate: 20, period: HOUR, capacity: 20 },
});

/** "Too many image uploads. Please try again in 3 minutes." */
export function tooManyUploadsMessage(retryAfterMs: number): string {
  const minutes = waitInMinutes(retryAfterMs);
  return `Too many image uploads. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** Takes one upload URL from the caller's allowance, or throws how long to wait. */
export async function takeUploadAllowance(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  await takeAllowance(uploadLimits, ctx, "imageUpload", userId, tooManyUploadsMessage);
}
