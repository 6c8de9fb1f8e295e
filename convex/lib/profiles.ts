import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { incrementCounter } from "./counters";
import { profileOf } from "./profile-lookup";
import { activeSuspension } from "./moderation/suspensions";
import { profileSearchFields } from "./search/profiles";
import { DEFAULT_PERSONALITY } from "../shared/validators";

/** Seed §9's placeholder, shown until the user picks a display name. */
export const NEW_USER_NAME = "New User";

/**
 * Gives a verified user their userInfo document (seed §3 defaults) unless they already have one,
 * and counts them among the people on /friends. Convex Auth calls this after every account write:
 * at password sign-up and with every mailed code (the user is not verified yet: nothing is made,
 * so an address nobody proves never shows up, cannot be friended and cannot be messaged), when
 * the code is accepted (the same write sets emailVerificationTime: the profile is made then), and
 * at every Google sign-in (verified from the start). Idempotent: the by_userId lookup keeps a
 * later write from making a second profile.
 */
export async function createProfileOnceVerified(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const user = await ctx.db.get(userId);
  if (user === null || !user.emailVerificationTime) return;
  if ((await profileOf(ctx, userId)) !== null) return;
  await ctx.db.insert("profiles", {
    userId,
    email: user.email ?? "",
    displayName: NEW_USER_NAME,
    personality: DEFAULT_PERSONALITY,
    ...profileSearchFields({ displayName: NEW_USER_NAME }),
    // Search never shows a suspended person (lib/search/profiles.ts), even one verifying late.
    searchHidden: (await activeSuspension(ctx, userId)) !== null,
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
