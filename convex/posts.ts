import { ConvexError, v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx, QueryCtx } from "./_generated/server";
import { deletePost } from "./cascade";
import { requireOwner } from "./lib/auth";
import { getCounter, incrementCounter, pageCount } from "./lib/counters";
import { publicUser } from "./lib/creators";
import { sharedFigureQuery, userMutation, userQuery } from "./lib/functions";
import { imageUrl, isBlankImageUrl, validateUploadedImage } from "./lib/images";
import { exactItemCounts } from "./lib/item-counts";
import { isLikedBy, toggleLike as toggleLikeRow } from "./lib/likes";
import { recordNotification } from "./lib/notifications/record";
import { categoryCounter, countPosts, distinctCategories, feedSortValidator, feedStream } from "./lib/post-feed";
import { streamPage } from "./lib/stream-page";
import { cleanText, LIMITS } from "./shared/text";
import { imageRefValidator, POST_CATEGORIES, postCategoryValidator } from "./shared/validators";
import { recordView as recordViewRow } from "./lib/views";
import { postSearchText } from "./lib/search/text";

/** Seed §9: eight posts per page. */
export const POSTS_PAGE_SIZE = 8;
/** How many other posts by the same author the details page shows by default, and at most. */
export const OTHER_POSTS_LIMIT = 6;
export const OTHER_POSTS_MAX = 24;

export const POST_NOT_FOUND = "Post not found!";
export const ADD_REQUIRED = "Title, description, and image are required";
export const EDIT_REQUIRED = "Title and description are required";

/**
 * One page of the feed in the chosen order for the chosen categories, answered from indexes
 * (O(page size) reads); its page count is `totalPages`. No category → no posts.
 * `continueCursor` leads to the page after this one; pages never overlap or skip a post,
 * however many posts are added between loads. `isDone` is exact: true exactly when no post
 * comes after this page (see streamPage).
 */
export const feed = userQuery({
  args: {
    sort: feedSortValidator,
    categories: v.array(postCategoryValidator),
    cursor: v.union(v.string(), v.null()),
  },
  handler: async (ctx, { sort, categories, cursor }) => {
    const selected = distinctCategories(categories);
    if (selected.length === 0) return { posts: [], isDone: true, continueCursor: "" };
    const result = await streamPage(feedStream(ctx, sort, selected), cursor, POSTS_PAGE_SIZE);
    return {
      posts: await toCards(ctx, result.page),
      isDone: result.isDone,
      continueCursor: result.continueCursor,
    };
  },
});

/**
 * How many feed pages the selected categories fill ("Page x of y"), from the per-category
 * counters. Apart from `feed` on purpose: a new post moves every count, and had the page query
 * read the counters, every open feed page of every sort would re-run; now a page re-runs only when
 * a post lands in its index range, and this small query (≤ 6 counter reads, no login read: see
 * sharedFigureQuery) runs once per selection for all readers.
 */
export const totalPages = sharedFigureQuery({
  args: { categories: v.array(postCategoryValidator) },
  handler: async (ctx, { categories }) => {
    const selected = distinctCategories(categories);
    if (selected.length === 0) return 1;
    const total =
      selected.length === POST_CATEGORIES.length ? await getCounter(ctx, "posts") : await countPosts(ctx, selected);
    return pageCount(total, POSTS_PAGE_SIZE);
  },
});

/** One post with everything the details and edit pages show; null when the id names no post. */
export const get = userQuery({
  args: { postId: v.string() },
  handler: async (ctx, { postId }) => {
    // The id comes from the address bar, so a malformed one is "not found", not a crash.
    const id = ctx.db.normalizeId("posts", postId);
    const post = id === null ? null : await ctx.db.get(id);
    if (post === null) return null;
    return {
      _id: post._id,
      _creationTime: post._creationTime,
      updatedAt: post.updatedAt,
      title: post.title,
      description: post.description,
      category: post.category,
      imageUrl: await imageUrl(ctx, post.image),
      // Exact, from the post's counters: the document's fields are the cards' snapshot.
      ...(await exactItemCounts(ctx, post)),
      likedByMe: await isLikedBy(ctx, post._id, ctx.user._id),
      isOwner: post.userId === ctx.user._id,
      author: await publicUser(ctx, post.userId),
    };
  },
});

/** A few posts of one user, newest first, optionally without the one being viewed. */
export const byUser = userQuery({
  args: { userId: v.id("users"), excludePostId: v.optional(v.id("posts")), limit: v.optional(v.number()) },
  handler: async (ctx, { userId, excludePostId, limit = OTHER_POSTS_LIMIT }) => {
    const wanted = Number.isFinite(limit)
      ? Math.min(Math.max(1, Math.floor(limit)), OTHER_POSTS_MAX)
      : OTHER_POSTS_LIMIT;
    const posts = await ctx.db
      .query("posts")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .order("desc")
      .take(wanted + 1);
    return await toCards(ctx, posts.filter((post) => post._id !== excludePostId).slice(0, wanted));
  },
});

