import { mergedStream, stream, type QueryStream } from "convex-helpers/server/stream";
import { v, type Infer } from "convex/values";
import type { Doc } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import schema from "../schema";
import { getCounter, type CounterName } from "./counters";
import { POST_CATEGORIES, type PostCategory } from "../shared/validators";

/** The feed's sort orders (seed §2), always descending: newest, most viewed, most liked, most commented. */
export const FEED_SORTS = ["date", "views", "likes", "comments"] as const;
export const feedSortValidator = v.union(
  v.literal("date"),
  v.literal("views"),
  v.literal("likes"),
  v.literal("comments"),
);
export type FeedSort = Infer<typeof feedSortValidator>;

/** The counter that holds how many posts a category has (kept by create, update and remove). */
export function categoryCounter(category: PostCategory): CounterName {
  return `posts:${category}`;
}

/** The selected categories without repeats, in the enumeration's order. */
export function distinctCategories(categories: readonly PostCategory[]): PostCategory[] {
  return POST_CATEGORIES.filter((category) => categories.includes(category));
}

/** How many posts the selected categories hold together: one counter lookup per category, no scan. */
export async function countPosts(ctx: QueryCtx, categories: readonly PostCategory[]): Promise<number> {
  const counts = await Promise.all(categories.map((category) => getCounter(ctx, categoryCounter(category))));
  return counts.reduce((sum, count) => sum + count, 0);
}

/**
 * The posts of the selected categories in `sort` order, highest first, read straight from an index:
 * all categories walk the plain sort index; a subset merges one index range per category
 * (each already in sort order), so a page reads about page size + one document per category.
 * Ties (equal counts) fall back to newest first. `categories` must be distinct and non-empty.
 */
export function feedStream(
  ctx: QueryCtx,
  sort: FeedSort,
  categories: readonly PostCategory[],
): QueryStream<Doc<"posts">> {
  const posts = stream(ctx.db, schema).query("posts");
  if (categories.length === POST_CATEGORIES.length) {
    switch (sort) {
      case "date":
        return posts.withIndex("by_creation_time").order("desc");
      case "views":
        return posts.withIndex("by_views").order("desc");
      case "likes":
        return posts.withIndex("by_likes").order("desc");
      case "comments":
        return posts.withIndex("by_comments").order("desc");
    }
  }
  const perCategory = categories.map((category) => {
    switch (sort) {
      case "date":
        return posts.withIndex("by_category", (q) => q.eq("category", category)).order("desc");
      case "views":
        return posts.withIndex("by_category_and_views", (q) => q.eq("category", category)).order("desc");
      case "likes":
        return posts.withIndex("by_category_and_likes", (q) => q.eq("category", category)).order("desc");
      case "comments":
        return posts.withIndex("by_category_and_comments", (q) => q.eq("category", category)).order("desc");
    }
  });
  // After the category equality each range is ordered by the sort field, then _creationTime.
  return mergedStream(perCategory, sort === "date" ? ["_creationTime"] : [sort]);
}
