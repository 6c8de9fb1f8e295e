/** The middle component: keeps notes and schedules into its child "tally". */
import {
  actionGeneric as action,
  createFunctionHandle,
  makeFunctionReference,
  type FunctionHandle,
  mutationGeneric as mutation,
  queryGeneric as query,
} from "convex/server";
import { v } from "convex/values";
import { components } from "./_generated/api";

export const note = mutation({
  args: { text: v.string() },
  handler: async (ctx, { text }) => {
    await ctx.db.insert("notes", { text });
  },
});

export const fail = mutation({
  args: {},
  handler: async (ctx) => {
    await ctx.db.insert("notes", { text: "never kept" });
    throw new Error("relay: this job always fails");
  },
});

export const notes = query({
  args: {},
  handler: async (ctx) => (await ctx.db.query("notes").collect()).map(({ text }) => text),
});

export const noteHandle = query({
  args: {},
  handler: async () => await createFunctionHandle(makeFunctionReference<"mutation">("relay:note")),
});

/** Component → child component by reference. */
export const tallyLater = mutation({
  args: { key: v.string(), by: v.number(), delayMs: v.number() },
  handler: async (ctx, { key, by, delayMs }) =>
    await ctx.scheduler.runAfter(delayMs, components.tally.tally.add, { key, by }),
});

/** The same from an action (scheduling from an action goes through another syscall). */
export const tallyFromAction = action({
  args: { key: v.string(), by: v.number() },
  handler: async (ctx, { key, by }) => await ctx.scheduler.runAfter(0, components.tally.tally.add, { key, by }),
});

/** Component → child component through a handle the child made. */
export const tallyByHandle = mutation({
  args: { key: v.string(), by: v.number() },
  handler: async (ctx, { key, by }) => {
    const handle = await ctx.runQuery(components.tally.tally.addHandle, {});
    return await ctx.scheduler.runAt(Date.now(), handle as FunctionHandle<"mutation">, { key, by });
  },
});

export const tallyHandle = query({
  args: {},
  handler: async (ctx) => await ctx.runQuery(components.tally.tally.addHandle, {}),
});

export const cancel = mutation({
  args: { jobId: v.id("_scheduled_functions") },
  handler: async (ctx, { jobId }) => await ctx.scheduler.cancel(jobId),
});

/** Rows of relay's own `_scheduled_functions` table, as its functions see them. */
export const jobs = query({
  args: {},
  handler: async (ctx) => await ctx.db.system.query("_scheduled_functions").collect(),
});

export const tallyTotal = query({
  args: { key: v.string() },
  handler: async (ctx, { key }) => await ctx.runQuery(components.tally.tally.total, { key }),
});
