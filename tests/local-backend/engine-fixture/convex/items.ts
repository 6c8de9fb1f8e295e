/** Index range queries for the engine's index test: same answers with and without its indexes. */
import {
  mutationGeneric as mutation,
  paginationOptsValidator,
  queryGeneric as query,
  type GenericDataModel,
  type GenericQueryCtx,
} from "convex/server";
import { v } from "convex/values";

const rangeArgs = {
  group: v.string(),
  lower: v.optional(v.object({ rank: v.number(), inclusive: v.boolean() })),
  upper: v.optional(v.object({ rank: v.number(), inclusive: v.boolean() })),
  order: v.union(v.literal("asc"), v.literal("desc")),
};

type Range = {
  group: string;
  lower?: { rank: number; inclusive: boolean };
  upper?: { rank: number; inclusive: boolean };
  order: "asc" | "desc";
};

/** The index range builder, loosely typed (these fixtures have no generated data model). */
type Bounds = {
  eq(field: string, value: unknown): Bounds;
  gt(field: string, value: unknown): Bounds;
  gte(field: string, value: unknown): Bounds;
  lt(field: string, value: unknown): Bounds;
  lte(field: string, value: unknown): Bounds;
};

/** The group's items in the rank range, through the by_group_rank index, in the range's order. */
function itemsInRange(ctx: GenericQueryCtx<GenericDataModel>, range: Range) {
  return ctx.db
    .query("items")
    .withIndex("by_group_rank", (q) => {
      const inGroup = (q as unknown as Bounds).eq("group", range.group);
      const { lower, upper } = range;
      const bounded =
        lower === undefined
          ? inGroup
          : lower.inclusive
            ? inGroup.gte("rank", lower.rank)
            : inGroup.gt("rank", lower.rank);
      const all =
        upper === undefined
          ? bounded
          : upper.inclusive
            ? bounded.lte("rank", upper.rank)
            : bounded.lt("rank", upper.rank);
      return all as unknown as typeof q;
    })
    .order(range.order);
}

/** Ids of the group's items in the rank range. */
export const inRange = query({
  args: rangeArgs,
  handler: async (ctx, range: Range) => (await itemsInRange(ctx, range).collect()).map((item) => item._id),
});

/** The first `count` ids of the range whose rank is not `skipRank` (a `.filter` on top of the index). */
export const firstInRangeExcept = query({
  args: { ...rangeArgs, skipRank: v.number(), count: v.number() },
  handler: async (ctx, { skipRank, count, ...range }) => {
    const items = await itemsInRange(ctx, range)
      .filter((q) => q.neq(q.field("rank"), skipRank))
      .take(count);
    return items.map((item) => item._id);
  },
});

/** One page of the range (`.paginate`). */
export const pageOfRange = query({
  args: { ...rangeArgs, paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts, ...range }) => {
    const result = await itemsInRange(ctx, range).paginate(paginationOpts);
    return { ids: result.page.map((item) => item._id), isDone: result.isDone, continueCursor: result.continueCursor };
  },
});

/** The documents of one page of the range, as stored. */
export const documentsOfPage = query({
  args: { ...rangeArgs, paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts, ...range }) => (await itemsInRange(ctx, range).paginate(paginationOpts)).page,
});

/**
 * The items with these ids, read one by one with `db.get` (no query, so nothing the engine's
 * indexes answer): the reference the tests compute expected query results from.
 */
export const byIds = query({
  args: { ids: v.array(v.string()) },
  handler: async (ctx, { ids }) => {
    const items = [];
    for (const id of ids) {
      const itemId = ctx.db.normalizeId("items", id);
      const item = itemId === null ? null : await ctx.db.get(itemId);
      if (item !== null) items.push(item);
    }
    return items;
  },
});

