/**
 * The browser a sign-up came from holds a random registration key (its hash is kept here, one
 * per address, replaced by every new sign-up). Verifying with a code signs in only with that
 * key or the account's password, so a code opened anywhere else cannot keep a password the
 * verifying person did not set (security review items 5 and 9).
 */
import { v } from "convex/values";
import { internalMutation, internalQuery } from "./_generated/server";

export const remember = internalMutation({
  args: { email: v.string(), keyHash: v.union(v.string(), v.null()) },
  handler: async (ctx, { email, keyHash }) => {
    const existing = await ctx.db
      .query("pendingSignUps")
      .withIndex("by_email", (q) => q.eq("email", email))
      .unique();
    if (existing !== null) await ctx.db.delete(existing._id);
    if (keyHash !== null) await ctx.db.insert("pendingSignUps", { email, keyHash });
  },
});

export const keyHashOf = internalQuery({
  args: { email: v.string() },
  handler: async (ctx, { email }) => {
    const pending = await ctx.db
      .query("pendingSignUps")
      .withIndex("by_email", (q) => q.eq("email", email))
      .unique();
    return pending?.keyHash ?? null;
  },
});
