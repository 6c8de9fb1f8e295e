import { getAuthUserId } from "@convex-dev/auth/server";
import { internalQuery, query } from "./_generated/server";
import { requireVerifiedUser } from "./lib/auth";
import { signInOptions as currentSignInOptions } from "./lib/auth-options";
import { needsName } from "./lib/profiles";

/**
 * Who is signed in, for the shell and the route guard. Unlike feature queries it answers
 * unverified users too (with `emailVerified: false`) so the client can send them to verify.
 */
export const viewer = query({
  args: {},
  handler: async (ctx) => {
    const userId = await getAuthUserId(ctx);
    if (userId === null) return null;
    const user = await ctx.db.get(userId);
    if (user === null) return null;
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
