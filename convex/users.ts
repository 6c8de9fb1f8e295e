import { getAuthUserId } from "@convex-dev/auth/server";
import { v } from "convex/values";
import { internalQuery, query } from "./_generated/server";
import { requireVerifiedUser, sessionUser } from "./lib/auth";
import { signInOptions as currentSignInOptions } from "./lib/auth-options";
import { needsName } from "./lib/profiles";

/**
 * Who is signed in, for the shell and the route guard. Unlike feature queries it answers
 * unverified users too (with `emailVerified: false`) so the client can send them to verify.
 * Null when the caller's session has ended (signed out from another device, a password change,
 * a deleted account) although their token is still valid: the client then signs this device out
 * (src/app/use-ended-session-sign-out.ts).
 */
export const viewer = query({
  args: {},
  handler: async (ctx) => {
    const user = await sessionUser(ctx);
    if (user === null) return null;
    const userId = user._id;
    const profile = await ctx.db
      .query("profiles")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .unique();
    return {
      userId,
      email: user.email ?? profile?.email ?? "",
      emailVerified: Boolean(user.emailVerificationTime),
      displayName: profile?.displayName ?? "New User",
      photoURL: profile?.photoURL ?? null,
      needsName: needsName(profile),
    };
  },
});

/** Which ways in this deployment offers: the Google button and the dev mailbox hint need it. */
export const signInOptions = query({
  args: {},
  handler: async () => currentSignInOptions(),
});

/** The verified caller, for actions (userAction), which cannot read the database themselves. */
export const verifiedCaller = internalQuery({
  args: {},
  handler: async (ctx) => await requireVerifiedUser(ctx),
});

/** Whether any user (a Google user, say) already has this address. */
export const addressTaken = internalQuery({
  args: { email: v.string() },
  handler: async (ctx, { email }) =>
    (await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", email))
      .first()) !== null,
});

/**
 * Whether the caller's token names someone (the password provider asks before verifying an
 * address or resetting a password, so a mailed link never replaces a session). The token alone:
 * a device whose session ended elsewhere signs itself out within a second anyway.
 */
export const callerIsSignedIn = internalQuery({
  args: {},
  handler: async (ctx) => (await getAuthUserId(ctx)) !== null,
});
