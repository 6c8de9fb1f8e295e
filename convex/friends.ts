import { stream } from "convex-helpers/server/stream";
import { paginationOptsValidator } from "convex/server";
import { ConvexError, v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx, QueryCtx } from "./_generated/server";
import { getCounter, pageCount } from "./lib/counters";
import { sharedFigureQuery, userMutation, userQuery } from "./lib/functions";
import { withPageSizeCapped } from "./lib/page-size";
import { recordNotification } from "./lib/notifications/record";
import { friendship, hasAdded, profileOf, reachableProfileOf } from "./lib/profile-lookup";
import { streamPage } from "./lib/stream-page";
import { DELETED_USER_NAME } from "./shared/public-user";
import { LIMITS } from "./shared/text";
import schema from "./schema";

/** People per page on /friends. */
export const PEOPLE_PAGE_SIZE = 12;
export const CANNOT_ADD_YOURSELF = "You cannot add yourself as a friend.";
export const USER_NOT_FOUND = "User not found";

/**
 * One page of everyone (seed §2 Friends: all users), by name, or the people whose name matches
 * `search` (search index: words starting with what was typed). Reads O(page size) documents
 * (the page count is `peopleTotalPages`; a search has none). Listing everyone,
 * a page holds exactly PEOPLE_PAGE_SIZE people on Convex too, however many join while it is
 * watched, and `isDone` is exact: true exactly when nobody comes after this page (see streamPage).
 */
export const people = userQuery({
  args: { search: v.optional(v.string()), cursor: v.union(v.string(), v.null()) },
  handler: async (ctx, { search, cursor }) => {
    const term = (search ?? "").trim().slice(0, LIMITS.displayName);
    // Everyone walks by_displayName (name, then creation order for equal names) through a stream,
    // which a subscribed query's journal does not pin. A search reads the search index, which
    // streams cannot read, so it keeps ctx.db's paginate: on Convex a watched search page can grow
    // past its size as matching people join, and its isDone is paginate's own (a search index has
    // no range to peek one past a result). A changed search starts again at page 1 on the client,
    // so the two kinds of cursor do not meet.
    const result =
      term.length === 0
        ? await streamPage(
            stream(ctx.db, schema).query("profiles").withIndex("by_displayName").order("asc"),
            cursor,
            PEOPLE_PAGE_SIZE,
          )
        : await ctx.db
            .query("profiles")
            .withSearchIndex("search_displayName", (q) => q.search("displayName", term))
            .paginate({ cursor, numItems: PEOPLE_PAGE_SIZE });
    return {
      people: await Promise.all(result.page.map((profile) => personRow(ctx, ctx.user._id, profile.userId, profile))),
      isDone: result.isDone,
      continueCursor: result.continueCursor,
    };
  },
});

/**
 * How many pages everyone fills on /friends ("Page x of y"; a search has no count). Apart from
 * `people` so a sign-up re-runs only the pages the new profile lands on, not every open one;
 * shared by all readers (sharedFigureQuery).
 */
export const peopleTotalPages = sharedFigureQuery({
  args: {},
  handler: async (ctx) => pageCount(await getCounter(ctx, "profiles"), PEOPLE_PAGE_SIZE),
});

/** "Your Friends": the people the caller added, newest first, a page at a time. */
export const mine = userQuery({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db
      .query("friends")
      .withIndex("by_userId", (q) => q.eq("userId", ctx.user._id))
      .order("desc")
      .paginate(withPageSizeCapped(paginationOpts, 50));
    const rows = await Promise.all(
      result.page.map(async ({ friendId }) => personRow(ctx, ctx.user._id, friendId, await profileOf(ctx, friendId))),
    );
    return { ...result, page: rows };
  },
});

/**
 * Puts a person in the caller's friends list (one-way, seed §4). Adding twice keeps one row.
 * Only verified people with a profile can be added: an account nobody verified is "not found".
 */
export const add = userMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    if (userId === ctx.user._id) throw new ConvexError(CANNOT_ADD_YOURSELF);
    if ((await reachableProfileOf(ctx, userId)) === null) throw new ConvexError(USER_NOT_FOUND);
    if (await hasAdded(ctx, ctx.user._id, userId)) return;
    await ctx.db.insert("friends", { userId: ctx.user._id, friendId: userId });
    await changeFriendCount(ctx, ctx.user._id, 1);
    await recordNotification(ctx, { kind: "friendAdded", recipientId: userId, actorId: ctx.user._id });
  },
});

/** Takes a person out of the caller's friends list; someone not in it is a no-op. */
export const remove = userMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    const row = await ctx.db
      .query("friends")
      .withIndex("by_userId_and_friendId", (q) => q.eq("userId", ctx.user._id).eq("friendId", userId))
      .unique();
    if (row === null) return;
    await ctx.db.delete(row._id);
    await changeFriendCount(ctx, ctx.user._id, -1);
  },
});

/** What a row on /friends shows of a person (also search's people). */
export async function personRow(
  ctx: QueryCtx,
  callerId: Id<"users">,
  userId: Id<"users">,
  profile: Doc<"profiles"> | null,
) {
  return {
    userId,
    displayName: profile?.displayName ?? DELETED_USER_NAME,
    photoURL: profile?.photoURL ?? null,
    isYou: userId === callerId,
    ...(await friendship(ctx, callerId, userId)),
  };
}

/** The friend count on the profile moves in the same mutation as the row it counts. */
export async function changeFriendCount(ctx: MutationCtx, userId: Id<"users">, delta: number): Promise<void> {
  const profile = await profileOf(ctx, userId);
  if (profile !== null)
    await ctx.db.patch(profile._id, { friendCount: Math.max(0, (profile.friendCount ?? 0) + delta) });
}
