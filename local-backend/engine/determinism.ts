/**
 * Queries and mutations are deterministic on Convex: `Date.now()` (and `new Date()`) stays at the
 * time the function started, and `Math.random()` comes from a generator seeded for that run.
 *
 * convex-test gives every query and mutation handler its own global overrides: a fresh store of an
 * AsyncLocalStorage (its `fetch`, `setTimeout`, … throw, as in Convex's runtime), read by getters
 * it installs on globalThis. We add `Date` and `Math` to each such store as it is entered, so code
 * in the handler sees a frozen clock and a seeded generator; actions (whose store has none of
 * those) keep the real ones, as on Convex.
 */
import { randomInt } from "node:crypto";

type Overrides = Record<string | symbol, unknown>;
type OverridesStorage = { run<R>(store: Overrides, callback: () => R): R; getStore(): Overrides | undefined };

const RealDate = Date;
const RealMath = Math;

const installed = Symbol("deterministic runs");
/** When the run whose store this is started. */
const STARTED_AT = Symbol("started at");
/** The seed of the run's generator, and the generator once drawn from. */
const SEED = Symbol("seed");
const GENERATOR = Symbol("generator");

/**
 * Wraps convex-test's overrides storage so every query and mutation run gets its own clock and
 * generator. The storage is convex-test's module state, shared by every engine of the process:
 * installed once, and it still enters through AsyncLocalStorage.prototype.run (where
 * ./convex-test-internals.ts finds it again for the next engine).
 *
 * Each run's store gets one `Date` class and one `Math` object shared by all runs, which read the
 * run's start and generator from the store of the run they are called in: making a class and
 * getters for every run cost a few microseconds of each of the hundreds of runs a commit can cause.
 */
export function installDeterminism(overridesStorage: OverridesStorage): void {
  const storage = overridesStorage as unknown as Record<PropertyKey, unknown>;
  if (storage[installed] === true) return;
  storage[installed] = true;
  const runStore = () => overridesStorage.getStore();
  const frozenDate = sharedFrozenDate(runStore);
  const seededMath = sharedSeededMath(runStore);
  storage.run = function (this: OverridesStorage, store: Overrides, ...rest: unknown[]) {
    if (isTransactionStore(store)) {
      store[STARTED_AT] = RealDate.now();
      store[SEED] = nextSeed();
      // Data properties: a handler assigning the global replaces them (convex-test's setter).
      store.Date = frozenDate;
      store.Math = seededMath;
    }
    // The class's own run, looked up now: ./convex-test-internals.ts watches it for the next engine.
    const classRun = (Object.getPrototypeOf(this) as { run: (...args: unknown[]) => unknown }).run;
    return classRun.call(this, store, ...rest);
  };
}

/** Seeds for the runs' generators, from one seeded once (not from Math.random, which is the process's). */
const nextSeed = (() => {
  const seeds = seededRandom(randomInt(2 ** 31));
  return () => RealMath.floor(seeds() * 2 ** 31);
})();

/** `Date` whose clock stands still at its run's start; dates built from arguments are unchanged. */
function sharedFrozenDate(runStore: () => Overrides | undefined): DateConstructor {
  const now = () => (runStore()?.[STARTED_AT] as number | undefined) ?? RealDate.now();
  class FrozenDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(now());
      else super(...(args as [string]));
    }
    static override now(): number {
      return now();
    }
  }
  return FrozenDate as unknown as DateConstructor;
}

/** `Math` with `random` from its run's generator, seeded for that run. */
function sharedSeededMath(runStore: () => Overrides | undefined): Math {
  const math = Object.create(RealMath) as Math & { random: () => number };
  const random = () => {
    const store = runStore();
    if (store === undefined) return RealMath.random();
    let generator = store[GENERATOR] as (() => number) | undefined;
    if (generator === undefined) {
      generator = seededRandom(store[SEED] as number);
      store[GENERATOR] = generator;
    }
    return generator();
  };
  Object.defineProperty(math, "random", { value: random, writable: true, configurable: true });
  return math;
}

/** The store convex-test builds for queries and mutations (actions get an empty one). */
export function isTransactionStore(store: unknown): store is Overrides {
  return (
    typeof store === "object" &&
    store !== null &&
    typeof (store as Overrides).setTimeout === "function" &&
    typeof (store as Overrides).fetch === "function"
  );
}

/** mulberry32: small, fast and good enough for a function's own randomness. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
