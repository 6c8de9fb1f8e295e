/**
 * Queries for the review of direct query runs (tests/local-backend/engine-direct-review.test.ts):
 * each is run directly and on convex-test, and the answers compared. Loosely typed on purpose
 * (the fixtures have no generated data model).
 */
import { createFunctionHandle, makeFunctionReference, queryGeneric as query } from "convex/server";
import { ConvexError, v } from "convex/values";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Loose = any;

const byGroup = (ctx: Loose, group: string) =>
  ctx.db.query("items").withIndex("by_group_rank", (q: Loose) => q.eq("group", group));

const ids = (documents: { _id: string }[]) => documents.map((document) => document._id);

/** Builder calls chosen by `op`, on the items of group "a" (ranks 1, 3, 5 and one without). */
export const builder = query({
  args: { op: v.string(), group: v.optional(v.string()) },
  handler: async (ctx: Loose, { op, group = "a" }: { op: string; group?: string }) => {
    const q = () => byGroup(ctx, group);
    switch (op) {
      case "limitLimit":
        return ids(await q().limit(3).limit(1).collect());
      case "limitTake":
        return ids(await q().limit(3).take(1));
      case "limitFirst":
        return (await q().limit(3).first())?._id ?? null;
      case "limitUnique":
        return (await q().limit(3).unique())?._id ?? null;
      case "limitNegative":
        return ids(await q().limit(-1).collect());
      case "limitFraction":
        return ids(await q().limit(1.5).collect());
      case "takeNegative":
        return ids(await q().take(-1));
      case "takeFraction":
        return ids(await q().take(1.5));
      case "takeString":
        return ids(await q().take("2"));
      case "iterateTwice": {
        const query = q();
        const seen = [];
        for await (const item of query) seen.push(item._id);
        for await (const item of query) seen.push(item._id);
        return seen;
      }
      case "chainTwice": {
        const query = q();
        await query.take(1);
        return ids(await query.take(1));
      }
      case "orderTwice":
        return ids(await q().order("asc").order("desc").collect());
      case "orderAfterIterating": {
        const query = q();
        query[Symbol.asyncIterator]();
        return ids(await query.order("desc").collect());
      }
      case "collectAfterNext": {
        const query = q();
        const first = await query.next();
        const rest = await query.collect();
        return { first: first.value?._id ?? null, rest: ids(rest) };
      }
      case "breakEarly": {
        for await (const item of q().order("desc")) return item._id;
        return null;
      }
      case "breakThenNext": {
        const query = q();
        for await (const item of query) {
          void item;
          break;
        }
        return await query.next();
      }
      case "unique":
        return await q().unique();
      case "firstEmpty":
        return await byGroup(ctx, "nobody").first();
      case "noRange":
        return ids(await ctx.db.query("items").withIndex("by_group_rank").collect());
      case "undefinedRank":
        return ids(
          await ctx.db
            .query("items")
            .withIndex("by_group_rank", (r: Loose) => r.eq("group", group).eq("rank", undefined))
            .collect(),
        );
      case "undefinedLower":
        return ids(
          await ctx.db
            .query("items")
            .withIndex("by_group_rank", (r: Loose) => r.eq("group", group).gt("rank", undefined))
            .collect(),
        );
      case "ghostByCreation":
        return ids(await ctx.db.query("ghost").withIndex("by_creation_time").collect());
      case "ghostScan":
        return ids(await ctx.db.query("ghost").collect());
      case "undeclaredIndex":
        return ids(await ctx.db.query("items").withIndex("nope").collect());
      case "wrongField":
        return ids(
          await ctx.db
            .query("items")
            .withIndex("by_group_rank", (r: Loose) => r.eq("rank", 1))
            .collect(),
        );
      case "gtLtOtherFields":
        return ids(
          await ctx.db
            .query("items")
            .withIndex("by_group_rank", (r: Loose) => r.gt("group", "a").lt("rank", 3))
            .collect(),
        );
      case "rangeNotReturned":
        return ids(
          await ctx.db
            .query("items")
            .withIndex("by_group_rank", () => undefined)
            .collect(),
        );
      case "rangeReused":
        return ids(
          await ctx.db
            .query("items")
            .withIndex("by_group_rank", (r: Loose) => {
              r.eq("group", "a");
              return r.eq("group", "b");
            })
            .collect(),
        );
      case "rangeBadValue":
        return ids(
          await ctx.db
            .query("items")
            .withIndex("by_group_rank", (r: Loose) => r.eq("group", new Date(0)))
            .collect(),
        );
      case "byId":
        return ids(await ctx.db.query("items").withIndex("by_id").collect());
      case "returnsUndefined":
        return undefined;
      case "returnsQuery":
        return q();
      case "returnsInitializer":
        return ctx.db.query("items");
      case "returnsNestedQuery":
        return { q: q() };
      case "returnsDb":
        return { db: ctx.db };
      case "returnsCtxAuth":
        return { auth: ctx.auth };
      default:
        throw new Error(`unknown op ${op}`);
    }
  },
});