const postFields = { title: v.string(), description: v.string(), category: postCategoryValidator };

export const create = userMutation({
  args: { ...postFields, image: v.optional(imageRefValidator) },
  handler: async (ctx, { title, description, category, image }): Promise<Id<"posts">> => {
    if (isBlank(title) || isBlank(description) || image === undefined || isBlankImageUrl(image)) {
      throw new ConvexError(ADD_REQUIRED);
    }
    const text = cleanPostText(title, description);
    const postId = await ctx.db.insert("posts", {
      ...text,
      searchText: postSearchText(text),
      category,
      image: await validateUploadedImage(ctx, image, ctx.user._id),
      userId: ctx.user._id,
      updatedAt: Date.now(),
      views: 0,
      likes: 0,
      comments: 0,
      countsInCounters: true,
    });
    await incrementCounter(ctx, "posts", 1);
    await incrementCounter(ctx, categoryCounter(category), 1);
    return postId;
  },
});

/** The owner changes the text and the category (the image is chosen on add only, seed §2). */
export const update = userMutation({
  args: { postId: v.id("posts"), ...postFields },
  handler: async (ctx, { postId, title, description, category }) => {
    const post = await ownPost(ctx, postId);
    if (isBlank(title) || isBlank(description)) throw new ConvexError(EDIT_REQUIRED);
    const text = cleanPostText(title, description);
    await ctx.db.patch(post._id, { ...text, searchText: postSearchText(text), category, updatedAt: Date.now() });
    if (category !== post.category) {
      await incrementCounter(ctx, categoryCounter(post.category), -1);
      await incrementCounter(ctx, categoryCounter(category), 1);
    }
  },
});

/** The owner deletes a post with its comments, likes, views and stored image. */
export const remove = userMutation({
  args: { postId: v.id("posts") },
  handler: async (ctx, { postId }) => {
    await deletePost(ctx, await ownPost(ctx, postId));
  },
});

/**
 * Likes or unlikes the post for the caller; returns the new state. Not the count: an exact count
 * reads every shard of the post's like counter, so people liking one post at the same moment
 * would all conflict on those rows; this writes the caller's like row and one shard only, and the
 * detail page's live `get` shows the new count.
 */
export const toggleLike = userMutation({
  args: { postId: v.id("posts") },
  handler: async (ctx, { postId }) => {
    const post = await existingPost(ctx, postId);
    const liked = await toggleLikeRow(ctx, post._id, ctx.user._id);
    // A like tells the owner (an event row only: lib/notifications/record.ts); an unlike tells nobody.
    if (liked) {
      await recordNotification(ctx, {
        kind: "like",
        recipientId: post.userId,
        actorId: ctx.user._id,
        item: { kind: "post", id: post._id },
      });
    }
    return { liked };
  },
});

/** Counts the caller's view unless they were counted recently (reloads do not inflate views). */
export const recordView = userMutation({
  args: { postId: v.id("posts") },
  handler: async (ctx, { postId }) => {
    const post = await existingPost(ctx, postId);
    return await recordViewRow(ctx, post._id, ctx.user._id);
  },
});

/** The post or a "Post not found!" error (also used by the comments module). */
export async function existingPost(ctx: QueryCtx, postId: Id<"posts">): Promise<Doc<"posts">> {
  const post = await ctx.db.get(postId);
  if (post === null) throw new ConvexError(POST_NOT_FOUND);
  return post;
}

async function ownPost(ctx: MutationCtx & { user: Doc<"users"> }, postId: Id<"posts">): Promise<Doc<"posts">> {
  const post = await existingPost(ctx, postId);
  requireOwner(post.userId, ctx.user._id);
  return post;
}

/** Trimmed title and description within the limits; the description keeps its line breaks (D4). */
function cleanPostText(title: string, description: string) {
  return {
    title: cleanText(title, "Title", LIMITS.title),
    description: cleanText(description.replace(/\r\n?/g, "\n"), "Description", LIMITS.description),
  };
}

function isBlank(text: string): boolean {
  return text.trim().length === 0;
}

/** What a feed card needs (seed §2): image, title, views, likes, comments and date (the feed, search). */
export async function toCards(ctx: QueryCtx, posts: Doc<"posts">[]) {
  return await Promise.all(
    posts.map(async (post) => ({
      _id: post._id,
      _creationTime: post._creationTime,
      title: post.title,
      category: post.category,
      imageUrl: await imageUrl(ctx, post.image),
      views: post.views,
      likes: post.likes,
      comments: post.comments,
    })),
  );
}
