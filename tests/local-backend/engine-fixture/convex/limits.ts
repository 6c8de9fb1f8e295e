/** Functions that go up to (and past) Convex's limits, for the engine's limit tests. */
import { mutationGeneric as mutation, queryGeneric as query } from "convex/server";
import { v, type GenericId } from "convex/values";

const shapes = v.union(
  v.literal("string"),
  v.literal("nesting"),
  v.literal("fields"),
  v.literal("array"),
  v.literal("systemField"),
  v.literal("nestedSystemField"),
  v.literal("dollarField"),
);

/** A document of the given shape, `n` big: string length, nesting depth, field count or array length. */
function shaped(shape: string, n: number): Record<string, unknown> {
  switch (shape) {
    case "string":
      return { s: "x".repeat(n) };
    case "nesting": {
      // The document itself is one level: n levels in all.
      let value: Record<string, unknown> = { leaf: true };
      for (let level = 2; level < n; level++) value = { a: value };
      return { a: value };
    }
    case "fields":
      return { o: Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, i])) };
    case "array":
      return { a: Array.from({ length: n }, () => 0) };
    case "systemField":
      return { _secret: n };
    case "nestedSystemField":
      return { o: { _secret: n } };
    default:
      return { $secret: n };
  }
}

export const insertShaped = mutation({
  args: { shape: shapes, n: v.number() },
  handler: async (ctx, { shape, n }) => await ctx.db.insert("blobs", shaped(shape, n)),
});

export const patchShaped = mutation({
  args: { id: v.string(), shape: shapes, n: v.number() },
  handler: async (ctx, { id, shape, n }) => await ctx.db.patch(id as GenericId<"blobs">, shaped(shape, n)),
});

/** Tries a write that breaks a limit, catches the error, and reports what the transaction sees. */
export const insertTooBigAndCatch = mutation({
  args: {},
  handler: async (ctx) => {
    let error = "";
    try {
      await ctx.db.insert("blobs", shaped("array", 8193));
    } catch (caught) {
      error = (caught as Error).message;
    }
    return { error, blobs: (await ctx.db.query("blobs").collect()).length };
  },
});

export const insertMany = mutation({
  args: { count: v.number(), bytes: v.number() },
  handler: async (ctx, { count, bytes }) => {
    for (let i = 0; i < count; i++) await ctx.db.insert("blobs", { s: "x".repeat(bytes) });
    return count;
  },
});

export const countBlobs = query({
  args: { take: v.optional(v.number()), dropAll: v.optional(v.boolean()) },
  handler: async (ctx, { take, dropAll }) => {
    const all = ctx.db.query("blobs");
    const filtered = dropAll ? all.filter((q) => q.eq(q.field("s"), "no such value")) : all;
    return (take === undefined ? await filtered.collect() : await filtered.take(take)).length;
  },
});

export const returnString = query({
  args: { length: v.number() },
  handler: async (_ctx, { length }) => "x".repeat(length),
});

export const returnArray = query({
  args: { length: v.number() },
  handler: async (_ctx, { length }) => Array.from({ length }, () => 0),
});

export const insertAndReturnString = mutation({
  args: { length: v.number() },
  handler: async (ctx, { length }) => {
    await ctx.db.insert("blobs", { s: "returned" });
    return "x".repeat(length);
  },
});

export const writeSystemDocument = mutation({
  args: { id: v.string(), how: v.union(v.literal("patch"), v.literal("replace"), v.literal("delete")) },
  handler: async (ctx, { id, how }) => {
    const systemId = id as GenericId<"_storage">;
    if (how === "patch") await ctx.db.patch(systemId, { size: 1 } as never);
    else if (how === "replace") await ctx.db.replace(systemId, { size: 1 } as never);
    else await ctx.db.delete(systemId);
  },
});

export const scheduledJobs = query({
  args: {},
  handler: async (ctx) => (await ctx.db.system.query("_scheduled_functions").collect()).map((job) => job._id),
});

/** Reads one document by id `times` times (each db.get is one read call, and counts its bytes). */
export const getRepeatedly = query({
  args: { id: v.string(), times: v.number() },
  handler: async (ctx, { id, times }) => {
    let found = 0;
    for (let i = 0; i < times; i++) if ((await ctx.db.get(id as GenericId<"blobs">)) !== null) found += 1;
    return found;
  },
});

/** One `.paginate()` page of blobs; its documents count against the read limits like any read. */
export const pageOfBlobs = query({
  args: { numItems: v.number() },
  handler: async (ctx, { numItems }) => (await ctx.db.query("blobs").paginate({ numItems, cursor: null })).page.length,
});

/** Two `.paginate()` calls in one run, which Convex refuses. */
export const twoPagesOfBlobs = query({
  args: {},
  handler: async (ctx) => {
    const first = await ctx.db.query("blobs").paginate({ numItems: 1, cursor: null });
    const second = await ctx.db.query("blobs").paginate({ numItems: 1, cursor: first.continueCursor });
    return first.page.length + second.page.length;
  },
});