/** Key order of what a function gets: documents, nested values and arguments. */
export const keyOrder = query({
  args: { id: v.string(), obj: v.any() },
  handler: async (ctx: Loose, args: Loose) => {
    const byId = await ctx.db.get(args.id);
    const listed = await ctx.db.query("items").first();
    return {
      byId: byId === null ? null : Object.keys(byId),
      listed: listed === null ? null : Object.keys(listed),
      args: Object.keys(args),
      obj: Object.keys(args.obj),
      text: byId === null ? null : JSON.stringify(byId),
    };
  },
});

/** Stores an item with a nested object, to read its key order back. */
export const nestedKeys = query({
  args: { id: v.string() },
  handler: async (ctx: Loose, { id }: { id: string }) => {
    const document = await ctx.db.get(id);
    return document === null ? null : Object.keys(document.meta ?? {});
  },
});

/** ctx.db.get / normalizeId with unusual arguments (chosen by `op`). */
export const reads = query({
  args: { op: v.string(), id: v.optional(v.string()) },
  handler: async (ctx: Loose, { op, id }: { op: string; id?: string }) => {
    switch (op) {
      case "getOtherTable":
        return await ctx.db.get("notes", id);
      case "getNumberTable":
        return await ctx.db.get(123, id);
      case "getMalformedWithTable":
        return await ctx.db.get("items", "not-an-id");
      case "getMalformed":
        return await ctx.db.get("not-an-id");
      case "getUndefined":
        return await ctx.db.get(undefined);
      case "getNull":
        return await ctx.db.get(null);
      case "getNumber":
        return await ctx.db.get(5);
      case "getToString":
        return await ctx.db.get("toString");
      case "getProto":
        return await ctx.db.get("__proto__");
      case "getSystemId":
        return await ctx.db.get(id);
      case "getSystemTable":
        return await ctx.db.get("_storage", id);
      case "normalizeNumber":
        return ctx.db.normalizeId("items", 123);
      case "normalizeNumberTable":
        return ctx.db.normalizeId(5, id);
      case "normalizeSystem":
        return ctx.db.normalizeId("_storage", id);
      case "normalizeOther":
        return ctx.db.normalizeId("notes", id);
      case "systemTableType":
        return typeof ctx.db.system.table;
      case "dbTable":
        return ids(await ctx.db.table("items").query().collect());
      case "queryNumber":
        return await ctx.db.query(5).collect();
      case "queryNoTable":
        return await ctx.db.query().collect();
      case "storageMetadataUndefined":
        return await ctx.storage.getMetadata(undefined);
      case "storageUrlUndefined":
        return await ctx.storage.getUrl(undefined);
      case "storageUrlOfItem":
        return await ctx.storage.getUrl(id);
      case "authToken":
        return typeof ctx.auth.token;
      case "ctxKeys":
        return Object.keys(ctx).sort();
      default:
        throw new Error(`unknown op ${op}`);
    }
  },
});

/** Identity: a change to the object the function got does not leak into later reads or runs. */
export const identityChanged = query({
  args: {},
  handler: async (ctx: Loose) => {
    const identity = await ctx.auth.getUserIdentity();
    if (identity === null) return null;
    const before = identity.name ?? null;
    identity.name = "changed by the function";
    const again = await ctx.auth.getUserIdentity();
    return { before, again: again.name };
  },
});

