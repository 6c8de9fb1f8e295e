/**
 * "Delete my account" (issue 30). The person confirms with their password (none for an account
 * that only signs in with Google) and the word DELETE; one mutation then takes away their
 * sign-in, profile and roles at once (lib/account-deletion/start.ts), and scheduled batches
 * delete everything else they made, a bounded batch per mutation, stage by stage
 * (lib/account-deletion/batches.ts), the user row last. A cron resumes a deletion whose batches
 * stopped.
 */
import { ConvexError, v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalMutation, internalQuery, type QueryCtx } from "./_generated/server";
import { userAction, userQuery } from "./lib/functions";
import { runStageBatch } from "./lib/account-deletion/batches";
import { CONFIRMATION_REQUIRED, CONFIRMATION_WORD, STALLED_AFTER_MS } from "./lib/account-deletion/constants";
import { requirePassword } from "./lib/account-deletion/password-check";
import { ACCOUNT_DELETION_STAGES } from "./lib/account-deletion/stages";
import { ALREADY_DELETING, beginAccountDeletion, deletionOf } from "./lib/account-deletion/start";
import { PASSWORD_PROVIDER_ID } from "./lib/password-provider";

/** Deletions the cron sets going again per run. */
const RESUME_BATCH = 20;

/** What the settings section needs to ask: whether the account has a password to confirm with. */
export const options = userQuery({
  args: {},
  handler: async (ctx) => ({ hasPassword: (await passwordAccountEmail(ctx, ctx.user._id)) !== null }),
});

/** Deletes the caller's account, after the password (if it has one) and DELETE typed exactly. */
export const deleteMyAccount = userAction({
  args: { password: v.optional(v.string()), confirmation: v.string() },
  handler: async (ctx, { password, confirmation }) => {
    if (confirmation.trim() !== CONFIRMATION_WORD) throw new ConvexError(CONFIRMATION_REQUIRED);
    const userId = ctx.user._id;
    const state = await ctx.runQuery(internal.accountDeletion.stateOf, { userId });
    // Refused before the password is tried, so a second tab's click counts no sign-in failure.
    if (state.deleting) throw new ConvexError(ALREADY_DELETING);
    if (state.passwordEmail !== null) await requirePassword(ctx, state.passwordEmail, password ?? "");
    await ctx.runMutation(internal.accountDeletion.start, { userId });
    return null;
  },
});

export const stateOf = internalQuery({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => ({
    deleting: (await deletionOf(ctx, userId)) !== null,
    passwordEmail: await passwordAccountEmail(ctx, userId),
  }),
});

export const start = internalMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    await beginAccountDeletion(ctx, userId);
    return null;
  },
});

/**
 * One batch: the stage the row names, or the first after it with anything left, deletes a
 * bounded batch and the next batch is scheduled. The last stage deletes the user and this row.
 */
export const nextBatch = internalMutation({
  args: { deletionId: v.id("accountDeletions") },
  handler: async (ctx, { deletionId }) => {
    const deletion = await ctx.db.get(deletionId);
    if (deletion === null) return null;
    let cursor = deletion.cursor;
    for (let index = ACCOUNT_DELETION_STAGES.indexOf(deletion.stage); index < ACCOUNT_DELETION_STAGES.length; index++) {
      const stage = ACCOUNT_DELETION_STAGES[index]!;
      const result = await runStageBatch(ctx, stage, deletion.userId, cursor);
      if (result.done > 0) {
        await ctx.db.patch(deletion._id, { stage, cursor: result.cursor, updatedAt: Date.now() });
        await ctx.scheduler.runAfter(0, internal.accountDeletion.nextBatch, { deletionId });
        return null;
      }
      cursor = undefined;
    }
    // The last stage found nothing left: it deleted the user and this row.
    return null;
  },
});

/**
 * The cron: a deletion whose last batch ran more than STALLED_AFTER_MS ago has stopped (a batch
 * failed and scheduled no next one); it goes on from where its row says.
 */
export const resumeStalled = internalMutation({
  args: {},
  handler: async (ctx) => {
    const now = Date.now();
    const stalled = await ctx.db
      .query("accountDeletions")
      .withIndex("by_updatedAt", (q) => q.lt("updatedAt", now - STALLED_AFTER_MS))
      .take(RESUME_BATCH);
    // Marked "still running" while the clock ran ahead (lib/clock.ts): stalled too, not a day later.
    const markedAhead = await ctx.db
      .query("accountDeletions")
      .withIndex("by_updatedAt", (q) => q.gt("updatedAt", now))
      .take(RESUME_BATCH);
    for (const deletion of [...stalled, ...markedAhead]) {
      await ctx.db.patch(deletion._id, { updatedAt: now });
      await ctx.scheduler.runAfter(0, internal.accountDeletion.nextBatch, { deletionId: deletion._id });
    }
    return null;
  },
});

/** The address of the person's password account, or null for an account without one (Google only). */
async function passwordAccountEmail(ctx: QueryCtx, userId: Id<"users">): Promise<string | null> {
  const account = await ctx.db
    .query("authAccounts")
    .withIndex("userIdAndProvider", (q) => q.eq("userId", userId).eq("provider", PASSWORD_PROVIDER_ID))
    .first();
  return account?.providerAccountId ?? null;
}
