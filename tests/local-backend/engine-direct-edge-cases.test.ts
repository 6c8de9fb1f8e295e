/**
 * Direct query runs (local-backend/engine/direct-queries.ts) against convex-test, call by call,
 * on the edges: each test runs the same calls on an engine with direct runs and on one with
 * `directQueries: false`, each on a fresh data folder seeded the same way in the same process
 * (so documents are as a running backend holds them after writes), and compares per call the
 * value or the error (message, name, ConvexError data, whether it is an EngineError) and which
 * probe writes would re-run it. Ids and creation times are replaced by labels before comparing.
 *
 * Written by a review of the direct runner: the first block holds what the review found
 * different and is now the same; the second, where a direct run answers as Convex does and
 * convex-test does not (each says why); the third, what the review checked and found equal.
 * Fixture queries: engine-fixture/convex/review.ts and components-fixture/convex/review.ts.
 */
import type { JSONValue } from "convex/values";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { openEngine } from "../../local-backend/engine/open-engine";
import type { DocumentWrite } from "../../local-backend/engine/read-set";
import type { Engine, Identity } from "../../local-backend/engine/types";
import { FIXTURE_FUNCTIONS, removeTemporaryDataDirs, temporaryDataDir, URLS } from "./engine-test-env";

afterAll(removeTemporaryDataDirs);

const COMPONENTS_APP = fileURLToPath(new URL("./components-fixture/convex", import.meta.url));

type Ids = Record<string, string>;
type Call = { udfPath: string; args: JSONValue; identity?: Identity };
type Outcome =
  { value: unknown; affectedBy: string } | { error: string; name: string; engineError: boolean; data: unknown };

const ann: Identity = {
  subject: "ann|session",
  issuer: "http://127.0.0.1:3999",
  tokenIdentifier: "http://127.0.0.1:3999|ann|session",
  name: "Ann",
};

/** Items a1, a3, a5 (group "a", by rank), aNone (group "a", no rank), b2; a ghost (no schema) with a nested object; a note; a file. */
async function seedItems(engine: Engine): Promise<Ids> {
  const ids: Ids = {};
  const put = async (key: string, group: string, rank?: number) => {
    const item = { group, ...(rank === undefined ? {} : { rank }) };
    ids[key] = (await engine.runMutation("items:put", item, null)) as string;
  };
  await put("a1", "a", 1);
  await put("a3", "a", 3);
  await put("a5", "a", 5);
  await put("aNone", "a");
  await put("b2", "b", 2);
  ids.ghost = await engine.admin.run(async (ctx) => {
    const db = ctx.db as unknown as { insert(table: string, value: object): Promise<string> };
    return await db.insert("ghost", { zeta: 1, alpha: 2, meta: { zeta: 1, alpha: 2 } });
  });
  ids.note = (await engine.runMutation("notes:add", { text: "a secret note of someone else" }, null)) as string;
  ids.file = await engine.storeFile(new Blob(["hello"], { type: "text/plain" }));
  return ids;
}

async function seedRooms(engine: Engine): Promise<Ids> {
  await engine.runMutation("rooms:join", { roomId: "lobby", userId: "ann", sessionId: "tab-1" }, null);
  return {};
}

/** Writes that would re-run a query reading them: each seeded id deleted, and new items in group "a" and "b". */
function probesOf(ids: Ids): DocumentWrite[] {
  const writes: DocumentWrite[] = Object.values(ids).map((id) => ({ id, before: null, after: null }));
  for (const [group, rank] of [
    ["a", 0],
    ["a", 2],
    ["a", 4],
    ["a", 6],
    ["b", 1],
  ] as const) {
    const _id = `9${writes.length}items`;
    writes.push({ id: _id, before: null, after: { _id, _creationTime: 1 + writes.length, group, rank } });
  }
  return writes;
}

/** The text with each seeded id replaced by its label and creation times by "T". */
function normalized(value: unknown, ids: Ids): unknown {
  let text = JSON.stringify(value) ?? "null";
  for (const [label, id] of Object.entries(ids)) text = text.split(id).join(`<${label}>`);
  text = text.replace(/\b1[0-9]{12}(\.[0-9]+)?\b/g, "T");
  return JSON.parse(text) as unknown;
}

