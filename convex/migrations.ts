/**
 * One-off data fixes for deployments whose data predates a change, run by hand (internal only:
 * `npx convex run migrations:<name>`, or the dashboard's Functions page). Each works in bounded
 * batches, schedules itself until done, and may be run again: a second run finds nothing to do.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import { deleteReportsOf } from "./cascade";
import { incrementCounter } from "./lib/counters";

/** Profiles looked at per run: each costs a read of its user, far below a mutation's limits. */
export const MIGRATION_BATCH_SIZE = 100;

/**
 * Profiles are made only once an address is verified (createProfileOnceVerified), but data from
 * before that holds profiles of accounts that never verified, listed among the people and counted
 * in their page count. This deletes them, with any open reports about them, and takes them off
 * the "profiles" counter in the same mutation. A profile whose user is gone goes too: nobody can
 * reach it either (reachableProfileOf). Someone who verifies later gets a fresh profile then.
 * Returns what this batch did; the rest runs through the scheduler.
 */
export const deleteUnverifiedProfiles = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  handler: async (ctx, { cursor }): Promise<{ deleted: number; isDone: boolean }> => {
    const batch = await ctx.db.query("profiles").paginate({ cursor: cursor ?? null, numItems: MIGRATION_BATCH_SIZE });
    let deleted = 0;
    for (const profile of batch.page) {
      const user = await ctx.db.get(profile.userId);
      if (user?.emailVerificationTime) continue;
      await ctx.db.delete(profile._id);
      await deleteReportsOf(ctx, "profile", profile.userId);
      deleted += 1;
    }
    if (deleted > 0) await incrementCounter(ctx, "profiles", -deleted);
    if (!batch.isDone) {
      await ctx.scheduler.runAfter(0, internal.migrations.deleteUnverifiedProfiles, { cursor: batch.continueCursor });
    }
    return { deleted, isDone: batch.isDone };
  },
});
