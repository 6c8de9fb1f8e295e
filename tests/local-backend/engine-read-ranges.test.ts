/**
 * Read sets by index range (Convex's invalidation): a write re-runs a query only when the written
 * document is, or was, inside a range the query read, or is a document it fetched by id.
 */
import type { JSONValue } from "convex/values";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DocumentWrite } from "../../local-backend/engine/read-set";
import type { Engine } from "../../local-backend/engine/types";
import { fixtureEngine, removeTemporaryDataDirs } from "./engine-test-env";

let engine: Engine;
beforeEach(async () => {
  engine = await fixtureEngine();
});
afterEach(async () => {
  await engine.close();
  removeTemporaryDataDirs();
});

const put = async (group: string, rank?: number) =>
  (await engine.runMutation("items:put", rank === undefined ? { group } : { group, rank }, null)) as string;

/** Runs the query, then the write, and tells whether the write falls into what the query read. */
async function rerunsAfter(udfPath: string, args: JSONValue, write: () => Promise<unknown>): Promise<boolean> {
  const { readSet } = await engine.runQueryTrackingReads(udfPath, args, null);
  const writes: DocumentWrite[] = [];
  const stop = engine.onCommit((info) => writes.push(...info.writes));
  await write();
  stop();
  expect(writes.length).toBeGreaterThan(0);
  return writes.some((each) => readSet.isAffectedBy(each));
}

describe("an index range read in full", () => {
  const ranksTwoToFive = {
    group: "a",
    lower: { rank: 2, inclusive: true },
    upper: { rank: 5, inclusive: true },
    order: "asc",
  };
  beforeEach(async () => {
    for (const rank of [1, 3, 6]) await put("a", rank);
  });

  it("is not re-run by writes outside the range: another group, a rank past a bound", async () => {
    expect(await rerunsAfter("items:inRange", ranksTwoToFive, () => put("b", 3))).toBe(false);
    expect(await rerunsAfter("items:inRange", ranksTwoToFive, () => put("a", 9))).toBe(false);
    expect(await rerunsAfter("items:inRange", ranksTwoToFive, () => put("a", 1))).toBe(false);
  });

  it("is re-run by a write inside the range, and by a document moving out of it", async () => {
    expect(await rerunsAfter("items:inRange", ranksTwoToFive, () => put("a", 2))).toBe(true);
    const inside = await put("a", 4);
    expect(
      await rerunsAfter("items:inRange", ranksTwoToFive, () =>
        engine.runMutation("items:move", { id: inside, group: "c", rank: 4 }, null),
      ),
    ).toBe(true);
  });
});

describe("a query that stops early (take, first)", () => {
  it("depends on the range only as far as it read it", async () => {
    for (const rank of [1, 2, 3]) await put("a", rank);
    const firstTwo = { group: "a", order: "asc", skipRank: -1, count: 2 };
    expect(await rerunsAfter("items:firstInRangeExcept", firstTwo, () => put("a", 7))).toBe(false);
    expect(await rerunsAfter("items:firstInRangeExcept", firstTwo, () => put("a", 1.5))).toBe(true);
  });

  it("counts documents its filter skipped as read", async () => {
    for (const rank of [1, 2, 3]) await put("a", rank);
    const firstSkippingOne = { group: "a", order: "asc", skipRank: 1, count: 1 };
    // It looked at rank 1 (skipped) and 2 (taken): a document moving to 1.5 lands in what it read.
    expect(await rerunsAfter("items:firstInRangeExcept", firstSkippingOne, () => put("a", 1.5))).toBe(true);
    expect(await rerunsAfter("items:firstInRangeExcept", firstSkippingOne, () => put("a", 2.5))).toBe(false);
  });
});

describe("a page (paginate)", () => {
  const pageOf = (cursor: string | null) => ({
    group: "a",
    order: "asc",
    paginationOpts: { numItems: 2, cursor },
  });
  beforeEach(async () => {
    for (const rank of [1, 2, 3, 4, 5, 6]) await put("a", rank);
  });

  it("depends on its rows only: from its cursor through its last document", async () => {
    expect(await rerunsAfter("items:pageOfRange", pageOf(null), () => put("a", 5.5))).toBe(false);
    expect(await rerunsAfter("items:pageOfRange", pageOf(null), () => put("a", 1.5))).toBe(true);

    const first = (await engine.runQuery("items:pageOfRange", pageOf(null), null)) as { continueCursor: string };
    const second = pageOf(first.continueCursor);
    expect(await rerunsAfter("items:pageOfRange", second, () => put("a", 0.5))).toBe(false);
    expect(await rerunsAfter("items:pageOfRange", second, () => put("a", 9))).toBe(false);
    // Ranks are now 1, 1.5, 2, 3, …: the first page is 1 and 1.5, this one 2 and 3.
    expect(await rerunsAfter("items:pageOfRange", second, () => put("a", 2.5))).toBe(true);
  });

  it("of the last rows depends on everything after its cursor, where new rows would appear", async () => {
    const descending = { group: "a", order: "desc", paginationOpts: { numItems: 10, cursor: null } };
    expect(await rerunsAfter("items:pageOfRange", descending, () => put("a", -1))).toBe(true);
    expect(await rerunsAfter("items:pageOfRange", descending, () => put("b", 1))).toBe(false);
  });
});

