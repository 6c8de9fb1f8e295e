import { internalMutationGeneric as internalMutation } from "convex/server";
import { v } from "convex/values";

export const record = internalMutation({
  args: { source: v.string() },
  handler: async (ctx, { source }) => await ctx.db.insert("ticks", { source }),
});
