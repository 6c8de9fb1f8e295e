/** Convex's determinism: a frozen clock and a seeded Math.random for each query and mutation run. */
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { seededRandom } from "../../local-backend/engine/determinism";
import type { Engine } from "../../local-backend/engine/types";
import { fixtureEngine, removeTemporaryDataDirs } from "./engine-test-env";

type Clock = { start: number; end: number; newDate: number; parsed: number; randoms?: number[] };

let engine: Engine;
beforeAll(async () => {
  engine = await fixtureEngine();
});
afterAll(async () => {
  await engine.close();
  removeTemporaryDataDirs();
});

it("freezes Date.now() and new Date() for the whole run of a query", async () => {
  const before = Date.now();
  const clock = (await engine.runQuery("runtime:clockInQuery", { spinMs: 30 }, null)) as Clock;
  expect(clock.end).toBe(clock.start);
  expect(clock.newDate).toBe(clock.start);
  expect(clock.start).toBeGreaterThanOrEqual(before);
  expect(clock.parsed).toBe(0);
});

it("freezes the clock of a mutation at its start, and its documents' creation time follows it", async () => {
  const clock = (await engine.runMutation("runtime:clockInMutation", { spinMs: 30 }, null)) as Clock & {
    creationTime: number;
  };
  expect(clock.end).toBe(clock.start);
  expect(clock.newDate).toBe(clock.start);
  expect(Math.floor(clock.creationTime)).toBeGreaterThanOrEqual(clock.start);
  expect(clock.creationTime - clock.start).toBeLessThan(1);
});

it("gives the next run a new time", async () => {
  const first = (await engine.runQuery("runtime:clockInQuery", { spinMs: 5 }, null)) as Clock;
  const second = (await engine.runQuery("runtime:clockInQuery", { spinMs: 0 }, null)) as Clock;
  expect(second.start).toBeGreaterThan(first.start);
});

it("leaves actions the real clock, as Convex does", async () => {
  const clock = (await engine.runAction("runtime:clockInAction", { spinMs: 30 }, null)) as Clock;
  expect(clock.end - clock.start).toBeGreaterThanOrEqual(25);
});

it("draws Math.random() in queries and mutations from a generator of the run, not the process's", async () => {
  const processRandom = vi.spyOn(Math, "random");
  try {
    const query = (await engine.runQuery("runtime:clockInQuery", { spinMs: 0 }, null)) as Clock;
    const mutation = (await engine.runMutation("runtime:clockInMutation", { spinMs: 0 }, null)) as Clock;
    expect(processRandom).not.toHaveBeenCalled();
    for (const value of [...(query.randoms ?? []), ...(mutation.randoms ?? [])]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
    expect(new Set(query.randoms).size).toBe(3);
    expect(query.randoms).not.toEqual(mutation.randoms);
  } finally {
    processRandom.mockRestore();
  }
});

it("seeds the generator: the same seed gives the same sequence", () => {
  const a = seededRandom(42);
  const b = seededRandom(42);
  const c = seededRandom(43);
  const first = [a(), a(), a()];
  expect([b(), b(), b()]).toEqual(first);
  expect([c(), c(), c()]).not.toEqual(first);
});
