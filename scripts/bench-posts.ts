/**
 * Benchmark posts for `bench:feed` and `bench:memory`: N posts spread over the six categories
 * with random counts, inserted straight through the engine in large transactions, with the feed's
 * counters ("Page x of y") kept right whether or not the folder already had posts.
 */
import type { Id } from "../convex/_generated/dataModel";
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
  await engine.admin.run(async (ctx) => {
    for (const [name, value] of added) {
      const counter = await ctx.db
        .query("counters")
        .withIndex("by_name", (q) => q.eq("name", name))
        .unique();
      if (counter === null) await ctx.db.insert("counters", { name, value });
      else await ctx.db.patch(counter._id, { value: counter.value + value });
    }
  });
}