async function outcomeOf(engine: Engine, call: Call, ids: Ids): Promise<Outcome> {
  const probes = probesOf(ids);
  try {
    const { value, readSet } = await engine.runQueryTrackingReads(call.udfPath, call.args, call.identity ?? null);
    const affectedBy = probes.map((write) => (readSet.isAffectedBy(write) ? "1" : "0")).join("");
    return { value: normalized(value, ids), affectedBy };
  } catch (error) {
    const { message, name, data } = error as { message: string; name: string; data?: unknown };
    return {
      error: normalized(message, ids) as string,
      name,
      engineError: name === "EngineError",
      data: normalized(data ?? null, ids),
    };
  }
}

type Options = { modulesDir?: string; seed?: (engine: Engine) => Promise<Ids> };

/** The calls (made from the seeded ids) in sequence on one engine of each kind. */
async function both(makeCalls: (ids: Ids) => Call[], options: Options = {}) {
  const { modulesDir = FIXTURE_FUNCTIONS, seed = seedItems } = options;
  const run = async (directQueries: boolean) => {
    const engine = await openEngine({ dataDir: temporaryDataDir(), modulesDir, ...URLS, directQueries });
    try {
      const ids = await seed(engine);
      const outcomes: Outcome[] = [];
      for (const call of makeCalls(ids)) outcomes.push(await outcomeOf(engine, call, ids));
      return { outcomes, onConvexTest: engine.queriesOnConvexTest };
    } finally {
      await engine.close();
    }
  };
  const direct = await run(true);
  const convexTest = await run(false);
  return { direct: direct.outcomes, convexTest: convexTest.outcomes, handedOver: direct.onConvexTest };
}

/** One call per engine pair (a call that the runner hands to convex-test would hand over the later ones too). */
async function eachAlone(makeCalls: (ids: Ids) => Call[], options: Options = {}) {
  const count = makeCalls({}).length;
  const direct: Outcome[] = [];
  const convexTest: Outcome[] = [];
  const handedOver: string[] = [];
  for (let i = 0; i < count; i++) {
    const answer = await both((ids) => [makeCalls(ids)[i] as Call], options);
    direct.push(...answer.direct);
    convexTest.push(...answer.convexTest);
    if (answer.handedOver.length > 0) handedOver.push(JSON.stringify(makeCalls({})[i]?.args));
  }
  return { direct, convexTest, handedOver };
}

const builder = (op: string): Call => ({ udfPath: "review:builder", args: { op } });
const reads = (op: string, id?: string): Call => ({
  udfPath: "review:reads",
  args: id === undefined ? { op } : { op, id },
});
const outer = (op: string, caught: boolean): Call => ({ udfPath: "review:outer", args: { op, catch: caught } });
const b64 = (n: bigint) => Buffer.from(new BigInt64Array([n]).buffer).toString("base64");

