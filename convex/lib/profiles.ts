import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { incrementCounter } from "./counters";
import { profileOf } from "./profile-lookup";
import { DEFAULT_PERSONALITY } from "./validators";

/** Seed §9's placeholder, shown until the user picks a display name. */
export const NEW_USER_NAME = "New User";

/**
 * Gives a user their userInfo document (seed §3 defaults) unless they already have one.
 * Convex Auth calls this on every account write, so it must be idempotent: the by_userId
 * lookup is what keeps a second sign-in from making a second profile.
 */
export async function createProfileIfMissing(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  if ((await profileOf(ctx, userId)) !== null) return;
  const user = await ctx.db.get(userId);
  if (user === null) return;
  await ctx.db.insert("profiles", {
    userId,
    email: user.email ?? "",
    displayName: NEW_USER_NAME,
    personality: DEFAULT_PERSONALITY,
  });
  await incrementCounter(ctx, "profiles", 1);
}

/**
 * Whether the user still gets the one-time "what should others call you?" step after their
 * first sign-in: only while they carry the placeholder and have neither named themselves nor skipped.
 */
export function needsName(profile: Doc<"profiles"> | null): boolean {
  return profile !== null && profile.askedForName !== true && profile.displayName === NEW_USER_NAME;
}
