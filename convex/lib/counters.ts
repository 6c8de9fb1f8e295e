import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { PostCategory } from "./validators";

/** Names of the counters kept in the `counters` table ("posts:science" counts one post category, "profiles" the people on /friends). */
export type CounterName = "books" | "posts" | `posts:${PostCategory}` | "profiles";

/** The current value of a counter (0 before anything was counted): one index lookup. */
export async function getCounter(ctx: QueryCtx, name: CounterName): Promise<number> {
  const counter = await ctx.db
    .query("counters")
    .withIndex("by_name", (q) => q.eq("name", name))
    // Each name has one row (incrementCounter inserts it once); first() reads one where unique()
    // reads two, on every page of books and posts.
    .first();
  return counter?.value ?? 0;
}

/**
 * Moves a counter by `delta`. Call it in the same mutation as the insert or delete it counts,
 * so the count can never drift from the data (Convex mutations are serializable).
 */
export async function incrementCounter(ctx: MutationCtx, name: CounterName, delta: number): Promise<void> {
  const counter = await ctx.db
    .query("counters")
    .withIndex("by_name", (q) => q.eq("name", name))
    .unique();
  if (counter) {
    await ctx.db.patch(counter._id, { value: Math.max(0, counter.value + delta) });
  } else {
    await ctx.db.insert("counters", { name, value: Math.max(0, delta) });
  }
}

/** How many pages `total` items fill; an empty list is still one page ("Page 1 of 1"). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