describe("found different by the review, now the same", () => {
  it("documents written by this process come with their fields in name order", async () => {
    const { direct, convexTest, handedOver } = await both((ids): Call[] => [
      { udfPath: "review:keyOrder", args: { id: ids.a1 ?? "", obj: {} } },
      { udfPath: "review:nestedKeys", args: { id: ids.ghost ?? "" } },
    ]);
    expect(handedOver).toEqual([]);
    expect(direct).toEqual(convexTest);
  });

  it("arguments come with their fields in name order, whatever the client's order", async () => {
    const { direct, convexTest } = await both((ids) => [
      { udfPath: "review:keyOrder", args: { obj: { b: 1, a: 2 }, id: ids.a1 ?? "" } },
    ]);
    expect(direct).toEqual(convexTest);
  });

  it("an error of a nested ctx.runQuery reaches the caller as a plain Error, into the app or a component", async () => {
    const app = await both(() => [
      outer("typeError", false),
      outer("typeError", true),
      outer("string", false),
      outer("string", true),
      outer("errorWithData", false),
      outer("errorWithData", true),
    ]);
    expect(app.handedOver).toEqual([]);
    expect(app.direct).toEqual(app.convexTest);
    const component = await both(
      () => [
        { udfPath: "review:badLimit", args: { catch: false } },
        { udfPath: "review:badLimit", args: { catch: true } },
      ],
      { modulesDir: COMPONENTS_APP, seed: seedRooms },
    );
    expect(component.handedOver).toEqual([]);
    expect(component.direct).toEqual(component.convexTest);
  });

  it("a nested query gets a clock and a random generator of its own", async () => {
    const { direct, convexTest, handedOver } = await both(() => [
      { udfPath: "review:clocks", args: {} },
      { udfPath: "review:generators", args: {} },
    ]);
    expect(handedOver).toEqual([]);
    expect(direct).toEqual(convexTest);
  });

  it("a ConvexError whose data is no Convex value fails the function with the conversion's error", async () => {
    const { direct, convexTest } = await both(() => [{ udfPath: "review:convexErrorWithBadData", args: {} }]);
    expect(direct).toEqual(convexTest);
  });

  it("a result with an own `__proto__` field loses it, as convexToJson drops it", async () => {
    const { direct, convexTest } = await both(() => [{ udfPath: "review:protoField", args: { op: "parsedObject" } }]);
    expect(direct).toEqual(convexTest);
  });

  it("ctx.db.system.table exists, and a syscall made outside ctx (createFunctionHandle) answers", async () => {
    const { direct, convexTest } = await eachAlone(() => [
      reads("systemTableType"),
      { udfPath: "review:handle", args: {} },
    ]);
    expect(direct).toEqual(convexTest);
  });

  it("db.get, normalizeId and storage.getMetadata with arguments of the wrong type answer with convex-test's messages", async () => {
    const { direct, convexTest } = await eachAlone((ids) => [
      reads("getNumberTable", ids.a1),
      reads("normalizeNumber"),
      reads("normalizeNumberTable", ids.a1),
      reads("getToString"),
      reads("storageMetadataUndefined"),
    ]);
    expect(direct).toEqual(convexTest);
  });
});

describe("where a direct run answers as Convex does and convex-test does not", () => {
  const itemsOf = (outcome: Outcome | undefined) => (outcome as { value: unknown }).value;

  it("several `.limit(n)` keep the smallest (convex-test keeps the first)", async () => {
    const { direct, handedOver } = await both(() => ["limitLimit", "limitTake", "limitUnique"].map(builder));
    expect(handedOver).toEqual([]);
    // .limit(3).limit(1).collect() and .limit(3).take(1) give one item; .limit(3).unique() sees
    // two of the three (unique() takes two), so it refuses as over any range of more than one.
    expect((itemsOf(direct[0]) as unknown[]).length).toBe(1);
    expect((itemsOf(direct[1]) as unknown[]).length).toBe(1);
    expect(direct[2]).toMatchObject({ error: expect.stringMatching(/unique\(\) query returned more than one result/) });
  });

  it("ConvexError data with int64 or bytes crosses a nested ctx.runQuery whole (convex-test loses it)", async () => {
    const { direct } = await both(() => [outer("convexErrorBigint", false), outer("convexErrorBytes", false)]);
    expect(direct[0]).toMatchObject({ name: "EngineError", data: { code: "NOPE", n: { $integer: b64(5n) } } });
    expect(direct[1]).toMatchObject({ data: { bytes: { $bytes: "AAA=" } } });
  });

  it("an int64 literal validator accepts its value (convex-test's own check refuses it)", async () => {
    const { direct, handedOver } = await both((): Call[] => [
      { udfPath: "review:literalBigint", args: { n: { $integer: b64(5n) } } },
      { udfPath: "review:returnsLiteralBigint", args: {} },
    ]);
    expect(handedOver).toEqual([]);
    expect(direct.map(itemsOf)).toEqual(["5", { $integer: b64(5n) }]);
  });

  it("a function that changes the identity it was given changes only its own copy (convex-test shares one object)", async () => {
    const { direct } = await both(() => [
      { udfPath: "review:identityChanged", args: {}, identity: ann },
      { udfPath: "notes:identity", args: {}, identity: ann },
    ]);
    expect(itemsOf(direct[0])).toMatchObject({ before: "Ann" });
    expect(itemsOf(direct[1])).toEqual(ann);
  });

  it("a query, ctx.db or ctx.auth inside a result is refused without showing anything of the runner", async () => {
    const { direct } = await eachAlone(() => [
      { udfPath: "review:leakedQuery", args: {} },
      builder("returnsNestedQuery"),
      builder("returnsDb"),
      builder("returnsCtxAuth"),
    ]);
    for (const outcome of direct) {
      const { error } = outcome as { error: string };
      expect(error).toMatch(/^Uncaught Error: .* is not a supported Convex type/);
      expect(error).not.toContain("a secret note of someone else");
      expect(error.length).toBeLessThan(600);
    }
  });
});

