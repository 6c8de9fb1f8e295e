/**
 * Which kinds of notification a person wants (issue 31), owner only: read where an event happens
 * (lib/notifications/record.ts), so turning one off stops the next one at once.
 */
import { v } from "convex/values";
import { userMutation, userQuery } from "./lib/functions";
import { preferencesFrom, preferencesRow } from "./lib/notifications/preferences";
import { preferenceKindValidator } from "./lib/notifications/validators";
import { PREFERENCE_KINDS } from "./shared/notifications";

/** The caller's preferences: every kind on until turned off. */
export const mine = userQuery({
  args: {},
  handler: async (ctx) => preferencesFrom(await preferencesRow(ctx, ctx.user._id)),
});

/** Turns one kind on or off for the caller. */
export const set = userMutation({
  args: { kind: preferenceKindValidator, enabled: v.boolean() },
  handler: async (ctx, { kind, enabled }) => {
    const row = await preferencesRow(ctx, ctx.user._id);
    const disabled = new Set(row?.disabled ?? []);
    if (enabled) disabled.delete(kind);
    else disabled.add(kind);
    // Kept in the contract's order, so the row reads the same whatever order kinds were switched in.
    const next = PREFERENCE_KINDS.filter((candidate) => disabled.has(candidate));
    if (row === null) {
      if (next.length > 0) await ctx.db.insert("notificationPreferences", { userId: ctx.user._id, disabled: next });
    } else if (next.length === 0) {
      await ctx.db.delete(row._id);
    } else {
      await ctx.db.patch(row._id, { disabled: next });
    }
    return null;
  },
});
