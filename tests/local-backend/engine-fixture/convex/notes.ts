/** Functions the engine tests call: one of each kind, plus errors, scheduling and files. */
import {
  actionGeneric as action,
  internalMutationGeneric as internalMutation,
  makeFunctionReference,
  mutationGeneric as mutation,
  queryGeneric as query,
} from "convex/server";
import { ConvexError, v } from "convex/values";

const addRef = makeFunctionReference<"mutation">("notes:add");
const addNowRef = makeFunctionReference<"mutation">("notes:addNow");
const listRef = makeFunctionReference<"query">("notes:list");

export const list = query({
  args: {},
  handler: async (ctx) => {
    const notes = await ctx.db.query("notes").collect();
    return notes.map((note) => ({ id: note._id, text: note.text, createdAt: note._creationTime }));
  },
});

export const add = mutation({
  args: { text: v.string() },
  handler: async (ctx, { text }) => {
    if (text.trim() === "") throw new ConvexError({ code: "EMPTY", message: "Write something first." });
    return await ctx.db.insert("notes", { text });
  },
});

/** A mutation that calls another one twice (for the resend tests: the outcome is this one's). */
export const addTwice = mutation({
  args: { text: v.string() },
  handler: async (ctx, { text }) => ({
    first: await ctx.runMutation(addRef, { text }),
    second: await ctx.runMutation(addRef, { text }),
  }),
});

export const addNow = internalMutation({
  args: { text: v.string() },
  handler: async (ctx, { text }) => await ctx.db.insert("notes", { text }),
});

export const addLater = mutation({
  args: { text: v.string(), delayMs: v.number() },
  handler: async (ctx, { text, delayMs }) => await ctx.scheduler.runAfter(delayMs, addNowRef, { text }),
});

export const addThroughAction = action({
  args: { text: v.string() },
  handler: async (ctx, { text }): Promise<number> => {
    await ctx.runMutation(addRef, { text });
    const notes: unknown[] = await ctx.runQuery(listRef, {});
    return notes.length;
  },
});

export const whoAmI = query({
  args: {},
  handler: async (ctx) => (await ctx.auth.getUserIdentity())?.subject ?? null,
});

/** The whole identity the function sees (issuer, subject, tokenIdentifier and the token's claims). */
export const identity = query({ args: {}, handler: async (ctx) => await ctx.auth.getUserIdentity() });

export const uploadUrl = mutation({ args: {}, handler: async (ctx) => await ctx.storage.generateUploadUrl() });

export const fileUrl = query({
  args: { storageId: v.id("_storage") },
  handler: async (ctx, { storageId }) => await ctx.storage.getUrl(storageId),
});

export const deleteFile = mutation({
  args: { storageId: v.id("_storage") },
  handler: async (ctx, { storageId }) => await ctx.storage.delete(storageId),
});

export const storeInAction = action({
  args: { text: v.string() },
  handler: async (ctx, { text }) => await ctx.storage.store(new Blob([text], { type: "text/plain" })),
});

export const withPrefix = query({
  args: { prefix: v.string() },
  handler: async (ctx, { prefix }) => {
    const notes = await ctx.db.query("notes").collect();
    return notes.filter((note) => note.text.startsWith(prefix)).length;
  },
});

const addSlowlyRef = makeFunctionReference<"mutation">("notes:addSlowly");

/** Inserts, then (in the crash test's child process) keeps the transaction open for seconds. */
export const addSlowly = internalMutation({
  args: { text: v.string() },
  handler: async (ctx, { text }) => {
    await ctx.db.insert("notes", { text });
    const holdMs = Number(process.env.HOLD_SCHEDULED_MUTATION_MS ?? 0);
    const until = Date.now() + holdMs;
    while (Date.now() < until) {
      // Busy: the process is killed in here.
    }
  },
});

export const addSlowlyLater = mutation({
  args: { text: v.string() },
  handler: async (ctx, { text }) => await ctx.scheduler.runAfter(300, addSlowlyRef, { text }),
});

/** A page of the notes whose text matches `term` (a search index), three at a time. */
export const searchPage = query({
  args: { term: v.string(), cursor: v.union(v.string(), v.null()) },
  handler: async (ctx, { term, cursor }) => {
    const result = await ctx.db
      .query("notes")
      .withSearchIndex("search_text", (q) => q.search("text", term))
      .paginate({ cursor, numItems: 3 });
    return {
      texts: result.page.map((note) => note.text),
      isDone: result.isDone,
      continueCursor: result.continueCursor,
    };
  },
});
