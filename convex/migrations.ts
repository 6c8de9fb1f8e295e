/**
 * One-off data fixes for deployments whose data predates a change, run by hand (internal only:
 * `npx convex run migrations:<name>`, or the dashboard's Functions page). Each works in bounded
 * batches, schedules itself until done, and may be run again: a second run finds nothing to do.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import { clearReportsLater } from "./cascade";
import { changeFriendCount } from "./friends";
import { incrementCounter } from "./lib/counters";

/**
 * Profiles looked at per run: each costs a read of its user, and a deleted one a few writes
 * (its reports and the friends rows pointing at it are left to runs of their own), far below a
 * mutation's limits.
 */
export const MIGRATION_BATCH_SIZE = 100;

/** Friends rows forgotten per run: each is a delete and a patch of the adder's profile. */
export const FRIEND_ROWS_BATCH_SIZE = 200;

/**
 * Profiles are made only once an address is verified (createProfileOnceVerified), but data from
 * before that holds profiles of accounts that never verified, listed among the people and counted
 * in their page count. This deletes them and takes them off the "profiles" counter in the same
 * mutation; their open reports and the friends rows pointing at them go in runs of their own. A profile whose user is gone goes too: nobody can
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
      await clearReportsLater(ctx, "profile", profile.userId);
      await ctx.scheduler.runAfter(0, internal.migrations.forgetFriendsOf, { userId: profile.userId });
      deleted += 1;
    }
    if (deleted > 0) await incrementCounter(ctx, "profiles", -deleted);
    if (!batch.isDone) {
      await ctx.scheduler.runAfter(0, internal.migrations.deleteUnverifiedProfiles, { cursor: batch.continueCursor });
    }
    return { deleted, isDone: batch.isDone };
  },
});

/**
 * Before friends.add refused accounts that never verified, people could add them: those rows
 * would list "Unknown User" among their friends and count in their friend count. Deletes the
 * rows that point at `userId`, lowering each adder's count with its row, in batches.
 */
export const forgetFriendsOf = internalMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    const rows = await ctx.db
      .query("friends")
      .withIndex("by_friendId", (q) => q.eq("friendId", userId))
      .take(FRIEND_ROWS_BATCH_SIZE);
    for (const row of rows) {
      await ctx.db.delete(row._id);
      await changeFriendCount(ctx, row.userId, -1);
    }
    if (rows.length === FRIEND_ROWS_BATCH_SIZE) {
      await ctx.scheduler.runAfter(0, internal.migrations.forgetFriendsOf, { userId });
    }
  },
});
