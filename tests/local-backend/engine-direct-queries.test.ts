/**
 * Queries run directly (local-backend/engine/direct-queries.ts) answer exactly as on convex-test:
 * the same values, the same read sets (probed with writes inside and outside what they read),
 * the same identity, and what the direct runner does not do itself runs on convex-test.
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

type Call = { udfPath: string; args: JSONValue; identity?: Identity };

/** Hypothetical writes to items and notes, inside and outside the ranges the calls read. */
function probeWrites(knownIds: string[]): DocumentWrite[] {
  const writes: DocumentWrite[] = [];
  const ranks = [undefined, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  for (const group of ["a", "b", "c", "zzz"]) {
    for (const rank of ranks) {
      const after = {
        _id: `1${writes.length}items`,
        _creationTime: 1 + writes.length,
        group,
        ...(rank === undefined ? {} : { rank }),
      };
      writes.push({ id: after._id, before: null, after });
    }
  }
  const newest = { _id: "99items", _creationTime: Number.MAX_SAFE_INTEGER, group: "a", rank: 4 };
  writes.push({ id: newest._id, before: null, after: newest });
  for (const id of knownIds) writes.push({ id, before: null, after: null });
  writes.push({ id: "5notes", before: null, after: { _id: "5notes", _creationTime: 5, text: "probe" } });
  return writes;
}

/** Each call's value, the tables it read and which probe writes would re-run it. */
async function answers(engine: Engine, calls: Call[], probes: DocumentWrite[]) {
  const results = [];
  for (const { udfPath, args, identity = null } of calls) {
    const { value, tablesRead, readSet } = await engine.runQueryTrackingReads(udfPath, args, identity);
    results.push({
      udfPath,
      value,
      tablesRead: [...tablesRead].sort(),
      affectedBy: probes.map((write) => readSet.isAffectedBy(write)),
    });
  }
  return results;
}

const ann: Identity = {
  subject: "ann|session",
  issuer: "http://127.0.0.1:3999",
  tokenIdentifier: "http://127.0.0.1:3999|ann|session",
  name: "Ann",
};

describe("direct query runs", () => {
  it("answer as convex-test does: values, read sets, identity, copies", async () => {
    const dataDir = temporaryDataDir();
    const direct = await openEngine({ dataDir, modulesDir: FIXTURE_FUNCTIONS, ...URLS });
    const ids: string[] = [];
    for (const [group, rank] of [
      ["a", 1],
      ["a", 3],
      ["a", 5],
      ["a", undefined],
      ["b", 2],
      ["b", 7],
      ["c", 4],
    ] as const) {
      ids.push(
        (await direct.runMutation("items:put", { group, ...(rank === undefined ? {} : { rank }) }, null)) as string,
      );
    }
    await direct.runMutation("notes:add", { text: "hello" }, null);
    const range = (lower: number, upper: number, order: "asc" | "desc") => ({
      group: "a",
      lower: { rank: lower, inclusive: false },
      upper: { rank: upper, inclusive: true },
      order,
    });
    const calls: Call[] = [
      { udfPath: "items:inRange", args: { group: "a", order: "asc" } },
      { udfPath: "items:inRange", args: range(1, 5, "desc") },
      { udfPath: "items:inRange", args: { group: "zzz", order: "asc" } },
      { udfPath: "items:scan", args: { order: "desc", count: 3 } },
      { udfPath: "items:scan", args: { order: "asc" } },
      { udfPath: "items:byIds", args: { ids: [ids[0] ?? "", ids[4] ?? "", "not-an-id", "12345notes"] } },
      { udfPath: "items:readAfterChangingACopy", args: { id: ids[1] ?? "" } },
      { udfPath: "notes:list", args: {} },
      { udfPath: "notes:identity", args: {}, identity: ann },
      { udfPath: "notes:identity", args: {} },
    ];
    const probes = probeWrites(ids);
    const directAnswers = await answers(direct, calls, probes);
    expect(direct.queriesOnConvexTest).toEqual([]);
    await direct.close();

    const onConvexTest = await openEngine({ dataDir, modulesDir: FIXTURE_FUNCTIONS, ...URLS, directQueries: false });
    const convexTestAnswers = await answers(onConvexTest, calls, probes);
    await onConvexTest.close();
    expect(directAnswers).toEqual(convexTestAnswers);
    // What the comparison covers: a copy changed by the function is not the stored document...
    expect(directAnswers[6]?.value).toEqual({ again: "a", listed: "a" });
    // ...and the function sees the caller's identity with its claims.
    expect(directAnswers[8]?.value).toEqual(ann);
    // Each call is re-run by some probe and spared by another (the probes tell ranges apart).
    for (const { udfPath, affectedBy } of directAnswers.filter(({ udfPath }) => udfPath.startsWith("items:"))) {
      expect(affectedBy, udfPath).toContain(true);
      expect(affectedBy, udfPath).toContain(false);
    }
  });

  it("leave to convex-test what they do not do themselves (filter, paginate, search), with the same answers", async () => {
    const dataDir = temporaryDataDir();
    const direct = await openEngine({ dataDir, modulesDir: FIXTURE_FUNCTIONS, ...URLS });
    for (const rank of [1, 2, 3]) await direct.runMutation("items:put", { group: "a", rank }, null);
    await direct.runMutation("notes:add", { text: "apples" }, null);
    const calls: Call[] = [
      { udfPath: "items:firstInRangeExcept", args: { group: "a", order: "asc", skipRank: 2, count: 5 } },
      {
        udfPath: "items:pageOfRange",
        args: { group: "a", order: "asc", paginationOpts: { cursor: null, numItems: 2 } },
      },
      { udfPath: "notes:searchPage", args: { term: "apples", cursor: null } },
    ];
    const probes = probeWrites([]);
    const directAnswers = await answers(direct, calls, probes);
    expect([...direct.queriesOnConvexTest].sort()).toEqual([
      "items:firstInRangeExcept",
      "items:pageOfRange",
      "notes:searchPage",
    ]);
    // Once known, such a function goes straight to convex-test.
    expect(await answers(direct, calls, probes)).toEqual(directAnswers);
    await direct.close();
    const onConvexTest = await openEngine({ dataDir, modulesDir: FIXTURE_FUNCTIONS, ...URLS, directQueries: false });
    expect(await answers(onConvexTest, calls, probes)).toEqual(directAnswers);
    await onConvexTest.close();
  });

  it("call components' queries directly, without the caller's identity, as convex-test does", async () => {
    const dataDir = temporaryDataDir();
    const direct = await openEngine({ dataDir, modulesDir: COMPONENTS_APP, ...URLS });
    await direct.runMutation("rooms:join", { roomId: "lobby", userId: "ann", sessionId: "tab-1" }, null);
    await direct.runMutation("rooms:join", { roomId: "kitchen", userId: "bob", sessionId: "tab-2" }, null);
    const calls: Call[] = [
      { udfPath: "rooms:members", args: { roomId: "lobby" }, identity: ann },
      { udfPath: "rooms:members", args: { roomId: "nowhere" } },
    ];
    const directAnswers = await answers(direct, calls, []);
    expect(direct.queriesOnConvexTest).toEqual([]);
    expect(directAnswers[0]?.value).toEqual([{ userId: "ann", online: true }]);
    await direct.close();
    const onConvexTest = await openEngine({ dataDir, modulesDir: COMPONENTS_APP, ...URLS, directQueries: false });
    expect(await answers(onConvexTest, calls, [])).toEqual(directAnswers);
    await onConvexTest.close();
  });
});
