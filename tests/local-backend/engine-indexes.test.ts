import { compareValues } from "convex/values";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Engine } from "../../local-backend/engine/types";
import { fixtureEngine, removeTemporaryDataDirs } from "./engine-test-env";

type Item = { _id: string; _creationTime: number; group: string; rank?: number };
type Bound = { rank: number; inclusive: boolean };
type Range = { group: string; lower?: Bound; upper?: Bound; order: "asc" | "desc" };

let engine: Engine;
/** Every item the tests have put and not removed, in the order they were put. */
const liveIds: string[] = [];
/** The live items, read by id (the reference: no query the engine's indexes answer). */
const itemsNow = async () => (await engine.runQuery("items:byIds", { ids: liveIds }, null)) as Item[];

beforeAll(async () => {
  engine = await fixtureEngine();
});
afterAll(async () => {
  await engine.close();
  removeTemporaryDataDirs();
});

/** A small deterministic random generator, so a failure can be replayed. */
function randomNumbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    // The high bits: an LCG's low bits repeat with a short period (the lowest one alternates).
    return Math.floor((state / 2 ** 31) * below);
  };
}

/** What the index range must return, computed from a full scan. */
function expected(items: Item[], { group, lower, upper, order }: Range): string[] {
  const matches = items.filter((item) => {
    if (item.group !== group) return false;
    // Convex orders a missing field before every number.
    const rank = item.rank ?? -Infinity;
    if (lower && (rank < lower.rank || (rank === lower.rank && !lower.inclusive))) return false;
    if (upper && (rank > upper.rank || (rank === upper.rank && !upper.inclusive))) return false;
    return true;
  });
  matches.sort(
    (a, b) =>
      compareValues(a.rank, b.rank) || compareValues(a._creationTime, b._creationTime) || compareValues(a._id, b._id),
  );
  return (order === "asc" ? matches : matches.reverse()).map((item) => item._id);
}

/** A range over one of the groups a, b, c: each bound absent, inclusive or exclusive; either order. */
function randomRange(random: (below: number) => number): Range {
  const bound = () => (random(3) === 0 ? undefined : { rank: random(20), inclusive: random(2) === 0 });
  const range: Range = { group: ["a", "b", "c"][random(3)]!, order: random(2) === 0 ? "asc" : "desc" };
  const lower = bound();
  const upper = bound();
  if (lower) range.lower = lower;
  if (upper) range.upper = upper;
  return range;
}

it("answers index ranges exactly like a full scan, while documents come, change and go", async () => {
  const random = randomNumbers(42);
  const groups = ["a", "b", "c"];
  const rankOrNothing = (): { rank?: number } => (random(10) === 0 ? {} : { rank: random(20) });
  const ids = liveIds;
  for (let i = 0; i < 150; i++) {
    ids.push(
      (await engine.runMutation("items:put", { group: groups[random(3)]!, ...rankOrNothing() }, null)) as string,
    );
  }
  for (let round = 0; round < 60; round++) {
    const id = ids[random(ids.length)]!;
    const change = random(3);
    if (change === 0)
      await engine.runMutation("items:move", { id, group: groups[random(3)]!, ...rankOrNothing() }, null);
    if (change === 1 && ids.length > 50) {
      await engine.runMutation("items:remove", { id }, null);
      ids.splice(ids.indexOf(id), 1);
    }
    if (change === 2)
      ids.push((await engine.runMutation("items:put", { group: "b", ...rankOrNothing() }, null)) as string);

    const all = await itemsNow();
    for (let check = 0; check < 5; check++) {
      const range = randomRange(random);
      expect(await engine.runQuery("items:inRange", range, null), JSON.stringify(range)).toEqual(expected(all, range));
    }
  }
});

it("lets a mutation's index query see the mutation's own insert", async () => {
  const before = ((await engine.runQuery("items:inRange", { group: "own", order: "asc" }, null)) as string[]).length;
  for (const rank of [1, 2]) {
    const { id, count } = (await engine.runMutation("items:putAndCount", { group: "own", rank }, null)) as {
      id: string;
      count: number;
    };
    liveIds.push(id);
    expect(count).toBe(before + rank);
  }
});

it("answers a filtered, limited index range (take after .filter) like a full scan", async () => {
  const random = randomNumbers(7);
  const all = await itemsNow();
  const rankOf = new Map(all.map((item) => [item._id, item.rank]));
  for (let check = 0; check < 40; check++) {
    const range = randomRange(random);
    const skipRank = random(20);
    const count = 1 + random(6);
    const wanted = expected(all, range)
      .filter((id) => rankOf.get(id) !== skipRank)
      .slice(0, count);
    expect(
      await engine.runQuery("items:firstInRangeExcept", { ...range, skipRank, count }, null),
      JSON.stringify({ range, skipRank, count }),
    ).toEqual(wanted);
  }
});

it("pages through an index range without gaps or repeats, in order", async () => {
  const random = randomNumbers(11);
  const all = await itemsNow();
  for (let check = 0; check < 20; check++) {
    const range = randomRange(random);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 200; page++) {
      const result = (await engine.runQuery(
        "items:pageOfRange",
        { ...range, paginationOpts: { numItems: 1 + random(5), cursor } },
        null,
      )) as { ids: string[]; isDone: boolean; continueCursor: string };
      seen.push(...result.ids);
      if (result.isDone) break;
      cursor = result.continueCursor;
    }
    expect(seen, JSON.stringify(range)).toEqual(expected(all, range));
  }
});

/** The whole table in creation order, as a query without an index returns it. */
function inCreationOrder(items: Item[], order: "asc" | "desc"): string[] {
  const sorted = [...items].sort(
    (a, b) => compareValues(a._creationTime, b._creationTime) || compareValues(a._id, b._id),
  );
  return (order === "asc" ? sorted : sorted.reverse()).map((item) => item._id);
}

it("answers a query without an index in creation order, whole, filtered and limited", async () => {
  const random = randomNumbers(5);
  const all = await itemsNow();
  expect(all).toHaveLength(liveIds.length);
  for (const order of ["asc", "desc"] as const) {
    expect(await engine.runQuery("items:scan", { order }, null)).toEqual(inCreationOrder(all, order));
    for (let check = 0; check < 10; check++) {
      const skipRank = random(20);
      const count = 1 + random(6);
      const wanted = inCreationOrder(
        all.filter((item) => item.rank !== skipRank),
        order,
      ).slice(0, count);
      expect(await engine.runQuery("items:scan", { order, skipRank, count }, null)).toEqual(wanted);
    }
  }
});

it("pages through a table without an index while items are put between pages", async () => {
  const random = randomNumbers(3);
  for (const order of ["asc", "desc"] as const) {
    const before = inCreationOrder(await itemsNow(), order);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 200; page++) {
      const result = (await engine.runQuery(
        "items:pageOfScan",
        { order, paginationOpts: { numItems: 1 + random(7), cursor } },
        null,
      )) as { ids: string[]; isDone: boolean; continueCursor: string };
      seen.push(...result.ids);
      if (result.isDone) break;
      cursor = result.continueCursor;
      // A new item sorts last by creation time: pages after it see it in ascending order only.
      liveIds.push((await engine.runMutation("items:put", { group: "late", rank: page }, null)) as string);
    }
    const added = inCreationOrder(await itemsNow(), order).filter((id) => !before.includes(id));
    expect(seen).toEqual(order === "asc" ? [...before, ...added] : before);
  }
});
