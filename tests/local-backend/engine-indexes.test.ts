import { compareValues } from "convex/values";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Engine } from "../../local-backend/engine/types";
import { fixtureEngine, removeTemporaryDataDirs } from "./engine-test-env";

type Item = { _id: string; _creationTime: number; group: string; rank?: number };
type Bound = { rank: number; inclusive: boolean };
type Range = { group: string; lower?: Bound; upper?: Bound; order: "asc" | "desc" };

let engine: Engine;
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
  const ids: string[] = [];
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

    const all = (await engine.runQuery("items:all", {}, null)) as Item[];
    for (let check = 0; check < 5; check++) {
      const range = randomRange(random);
      expect(await engine.runQuery("items:inRange", range, null), JSON.stringify(range)).toEqual(expected(all, range));
    }
  }
});

it("lets a mutation's index query see the mutation's own insert", async () => {
  const before = ((await engine.runQuery("items:inRange", { group: "own", order: "asc" }, null)) as string[]).length;
  expect(await engine.runMutation("items:putAndCount", { group: "own", rank: 1 }, null)).toBe(before + 1);
  expect(await engine.runMutation("items:putAndCount", { group: "own", rank: 2 }, null)).toBe(before + 2);
});

it("answers a filtered, limited index range (take after .filter) like a full scan", async () => {
  const random = randomNumbers(7);
  const all = (await engine.runQuery("items:all", {}, null)) as Item[];
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
  const all = (await engine.runQuery("items:all", {}, null)) as Item[];
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