// ---- nested ctx.runQuery ----

const innerRef = makeFunctionReference<"query">("review:inner");
const innerStrictRef = makeFunctionReference<"query">("review:innerStrict");
const innerReturnsRef = makeFunctionReference<"query">("review:innerReturns");
const nowRef = makeFunctionReference<"query">("review:now");

/** What the inner query does, chosen by `op`. */
export const inner = query({
  args: { op: v.string() },
  handler: async (ctx: Loose, { op }: { op: string }) => {
    switch (op) {
      case "typeError":
        return (null as Loose).property;
      case "string":
        throw "a thrown string";
      case "convexError":
        throw new ConvexError({ code: "NOPE", n: 1 });
      case "convexErrorBigint":
        throw new ConvexError({ code: "NOPE", n: 5n });
      case "convexErrorBytes":
        throw new ConvexError({ code: "NOPE", bytes: new ArrayBuffer(2) });
      case "errorWithData": {
        const error = new Error("an error with data") as Error & { data?: unknown };
        error.data = "some data";
        throw error;
      }
      case "ok":
        return { b: 1, a: 2 };
      case "undefined":
        return undefined;
      case "readItems":
        return (await ctx.db.query("items").collect()).length;
      default:
        throw new Error(`unknown op ${op}`);
    }
  },
});

export const innerStrict = query({
  args: { n: v.number() },
  handler: async (_ctx: Loose, { n }: { n: number }) => n,
});

export const innerReturns = query({
  args: { bad: v.boolean() },
  returns: v.string(),
  handler: (async (_ctx: Loose, { bad }: { bad: boolean }) => (bad ? 5 : "fine")) as Loose,
});

export const now = query({ args: {}, handler: async () => Date.now() });

/** Calls `inner` with `op`; with `catch`, returns what it caught instead. */
export const outer = query({
  args: { op: v.string(), catch: v.boolean() },
  handler: async (ctx: Loose, args: { op: string; catch: boolean }) => {
    if (!args.catch) return await ctx.runQuery(innerRef, { op: args.op });
    try {
      return { value: await ctx.runQuery(innerRef, { op: args.op }) };
    } catch (error: Loose) {
      return {
        name: error?.name ?? null,
        message: error?.message ?? null,
        text: String(error),
        isConvexError: error instanceof ConvexError,
        data: error?.data === undefined ? null : error.data,
      };
    }
  },
});

/** Nested calls with unusual arguments or results (chosen by `op`). */
export const outerCalls = query({
  args: { op: v.string() },
  handler: async (ctx: Loose, { op }: { op: string }) => {
    switch (op) {
      case "badArgs":
        return await ctx.runQuery(innerStrictRef, { n: "not a number" });
      case "extraArgs":
        return await ctx.runQuery(innerStrictRef, { n: 1, extra: true });
      case "noArgs":
        return await ctx.runQuery(innerStrictRef);
      case "arrayArgs":
        return await ctx.runQuery(innerStrictRef, [1]);
      case "undefinedInArray":
        return await ctx.runQuery(innerStrictRef, { n: 1, list: [undefined] });
      case "badReturns":
        return await ctx.runQuery(innerReturnsRef, { bad: true });
      case "goodReturns":
        return await ctx.runQuery(innerReturnsRef, { bad: false });
      case "missing":
        return await ctx.runQuery(makeFunctionReference<"query">("review:doesNotExist"), {});
      case "mutation":
        return await ctx.runQuery(makeFunctionReference<"query">("items:put"), { group: "x" });
      case "options":
        return await ctx.runQuery(innerRef, { op: "ok" }, { transactionLimits: { documentsRead: 1 } });
      case "parallel":
        return await Promise.all([ctx.runQuery(innerRef, { op: "ok" }), ctx.runQuery(innerRef, { op: "readItems" })]);
      case "keysOfResult":
        return Object.keys(await ctx.runQuery(innerRef, { op: "ok" }));
      case "undefinedResult":
        return { result: (await ctx.runQuery(innerRef, { op: "undefined" })) ?? "undefined" };
      case "notAReference":
        return await ctx.runQuery(undefined, {});
      default:
        throw new Error(`unknown op ${op}`);
    }
  },
});

