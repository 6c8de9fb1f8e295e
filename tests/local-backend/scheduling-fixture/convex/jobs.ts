/** App functions scheduling functions of components, by reference and by handle. */
import { actionGeneric as action, mutationGeneric as mutation, queryGeneric as query } from "convex/server";
import { v } from "convex/values";
import { components } from "./_generated/api";

export const noteLater = mutation({
  args: { text: v.string(), delayMs: v.number() },
  handler: async (ctx, { text, delayMs }) =>
    await ctx.scheduler.runAfter(delayMs, components.relay.relay.note, { text }),
});

export const noteAt = mutation({
  args: { text: v.string(), atMs: v.number() },
  handler: async (ctx, { text, atMs }) => await ctx.scheduler.runAt(atMs, components.relay.relay.note, { text }),
});

/** Schedules a function handle (made by a component) from the app. */
export const runHandle = mutation({
  args: { handle: v.string(), args: v.any(), delayMs: v.number() },
  handler: async (ctx, { handle, args, delayMs }) => await ctx.scheduler.runAfter(delayMs, handle as never, args),
});

export const failLater = mutation({
  args: {},
  handler: async (ctx) => await ctx.scheduler.runAfter(0, components.relay.relay.fail, {}),
});

/** A reference to a function relay does not have. */
export const scheduleMissing = mutation({
  args: {},
  handler: async (ctx) => await ctx.scheduler.runAfter(0, components.relay.relay.nothingHere, {}),
});

/** Nested: the app calls relay, which schedules into its child tally. */
export const tallyThroughRelay = mutation({
  args: { key: v.string(), by: v.number(), delayMs: v.number() },
  handler: async (ctx, args) => await ctx.runMutation(components.relay.relay.tallyLater, args),
});

export const cancel = mutation({
  args: { jobId: v.id("_scheduled_functions") },
  handler: async (ctx, { jobId }) => await ctx.scheduler.cancel(jobId),
});

export const job = query({
  args: { jobId: v.id("_scheduled_functions") },
  handler: async (ctx, { jobId }) => await ctx.db.system.get(jobId),
});

export const notes = query({
  args: {},
  handler: async (ctx) => await ctx.runQuery(components.relay.relay.notes, {}),
});

export const relayTallyHandle = query({
  args: {},
  handler: async (ctx) => await ctx.runQuery(components.relay.relay.tallyHandle, {}),
});

export const relayNoteHandle = query({
  args: {},
  handler: async (ctx) => await ctx.runQuery(components.relay.relay.noteHandle, {}),
});

export const tallyByHandleInRelay = mutation({
  args: { key: v.string(), by: v.number() },
  handler: async (ctx, args) => await ctx.runMutation(components.relay.relay.tallyByHandle, args),
});

export const tallyFromRelayAction = action({
  args: { key: v.string(), by: v.number() },
  handler: async (ctx, args) => await ctx.runAction(components.relay.relay.tallyFromAction, args),
});

export const cancelInRelay = mutation({
  args: { jobId: v.string() },
  handler: async (ctx, { jobId }) => await ctx.runMutation(components.relay.relay.cancel, { jobId }),
});

export const relayJobs = query({
  args: {},
  handler: async (ctx) => await ctx.runQuery(components.relay.relay.jobs, {}),
});

export const appJobs = query({
  args: {},
  handler: async (ctx) => await ctx.db.system.query("_scheduled_functions").collect(),
});

export const tally = query({
  args: { key: v.string() },
  handler: async (ctx, { key }) => await ctx.runQuery(components.relay.relay.tallyTotal, { key }),
});