describe("a query without an index (walks by_creation_time)", () => {
  it("newest first, stopping early: re-run by a new document, not by a change to an old one it never read", async () => {
    const oldest = await put("a", 1);
    for (const rank of [2, 3, 4]) await put("a", rank);
    const newestTwo = { order: "desc", count: 2 };
    expect(await rerunsAfter("items:scan", newestTwo, () => put("z"))).toBe(true);
    expect(
      await rerunsAfter("items:scan", newestTwo, () =>
        engine.runMutation("items:move", { id: oldest, group: "a", rank: 10 }, null),
      ),
    ).toBe(false);
  });

  it("oldest first, stopping early: not re-run by a new document, which sorts after what it read", async () => {
    for (const rank of [1, 2, 3]) await put("a", rank);
    expect(await rerunsAfter("items:scan", { order: "asc", count: 2 }, () => put("z"))).toBe(false);
    expect(await rerunsAfter("items:scan", { order: "asc" }, () => put("z"))).toBe(true);
  });

  it("pages: a new document does not re-run an earlier page of the oldest rows", async () => {
    for (const rank of [1, 2, 3, 4]) await put("a", rank);
    const firstPage = { order: "asc", paginationOpts: { numItems: 2, cursor: null } };
    expect(await rerunsAfter("items:pageOfScan", firstPage, () => put("z"))).toBe(false);
  });
});

describe("documents read by id (db.get)", () => {
  it("re-run by a change to that document only", async () => {
    const [read, other] = [await put("a", 1), await put("a", 2)];
    const byId = { ids: [read] };
    expect(
      await rerunsAfter("items:byIds", byId, () => engine.runMutation("items:move", { id: other, group: "b" }, null)),
    ).toBe(false);
    expect(
      await rerunsAfter("items:byIds", byId, () => engine.runMutation("items:move", { id: read, group: "b" }, null)),
    ).toBe(true);
    expect(await rerunsAfter("items:byIds", byId, () => engine.runMutation("items:remove", { id: read }, null))).toBe(
      true,
    );
  });
});

it("never misses a write that changes a query's result (random ranges, pages and writes)", async () => {
  let state = 7;
  const random = (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return Math.floor((state / 2 ** 31) * below);
  };
  const ids: string[] = [];
  for (let i = 0; i < 12; i++) ids.push(await put(["a", "b"][random(2)]!, random(10)));
  const queries: [string, () => JSONValue][] = [
    ["items:inRange", () => ({ group: "a", lower: { rank: random(10), inclusive: random(2) === 0 }, order: "desc" })],
    ["items:firstInRangeExcept", () => ({ group: "b", order: "asc", skipRank: random(10), count: 1 + random(3) })],
    ["items:pageOfRange", () => ({ group: "a", order: "asc", paginationOpts: { numItems: 2, cursor: null } })],
    ["items:scan", () => ({ order: random(2) === 0 ? "asc" : "desc", count: 1 + random(4) })],
  ];
  for (let round = 0; round < 60; round++) {
    const [udfPath, makeArgs] = queries[random(queries.length)]!;
    const args = makeArgs();
    const before = await engine.runQueryTrackingReads(udfPath, args, null);
    const writes: DocumentWrite[] = [];
    const stop = engine.onCommit((info) => writes.push(...info.writes));
    const target = ids[random(ids.length)]!;
    if (random(3) === 0) ids.push(await put(["a", "b"][random(2)]!, random(10)));
    else await engine.runMutation("items:move", { id: target, group: ["a", "b"][random(2)]!, rank: random(10) }, null);
    stop();
    const after = await engine.runQuery(udfPath, args, null);
    if (JSON.stringify(after) !== JSON.stringify(before.value)) {
      expect(
        writes.some((write) => before.readSet.isAffectedBy(write)),
        `${udfPath} ${JSON.stringify(args)}`,
      ).toBe(true);
    }
  }
});