/** Ids of the whole table in creation order (a query without an index), optionally filtered and limited. */
export const scan = query({
  args: {
    order: v.union(v.literal("asc"), v.literal("desc")),
    skipRank: v.optional(v.number()),
    count: v.optional(v.number()),
  },
  handler: async (ctx, { order, skipRank, count }) => {
    const ordered = ctx.db.query("items").order(order);
    const filtered = skipRank === undefined ? ordered : ordered.filter((q) => q.neq(q.field("rank"), skipRank));
    const items = count === undefined ? await filtered.collect() : await filtered.take(count);
    return items.map((item) => item._id);
  },
});

/** What a page of the whole table, newest first, says about splitting it. */
export const splitOfScan = query({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db.query("items").order("desc").paginate(paginationOpts);
    return { size: result.page.length, pageStatus: result.pageStatus ?? null, splitCursor: result.splitCursor ?? null };
  },
});

/** One page of the whole table in creation order (`.paginate` without an index). */
export const pageOfScan = query({
  args: { order: v.union(v.literal("asc"), v.literal("desc")), paginationOpts: paginationOptsValidator },
  handler: async (ctx, { order, paginationOpts }) => {
    const result = await ctx.db.query("items").order(order).paginate(paginationOpts);
    return { ids: result.page.map((item) => item._id), isDone: result.isDone, continueCursor: result.continueCursor };
  },
});

/**
 * Two of the newest items from `cursor`, paginated with a bare cursor argument (no
 * `paginationOpts`): on Convex a live query's paginate ends where its journal says, whatever
 * its arguments are called.
 */
export const newestByCursor = query({
  args: { cursor: v.union(v.string(), v.null()) },
  handler: async (ctx, { cursor }) => {
    const result = await ctx.db.query("items").order("desc").paginate({ cursor, numItems: 2 });
    return { ids: result.page.map((item) => item._id), isDone: result.isDone, continueCursor: result.continueCursor };
  },
});

/** newestByCursor that fails while an item of the group "fail" exists. */
export const newestUnlessFailing = query({
  args: { cursor: v.union(v.string(), v.null()) },
  handler: async (ctx, { cursor }) => {
    const failing = await ctx.db
      .query("items")
      .withIndex("by_group_rank", (q) => q.eq("group", "fail"))
      .first();
    if (failing !== null) throw new Error("failing on purpose");
    const result = await ctx.db.query("items").order("desc").paginate({ cursor, numItems: 2 });
    return { ids: result.page.map((item) => item._id), isDone: result.isDone, continueCursor: result.continueCursor };
  },
});

export const put = mutation({
  args: { group: v.string(), rank: v.optional(v.number()) },
  handler: async (ctx, item) => await ctx.db.insert("items", item),
});

export const move = mutation({
  args: { id: v.id("items"), group: v.string(), rank: v.optional(v.number()) },
  handler: async (ctx, { id, group, rank }) =>
    await ctx.db.replace(id, { group, ...(rank === undefined ? {} : { rank }) }),
});

export const remove = mutation({
  args: { id: v.id("items") },
  handler: async (ctx, { id }) => await ctx.db.delete(id),
});

/** Writes to the table, then queries it in the same transaction (sees its own write). */
export const putAndCount = mutation({
  args: { group: v.string(), rank: v.number() },
  handler: async (ctx, item) => {
    const id = await ctx.db.insert("items", item);
    const inGroup = await ctx.db
      .query("items")
      .withIndex("by_group_rank", (q) => q.eq("group", item.group))
      .collect();
    return { id, count: inGroup.length };
  },
});

/**
 * Changes a document it read, then reads it again by id and through the index: each read is a
 * copy of its own, as on Convex, so both still show the stored group.
 */
export const readAfterChangingACopy = query({
  args: { id: v.id("items") },
  handler: async (ctx, { id }) => {
    const first = await ctx.db.get(id);
    if (first !== null) first.group = "changed";
    const again = await ctx.db.get(id);
    const listed = await ctx.db
      .query("items")
      .withIndex("by_group_rank", (q) => q.eq("group", again?.group ?? ""))
      .first();
    return { again: again?.group ?? null, listed: listed?.group ?? null };
  },
});
