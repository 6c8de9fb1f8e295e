/** Functions the search engine tests call (tests/local-backend/engine-search*.test.ts). */
import {
  mutationGeneric as mutation,
  paginationOptsValidator,
  queryGeneric as query,
  type GenericDatabaseReader,
  type GenericDataModel,
} from "convex/server";
import { v, type GenericId, type Value } from "convex/values";

type Post = { _id: GenericId<"posts">; _creationTime: number; text: string; category?: string };

/** Whether the query filters on the category: absent = no filter, null = posts without one. */
const categoryArg = v.optional(v.union(v.string(), v.null()));

function matching(
  ctx: { db: GenericDatabaseReader<GenericDataModel> },
  text: string,
  category: string | null | undefined,
) {
  return ctx.db
    .query("posts")
    .withSearchIndex("search_text", (q) =>
      category === undefined
        ? q.search("text", text)
        : q.search("text", text).eq("category", (category ?? undefined) as Value),
    );
}

const texts = (posts: unknown[]) => (posts as Post[]).map((post) => post.text);

export const add = mutation({
  args: { text: v.string(), category: v.optional(v.string()) },
  handler: async (ctx, args) => await ctx.db.insert("posts", args),
});

export const addMany = mutation({
  args: { texts: v.array(v.string()) },
  handler: async (ctx, args) => {
    for (const text of args.texts) await ctx.db.insert("posts", { text });
  },
});

export const edit = mutation({
  args: { id: v.id("posts"), text: v.string() },
  handler: async (ctx, { id, text }) => await ctx.db.patch(id, { text }),
});

export const remove = mutation({
  args: { id: v.id("posts") },
  handler: async (ctx, { id }) => await ctx.db.delete(id),
});

/** Inserts, then searches in the same transaction (its own write must be found). */
export const addThenSearch = mutation({
  args: { text: v.string(), query: v.string() },
  handler: async (ctx, { text, query: searched }) => {
    await ctx.db.insert("posts", { text });
    return texts(await matching(ctx, searched, undefined).take(10));
  },
});

export const take = query({
  args: { query: v.string(), n: v.number(), category: categoryArg },
  handler: async (ctx, { query: searched, n, category }) => texts(await matching(ctx, searched, category).take(n)),
});

export const collect = query({
  args: { query: v.string() },
  handler: async (ctx, { query: searched }) => texts(await matching(ctx, searched, undefined).collect()),
});

/** With a `.filter`, which direct runs leave to convex-test. */
export const takeLongerThan = query({
  args: { query: v.string(), n: v.number(), length: v.number() },
  handler: async (ctx, { query: searched, n, length }) => {
    const posts = (await matching(ctx, searched, undefined)
      .filter((q) => q.gt(q.field("_creationTime"), 0))
      .take(n)) as Post[];
    return texts(posts.filter((post) => post.text.length > length));
  },
});

export const page = query({
  args: { query: v.string(), category: categoryArg, paginationOpts: paginationOptsValidator },
  handler: async (ctx, { query: searched, category, paginationOpts }) => {
    const result = await matching(ctx, searched, category).paginate(paginationOpts);
    return { texts: texts(result.page), isDone: result.isDone, continueCursor: result.continueCursor };
  },
});

/** Malformed searches: each throws Convex's error. */
export const malformed = query({
  args: { kind: v.string() },
  handler: async (ctx, { kind }) => {
    const posts = ctx.db.query("posts");
    if (kind === "field") return await posts.withSearchIndex("search_text", (q) => q.search("other", "x")).take(1);
    if (kind === "filter") {
      return await posts.withSearchIndex("search_text", (q) => q.search("text", "x").eq("other", 1)).take(1);
    }
    if (kind === "index") return await posts.withSearchIndex("nope", (q) => q.search("text", "x")).take(1);
    // Not in the types: Convex refuses it when it runs.
    const search = posts.withSearchIndex("search_text", (q) => q.search("text", "x")) as unknown as {
      order(order: "desc"): { take(n: number): Promise<unknown> };
    };
    return await search.order("desc").take(1);
  },
});
