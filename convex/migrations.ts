/**
 * One-off data fixes for deployments whose data predates a change, on the
 * `@convex-dev/migrations` component: each walks its table in batches through the component's
 * scheduler, records its progress (resumable after a failure or a cancel: it goes on from the
 * last batch), and may be run again: a second run finds nothing to do.
 *
 * Run from the CLI (or the dashboard's Functions page):
 *   npx convex run migrations:run '{fn: "migrations:movePostCounts"}'
 *   npx convex run migrations:moveCounts                    # posts, then books
 *   npx convex run migrations:deleteUnverified              # profiles, then friends rows
 *   npx convex run migrations:fillSearchText                # search fields of profiles, books, posts, rooms
 *   npx convex run --component migrations lib:getStatus --watch   (or migrations:status)
 */
import { Migrations } from "@convex-dev/migrations";
import { v } from "convex/values";
import { components, internal } from "./_generated/api";
import type { DataModel } from "./_generated/dataModel";
import { internalQuery } from "./_generated/server";
import { clearReportsLater } from "./cascade";
import { changeFriendCount } from "./friends";
import { incrementCounter } from "./lib/counters";
import { moveCountsIntoCounters } from "./lib/item-counts";
import { activeSuspension } from "./lib/moderation/suspensions";
import { profileSearchFields } from "./lib/search/profiles";
import { bookSearchText, chatRoomSearchText, postSearchText } from "./lib/search/text";

export const migrations = new Migrations<DataModel>(components.migrations);

/** Runs any migration of this file by name, e.g. `{fn: "migrations:moveBookCounts"}`. */
export const run = migrations.runner();

/**
 * Profiles looked at per batch: each costs a read of its user, and a deleted one a few writes
 * (its reports are left to runs of their own), far below a mutation's limits.
 */
export const MIGRATION_BATCH_SIZE = 100;

/** Friends rows looked at per batch: each is a read of the friend, a deleted one a delete and a patch. */
export const FRIEND_ROWS_BATCH_SIZE = 200;

/** Posts or books moved per batch: each reads its document and writes up to 3 counter shards and itself. */
export const COUNTS_BATCH_SIZE = 100;

/**
 * Profiles are made only once an address is verified (createProfileOnceVerified), but data from
 * before that holds profiles of accounts that never verified, listed among the people and counted
 * in their page count. This deletes them and takes them off the "profiles" counter in the same
 * mutation; their open reports go in runs of their own, the friends rows pointing at them in
 * forgetUnverifiedFriends (run `deleteUnverified` for both). A profile whose user is gone goes
 * too: nobody can reach it either (reachableProfileOf). Someone who verifies later gets a fresh
 * profile then.
 */
export const deleteUnverifiedProfiles = migrations.define({
  table: "profiles",
  batchSize: MIGRATION_BATCH_SIZE,
  migrateOne: async (ctx, profile) => {
    const user = await ctx.db.get(profile.userId);
    if (user?.emailVerificationTime) return;
    await ctx.db.delete(profile._id);
    await clearReportsLater(ctx, "profile", profile.userId);
    await incrementCounter(ctx, "profiles", -1);
  },
});

/**
 * Before friends.add refused accounts that never verified, people could add them: those rows
 * would list "Unknown User" among their friends and count in their friend count. Deletes every
 * row that points at an account that never verified (or is gone), lowering the adder's count
 * with its row.
 */
export const forgetUnverifiedFriends = migrations.define({
  table: "friends",
  batchSize: FRIEND_ROWS_BATCH_SIZE,
  migrateOne: async (ctx, row) => {
    const friend = await ctx.db.get(row.friendId);
    if (friend?.emailVerificationTime) return;
    await ctx.db.delete(row._id);
    await changeFriendCount(ctx, row.userId, -1);
  },
});

/** Both steps above, in order; each is skipped once complete. */
export const deleteUnverified = migrations.runner([
  internal.migrations.deleteUnverifiedProfiles,
  internal.migrations.forgetUnverifiedFriends,
]);

/**
 * Views, likes and comment counts moved off the documents into per-item counters
 * (lib/item-counts.ts). A post from before holds its exact counts in its fields; this adds them
 * to its counters and marks it, in one mutation per batch, so a like committed before or after
 * counts exactly once. Marked posts (new ones, or moved already) are skipped.
 */
export const movePostCounts = migrations.define({
  table: "posts",
  batchSize: COUNTS_BATCH_SIZE,
  migrateOne: async (ctx, post) => {
    await moveCountsIntoCounters(ctx, post);
  },
});

/** movePostCounts for books. */
export const moveBookCounts = migrations.define({
  table: "books",
  batchSize: COUNTS_BATCH_SIZE,
  migrateOne: async (ctx, book) => {
    await moveCountsIntoCounters(ctx, book);
  },
});

/** Both count moves, posts then books. */
export const moveCounts = migrations.runner([internal.migrations.movePostCounts, internal.migrations.moveBookCounts]);

/**
 * The component's status of the migrations named (all recent ones without names), for
 * `npx convex run migrations:status` where `--component migrations lib:getStatus` is not at hand.
 */
export const status = internalQuery({
  args: { names: v.optional(v.array(v.string())) },
  handler: async (ctx, { names }) => await migrations.getStatus(ctx, { migrations: names }),
});

/**
 * Search (issue 33): documents from before it have no `searchText`, so no search finds them
 * (and profiles no `searchHidden`). These fill both from the document's own fields, as every
 * write path now does; a document already filled is written again only if its text differs.
 * Run `fillSearchText` for all four tables, in order.
 */
export const SEARCH_FILL_BATCH_SIZE = 200;

export const fillProfileSearch = migrations.define({
  table: "profiles",
  batchSize: SEARCH_FILL_BATCH_SIZE,
  migrateOne: async (ctx, profile) => {
    const searchHidden = (await activeSuspension(ctx, profile.userId)) !== null;
    const { searchText } = profileSearchFields(profile);
    if (profile.searchText === searchText && profile.searchHidden === searchHidden) return;
    await ctx.db.patch(profile._id, { searchText, searchHidden });
  },
});

export const fillBookSearch = migrations.define({
  table: "books",
  batchSize: SEARCH_FILL_BATCH_SIZE,
  migrateOne: (_ctx, book) => {
    const searchText = bookSearchText(book);
    return book.searchText === searchText ? undefined : { searchText };
  },
});

export const fillPostSearch = migrations.define({
  table: "posts",
  batchSize: SEARCH_FILL_BATCH_SIZE,
  migrateOne: (_ctx, post) => {
    const searchText = postSearchText(post);
    return post.searchText === searchText ? undefined : { searchText };
  },
});

export const fillChatRoomSearch = migrations.define({
  table: "chatRooms",
  batchSize: SEARCH_FILL_BATCH_SIZE,
  migrateOne: (_ctx, room) => {
    const searchText = chatRoomSearchText(room);
    return room.searchText === searchText ? undefined : { searchText };
  },
});

export const fillSearchText = migrations.runner([
  internal.migrations.fillProfileSearch,
  internal.migrations.fillBookSearch,
  internal.migrations.fillPostSearch,
  internal.migrations.fillChatRoomSearch,
]);
