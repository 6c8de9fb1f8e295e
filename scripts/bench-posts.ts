/**
 * Benchmark posts for `bench:feed` and `bench:memory`: N posts spread over the six categories
 * with random counts, inserted straight through the engine in large transactions, with the feed's
 * counters ("Page x of y") kept right whether or not the folder already had posts.
 */
import type { Id } from "../convex/_generated/dataModel";
import { incrementCounter, type CounterName } from "../convex/lib/counters";
import type { Engine } from "../local-backend/engine/types";

export const CATEGORIES = ["psychology", "science", "art", "philosophy", "productivity", "uncategorized"] as const;
const INSERT_BATCH = 5_000;

/** A small deterministic generator, so every run measures the same data. */
function random(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % max;
  };
}

export async function fillPosts(engine: Engine, userId: Id<"users">, count: number): Promise<void> {
  const next = random(count);
  const added = new Map<string, number>([["posts", count]]);
  for (let start = 0; start < count; start += INSERT_BATCH) {
    const batch = Array.from({ length: Math.min(INSERT_BATCH, count - start) }, (_, i) => {
      const category = CATEGORIES[next(CATEGORIES.length)]!;
      added.set(`posts:${category}`, (added.get(`posts:${category}`) ?? 0) + 1);
      return {
        title: `Post ${start + i}`,
        description: "Benchmark post",
        category,
        image: { url: `https://example.com/${start + i}.png` },
        userId,
        updatedAt: 0,
        views: next(5000),
        likes: next(300),
        comments: next(60),
      };
    });
    await engine.admin.run(async (ctx) => {
      for (const post of batch) await ctx.db.insert("posts", post);
    });
  }
  // Counted as adding posts counts them: in many transactions, so a total's shards all fill.
  for (const [name, value] of added) {
    for (let part = 0; part < COUNT_PARTS; part++) {
      const share = Math.floor(value / COUNT_PARTS) + (part < value % COUNT_PARTS ? 1 : 0);
      await engine.admin.run(async (ctx) => await incrementCounter(ctx as never, name as CounterName, share));
    }
  }
}

/** Transactions each count is added in (a total has 4 shards, picked at random per add). */
const COUNT_PARTS = 16;
