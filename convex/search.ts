/**
 * One search box for people, books, posts and chat rooms (issue 33; the contract is
 * shared/search.ts). Each kind reads its table's `search_text` index (lib/search/text.ts says what
 * it holds) a page at a time, in relevance order, and answers the same items the rest of the app
 * lists: people as /friends, books as the board, posts as the feed, rooms as /chats. What search
 * never shows is kept out by the index itself: removed content is deleted, a deleted account's
 * profile is deleted at once, and a suspended person's profile carries searchHidden (a filter
 * field), so no page is post-filtered and a page reads its own items only.
 */
import { paginationOptsValidator, type PaginationOptions, type PaginationResult } from "convex/server";
import { v } from "convex/values";
import type { Doc } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { toCards as bookCards } from "./books";
import { personRow } from "./friends";
import { roomSummaries } from "./lib/chats";
import { userQuery } from "./lib/functions";
import { withPageSizeCapped } from "./lib/page-size";
import { searchQuery } from "./lib/search/query";
import { toCards as postCards } from "./posts";
import { SEARCH_ALL_PER_KIND, SEARCH_PAGE_SIZE } from "./shared/search";
import { type PostCategory, postCategoryValidator } from "./shared/validators";

type Ctx = QueryCtx & { user: Doc<"users"> };

/** What a kind's page answers for a query with nothing to search for: empty, nothing read. */
function emptyPage<T>(): PaginationResult<T> {
  return { page: [], isDone: true, continueCursor: "" };
}

/** A page of at most SEARCH_PAGE_SIZE items, whatever the client asks. */
function capped(paginationOpts: PaginationOptions): PaginationOptions {
  return withPageSizeCapped(paginationOpts, SEARCH_PAGE_SIZE);
}

// ---- the four index reads, shared by the kinds' pages and `all` ----

function profilesMatching(ctx: Ctx, query: string) {
  return ctx.db
    .query("profiles")
    .withSearchIndex("search_text", (q) => q.search("searchText", query).eq("searchHidden", false));
}

function booksMatching(ctx: Ctx, query: string) {
  return ctx.db.query("books").withSearchIndex("search_text", (q) => q.search("searchText", query));
}

function postsMatching(ctx: Ctx, query: string, category: PostCategory | undefined) {
  return ctx.db
    .query("posts")
    .withSearchIndex("search_text", (q) =>
      category === undefined ? q.search("searchText", query) : q.search("searchText", query).eq("category", category),
    );
}

function roomsMatching(ctx: Ctx, query: string) {
  return ctx.db.query("chatRooms").withSearchIndex("search_text", (q) => q.search("searchText", query));
}

// ---- the items, in the shapes the rest of the app lists ----

async function personItems(ctx: Ctx, profiles: Doc<"profiles">[]) {
  return await Promise.all(profiles.map((profile) => personRow(ctx, ctx.user._id, profile.userId, profile)));
}

async function roomItems(ctx: Ctx, found: Doc<"chatRooms">[]) {
  return await roomSummaries(ctx, found, ctx.user._id);
}

/** The top few of one kind for "All", and whether "See all" has more to show. */
function top<T>(found: T[]): { found: T[]; hasMore: boolean } {
  return { found: found.slice(0, SEARCH_ALL_PER_KIND), hasMore: found.length > SEARCH_ALL_PER_KIND };
}

// ---- the public functions ----

/** People whose name, hometown or interests match, as /friends lists them. */
export const people = userQuery({
  args: { query: v.string(), paginationOpts: paginationOptsValidator },
  handler: async (ctx, { query, paginationOpts }) => {
    const words = searchQuery(query);
    if (words === null) return emptyPage<Awaited<ReturnType<typeof personItems>>[number]>();
    const result = await profilesMatching(ctx, words).paginate(capped(paginationOpts));
    return { ...result, page: await personItems(ctx, result.page) };
  },
});

/** Books whose title, author or description match, as the board's cards. */
export const books = userQuery({
  args: { query: v.string(), paginationOpts: paginationOptsValidator },
  handler: async (ctx, { query, paginationOpts }) => {
    const words = searchQuery(query);
    if (words === null) return emptyPage<Awaited<ReturnType<typeof bookCards>>[number]>();
    const result = await booksMatching(ctx, words).paginate(capped(paginationOpts));
    return { ...result, page: await bookCards(ctx, result.page) };
  },
});

/** Posts whose title or description match, optionally of one category, as the feed's cards. */
export const posts = userQuery({
  args: { query: v.string(), category: v.optional(postCategoryValidator), paginationOpts: paginationOptsValidator },
  handler: async (ctx, { query, category, paginationOpts }) => {
    const words = searchQuery(query);
    if (words === null) return emptyPage<Awaited<ReturnType<typeof postCards>>[number]>();
    const result = await postsMatching(ctx, words, category).paginate(capped(paginationOpts));
    return { ...result, page: await postCards(ctx, result.page) };
  },
});

/** Chat rooms whose name or description match, as /chats lists them. */
export const chatRooms = userQuery({
  args: { query: v.string(), paginationOpts: paginationOptsValidator },
  handler: async (ctx, { query, paginationOpts }) => {
    const words = searchQuery(query);
    if (words === null) return emptyPage<Awaited<ReturnType<typeof roomItems>>[number]>();
    const result = await roomsMatching(ctx, words).paginate(capped(paginationOpts));
    return { ...result, page: await roomItems(ctx, result.page) };
  },
});

/**
 * The "All" tab: the top SEARCH_ALL_PER_KIND of each kind and whether there are more. Each kind
 * takes one more than it shows to know, so it reads at most 4 × (SEARCH_ALL_PER_KIND + 1) found
 * documents plus what their items read.
 */
export const all = userQuery({
  args: { query: v.string() },
  handler: async (ctx, { query }) => {
    const words = searchQuery(query);
    const wanted = SEARCH_ALL_PER_KIND + 1;
    const [profiles, foundBooks, foundPosts, foundRooms] =
      words === null
        ? [[], [], [], []]
        : await Promise.all([
            profilesMatching(ctx, words).take(wanted),
            booksMatching(ctx, words).take(wanted),
            postsMatching(ctx, words, undefined).take(wanted),
            roomsMatching(ctx, words).take(wanted),
          ]);
    const [p, b, o, r] = [top(profiles), top(foundBooks), top(foundPosts), top(foundRooms)];
    return {
      people: { items: await personItems(ctx, p.found), hasMore: p.hasMore },
      books: { items: await bookCards(ctx, b.found), hasMore: b.hasMore },
      posts: { items: await postCards(ctx, o.found), hasMore: o.hasMore },
      chatRooms: { items: await roomItems(ctx, r.found), hasMore: r.hasMore },
    };
  },
});
