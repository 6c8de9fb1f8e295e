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

type Overrides = Record<string, unknown>;
type OverridesStorage = { run<R>(store: Overrides, callback: () => R): R };

const RealDate = Date;
const RealMath = Math;

const installed = Symbol("deterministic runs");

/**
 * Wraps convex-test's overrides storage so every query and mutation run gets its own clock and
 * generator. The storage is convex-test's module state, shared by every engine of the process:
 * installed once, and it still enters through AsyncLocalStorage.prototype.run (where
 * ./convex-test-internals.ts finds it again for the next engine).
 */
export function installDeterminism(overridesStorage: OverridesStorage): void {
  const storage = overridesStorage as unknown as Record<PropertyKey, unknown>;
  if (storage[installed] === true) return;
  storage[installed] = true;
  storage.run = function (this: OverridesStorage, store: Overrides, ...rest: unknown[]) {
    if (isTransactionStore(store)) {
      const startedAt = RealDate.now();
      // Built on first use: most runs never read the clock or draw a number.
      lazily(store, "Date", () => frozenDate(startedAt));
      lazily(store, "Math", () => seededMath(randomInt(2 ** 31)));
    }
    // The class's own run, looked up now: ./convex-test-internals.ts watches it for the next engine.
    const classRun = (Object.getPrototypeOf(this) as { run: (...args: unknown[]) => unknown }).run;
    return classRun.call(this, store, ...rest);
  };
}

/** Defines `store[key]` as `make()` on first read; an assignment (a handler replacing the global) wins. */
function lazily(store: Overrides, key: string, make: () => unknown): void {
  const define = (value: unknown) =>
    Object.defineProperty(store, key, { value, writable: true, configurable: true, enumerable: true });
  Object.defineProperty(store, key, {
    get: () => {
      const value = make();
      define(value);
      return value;
    },
    set: define,
    configurable: true,
    enumerable: true,
  });
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

/** `Date` whose clock stands still at `now`; dates built from arguments are unchanged. */
function frozenDate(now: number): DateConstructor {
  class FrozenDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(now);
      else super(...(args as [string]));
    }
    static override now(): number {
      return now;
    }
  }
  return FrozenDate as unknown as DateConstructor;
}

/** `Math` with `random` from a generator seeded with `seed`. */
function seededMath(seed: number): Math {
  const math = Object.create(RealMath) as Math & { random: () => number };
  Object.defineProperty(math, "random", { value: seededRandom(seed), writable: true, configurable: true });
  return math;
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
