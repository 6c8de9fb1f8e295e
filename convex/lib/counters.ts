import { ShardedCounter } from "@convex-dev/sharded-counter";
import { components } from "../_generated/api";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { PostCategory } from "../shared/validators";

/** What is counted: "posts:science" counts one post category, "profiles" the people on /friends. */
export type CounterName = "books" | "posts" | `posts:${PostCategory}` | "profiles";

/**
 * Documents a total is spread over. With one document, every book, post or sign-up by anyone
 * wrote the same row, so people posting at the same moment conflicted on Convex and were retried
 * (and failed past a rate). Four let about four go through at once while a page's "of y" reads
 * four small rows. A post category keeps one row: a feed page sums up to five of them, and
 * ARCHITECTURE.md's budget of 3 × page size documents a page leaves no room for more; posts
 * conflict there only with posts of the same category at the same moment.
 */
const SHARDS_PER_TOTAL = 4;

/**
 * A counter of its own per call: the library remembers the shard it last wrote on the object
 * (so one mutation's adds land together), and a module-level object would keep one shard per
 * count for good wherever modules stay loaded (this project's local backend).
 */
function shardedCounter(): ShardedCounter<CounterName> {
  return new ShardedCounter<CounterName>(components.shardedCounter, {
    shards: { books: SHARDS_PER_TOTAL, posts: SHARDS_PER_TOTAL, profiles: SHARDS_PER_TOTAL },
    defaultShards: 1,
  });
}

/**
 * The current value of a count (0 before anything was counted). Counts made before the sharded
 * counter are rows of the app's `counters` table, never written again: they are the base the
 * shards add to, so data from then stays counted without a migration.
 */
export async function getCounter(ctx: QueryCtx, name: CounterName): Promise<number> {
  const before = await ctx.db
    .query("counters")
    .withIndex("by_name", (q) => q.eq("name", name))
    // One row per name at most; first() reads one where unique() reads two.
    .first();
  // Never below zero, as the single row was kept: a count cannot be negative.
  return Math.max(0, (before?.value ?? 0) + (await shardedCounter().count(ctx, name)));
}

/**
 * Moves a count by `delta`. Call it in the same mutation as the insert or delete it counts,
 * so the count can never drift from the data (Convex mutations are serializable). It writes one
 * shard picked at random and reads nothing else, so it conflicts only with writers of that shard.
 */
export async function incrementCounter(ctx: MutationCtx, name: CounterName, delta: number): Promise<void> {
  await shardedCounter().add(ctx, name, delta);
}

/** How many pages `total` items fill; an empty list is still one page ("Page 1 of 1"). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
