/** The innermost component: counts under a key. */
import {
  createFunctionHandle,
  makeFunctionReference,
  mutationGeneric as mutation,
  queryGeneric as query,
} from "convex/server";
import { ConvexError, v } from "convex/values";

export const add = mutation({
  args: { key: v.string(), by: v.number() },
  handler: async (ctx, { key, by }) => {
    const row = await ctx.db
      .query("counts")
      .withIndex("by_key", (q) => q.eq("key", key))
      .unique();
    if (row === null) await ctx.db.insert("counts", { key, total: by });
    else await ctx.db.patch(row._id, { total: row.total + by });
    // A negative amount writes first and then fails: the write must be rolled back.
    if (by < 0) throw new ConvexError("tally: negative amounts are refused");
  },
});

export const total = query({
  args: { key: v.string() },
  handler: async (ctx, { key }) =>
    (
      await ctx.db
        .query("counts")
        .withIndex("by_key", (q) => q.eq("key", key))
        .unique()
    )?.total ?? 0,
});

/** A handle other components schedule (the app through relay). */
export const addHandle = query({
  args: {},
  handler: async () => await createFunctionHandle(makeFunctionReference<"mutation">("tally:add")),
});