describe("checked by the review and found the same", () => {
  it("query builder states, messages and ranges", async () => {
    const ops = [
      "takeNegative",
      "takeFraction",
      "takeString",
      "iterateTwice",
      "chainTwice",
      "orderTwice",
      "orderAfterIterating",
      "collectAfterNext",
      "breakEarly",
      "breakThenNext",
      "unique",
      "firstEmpty",
      "noRange",
      "undefinedRank",
      "undefinedLower",
      "ghostByCreation",
      "rangeNotReturned",
      "rangeReused",
      "rangeBadValue",
      "returnsUndefined",
      "returnsQuery",
      "returnsInitializer",
    ];
    const { direct, convexTest, handedOver } = await eachAlone(() => ops.map(builder));
    expect(handedOver).toEqual([]);
    expect(direct).toEqual(convexTest);
  });

  it("what the runner hands to convex-test answers as convex-test does", async () => {
    const ops = ["limitNegative", "limitFraction", "ghostScan", "undeclaredIndex", "wrongField", "gtLtOtherFields"];
    const { direct, convexTest, handedOver } = await eachAlone(() => ops.map(builder));
    expect(handedOver).toHaveLength(ops.length);
    expect(direct).toEqual(convexTest);
  });

  it("db.get, normalizeId, storage and ctx keys", async () => {
    const { direct, convexTest } = await eachAlone((ids) => [
      reads("getOtherTable", ids.a1),
      reads("getMalformedWithTable"),
      reads("getMalformed"),
      reads("getUndefined"),
      reads("getNull"),
      reads("getNumber"),
      reads("getProto"),
      reads("getSystemId", ids.file),
      reads("getSystemTable", ids.file),
      reads("normalizeSystem", ids.file),
      reads("normalizeOther", ids.a1),
      reads("dbTable"),
      reads("queryNumber"),
      reads("storageUrlUndefined"),
      reads("storageUrlOfItem", ids.a1),
      reads("ctxKeys"),
    ]);
    expect(direct).toEqual(convexTest);
  });

  it("nested ctx.runQuery: ConvexError, results, argument and return checks, options, handles", async () => {
    const outerCalls = (op: string): Call => ({ udfPath: "review:outerCalls", args: { op } });
    const { direct, convexTest } = await eachAlone(() => [
      outer("convexError", false),
      outer("convexError", true),
      outer("ok", false),
      ...[
        "badArgs",
        "extraArgs",
        "noArgs",
        "arrayArgs",
        "undefinedInArray",
        "badReturns",
        "goodReturns",
        "missing",
        "mutation",
        "options",
        "parallel",
        "keysOfResult",
        "undefinedResult",
        "notAReference",
      ].map(outerCalls),
    ]);
    expect(direct).toEqual(convexTest);
  });

  it("results: unusual values, their text and errors; returns validators; ConvexError data", async () => {
    const unusual = (op: string): Call => ({ udfPath: "review:unusualValues", args: { op } });
    const { direct, convexTest } = await eachAlone((): Call[] => [
      ...[
        "special",
        "nonAscii",
        "dollar",
        "emptyName",
        "holes",
        "date",
        "nullProto",
        "numericKeys",
        "loneSurrogate",
        "bigNumber",
        "tooBigInt",
        "symbol",
      ].map(unusual),
      { udfPath: "review:protoField", args: { op: "parsed" } },
      { udfPath: "review:protoField", args: { op: "fromEntries" } },
      { udfPath: "review:returnsRecordMismatch", args: {} },
      { udfPath: "review:returnsObjectWithUndefined", args: {} },
      { udfPath: "review:convexErrorPlain", args: {} },
      { udfPath: "review:convexErrorString", args: {} },
    ]);
    expect(direct).toEqual(convexTest);
  });
});
