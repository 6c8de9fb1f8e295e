/**
 * Queries read the last committed state without waiting for a mutation that is running, as on
 * Convex (every query reads a snapshot; writes never block it).
 *
 * convex-test runs one function at a time: each query or mutation takes its TransactionManager's
 * lock, and pending writes live on each DatabaseFake's `_writes` stack, shared by everyone.
 * A query run here gets its own of both for its async context (AsyncLocalStorage): a fresh
 * TransactionManager (uncontended lock, its own read counters, the last commit's timestamp) and
 * empty write stacks, so it neither waits for nor sees a running mutation's writes. Everyone
 * else keeps the shared ones.
 */
import { SharedAsyncLocalStorage } from "./shared-async-context";
import type { ConvexGlobal, Internals } from "./convex-test-internals";

type Manager = ConvexGlobal["transactionManager"];
type Snapshot = { manager: Manager; writes: Map<object, unknown[]> };

const ownWrites = Symbol("per-snapshot write stacks");

export class SnapshotReads {
  private readonly current = new SharedAsyncLocalStorage<Snapshot>();
  private readonly newManager: () => Manager;

  constructor(private readonly internals: Internals) {
    const { convexGlobal } = internals;
    let shared = convexGlobal.transactionManager;
    Object.defineProperty(convexGlobal, "transactionManager", {
      get: () => this.current.getStore()?.manager ?? shared,
      set: (manager: Manager) => {
        shared = manager;
      },
      configurable: true,
      enumerable: true,
    });
    this.newManager = () => {
      const { constructor, _limitsConfig } = shared as Manager & { _limitsConfig: unknown };
      const manager = new (constructor as new (limits: unknown) => Manager)(_limitsConfig);
      manager._lastCommitTs = shared._lastCommitTs;
      return manager;
    };
  }

  /** Runs the query `fn` against the last committed state, beside whatever else runs. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    // Components may be registered after open; each database gets per-snapshot stacks once.
    for (const { db } of Object.values(this.internals.convexGlobal.components)) this.giveOwnWrites(db);
    return await this.current.run({ manager: this.newManager(), writes: new Map() }, fn);
  }

  private giveOwnWrites(db: object): void {
    const target = db as Record<PropertyKey, unknown> & { _writes: unknown[] };
    if (target[ownWrites] === true) return;
    target[ownWrites] = true;
    let shared = target._writes;
    Object.defineProperty(target, "_writes", {
      get: () => {
        const snapshot = this.current.getStore();
        if (snapshot === undefined) return shared;
        let writes = snapshot.writes.get(target);
        if (writes === undefined) {
          writes = [];
          snapshot.writes.set(target, writes);
        }
        return writes;
      },
      set: (writes: unknown[]) => {
        const snapshot = this.current.getStore();
        if (snapshot === undefined) shared = writes;
        else snapshot.writes.set(target, writes);
      },
      configurable: true,
      enumerable: true,
    });
  }
}