/** The clock of a nested query against its caller's: frozen for the whole run? */
export const clocks = query({
  args: {},
  handler: async (ctx: Loose) => {
    const outerNow = Date.now();
    const until = performance.now() + 15;
    while (performance.now() < until) {
      // Real time passes; the function's clock should not.
    }
    const innerNow = await ctx.runQuery(nowRef, {});
    return { same: outerNow === innerNow, innerLater: innerNow > outerNow };
  },
});

/** Math of a nested query: its caller's (seeded once per run) or one of its own? */
let callerMath: unknown = null;
export const generators = query({
  args: {},
  handler: async (ctx: Loose) => {
    callerMath = Math;
    try {
      return await ctx.runQuery(makeFunctionReference<"query">("review:sameMath"), {});
    } finally {
      callerMath = null;
    }
  },
});

export const sameMath = query({ args: {}, handler: async () => callerMath === Math });

// ---- arguments, returns and errors ----

export const literalBigint = query({
  args: { n: v.literal(5n) },
  handler: async (_ctx: Loose, { n }: { n: bigint }) => String(n),
});

export const returnsLiteralBigint = query({
  args: {},
  returns: v.literal(5n),
  handler: (async () => 5n) as Loose,
});

export const returnsRecordMismatch = query({
  args: {},
  returns: v.record(v.string(), v.number()),
  handler: (async () => ({ a: "not a number" })) as Loose,
});

export const returnsObjectWithUndefined = query({
  args: {},
  returns: v.object({}),
  handler: async () => ({ a: undefined }),
});

export const convexErrorWithBadData = query({
  args: {},
  handler: async () => {
    throw new ConvexError({ when: new Date(0) } as Loose);
  },
});

export const convexErrorPlain = query({
  args: {},
  handler: async () => {
    throw new ConvexError({ code: "X", list: [1, -0, 2n] });
  },
});

export const convexErrorString = query({
  args: {},
  handler: async () => {
    throw new ConvexError("just text");
  },
});

export const unusualValues = query({
  args: { op: v.string() },
  handler: async (_ctx: Loose, { op }: { op: string }) => {
    switch (op) {
      case "special":
        return { z: -0, nan: NaN, inf: -Infinity, big: 5n, bytes: new ArrayBuffer(3), b: [1, { y: 2, x: 1 }] };
      case "nonAscii":
        return { é: 1 };
      case "dollar":
        return { $a: 1 };
      case "emptyName":
        return { "": 1 };
      case "holes":
        // eslint-disable-next-line no-sparse-arrays
        return [1, , 3];
      case "date":
        return { d: new Date(0) };
      case "nullProto": {
        const object = Object.create(null) as Record<string, number>;
        object.b = 1;
        object.a = 2;
        return object;
      }
      case "numericKeys":
        return { b: 1, 10: 2, 9: 3, a: 4 };
      case "loneSurrogate":
        return "\ud800x";
      case "bigNumber":
        return [1e21, 5e-324, 2 ** 53 + 2];
      case "tooBigInt":
        return 2n ** 70n;
      case "symbol":
        return { s: Symbol("x") };
      default:
        throw new Error(`unknown op ${op}`);
    }
  },
});

/** Values with an own `__proto__` field (JSON.parse and Object.fromEntries make them). */
export const protoField = query({
  args: { op: v.string() },
  handler: async (_ctx: Loose, { op }: { op: string }) => {
    switch (op) {
      case "parsed":
        return JSON.parse('{"a": 1, "__proto__": 2}');
      case "parsedObject":
        return JSON.parse('{"__proto__": {"b": 1}}');
      case "fromEntries":
        return Object.fromEntries([
          ["tag", 1],
          ["__proto__", 3],
        ]);
      default:
        throw new Error(`unknown op ${op}`);
    }
  },
});

/** The error message of a query object returned inside a value, and what it shows. */
export const leakedQuery = query({
  args: {},
  handler: async (ctx: Loose) => ({ q: ctx.db.query("items") }),
});

/** A function handle made inside a query (a syscall outside ctx). */
export const handle = query({
  args: {},
  handler: async () => await createFunctionHandle(makeFunctionReference<"query">("review:now")),
});
