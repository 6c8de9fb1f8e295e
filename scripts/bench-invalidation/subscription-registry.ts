/**
 * What every open subscription last read, kept from the query runs of the local backend's sync
 * hub (each run goes through engine.runQueryTrackingReads): so for any write we can tell which
 * subscriptions it makes stale, by the hub's own rule (ReadSet.isAffectedBy, index ranges and
 * ids as Convex records them), whatever else commits meanwhile.
 *
 * Counts are given two ways. "local": one run per (function, arguments, caller), as the hub
 * caches. "Convex": a result that did not read `ctx.auth` is shared by every caller with the
 * same arguments, so it is one run however many users hold it; one that read auth (or ran on
 * convex-test, where that is not known) is one run per caller.
 */
import type { JSONValue } from "convex/values";
import type { DocumentWrite, ReadSet } from "../../local-backend/engine/read-set";
import type { Engine, Identity } from "../../local-backend/engine/types";

export type Subscription = {
  udfPath: string;
  args: JSONValue;
  argsText: string;
  caller: string;
  readSet: ReadSet;
  /** Same key, one run on Convex (the caller is left out when the run did not read auth). */
  convexKey: string;
};

/** Re-runs by function: local runs and Convex runs (distinct convexKeys of each commit, summed over commits). */
export type FanOut = Map<string, { local: number; convex: number }>;

export class SubscriptionRegistry {
  private readonly latest = new Map<string, Subscription>();
  private inFlight = 0;
  private lastRunAt = 0;
  /** Query runs the hub made since the last `resetObserved`, by function. */
  observed = new Map<string, number>();

  constructor(engine: Engine) {
    const run = engine.runQueryTrackingReads.bind(engine);
    engine.runQueryTrackingReads = async (udfPath, args, identity, ...rest) => {
      this.inFlight += 1;
      try {
        const result = await run(udfPath, args, identity, ...rest);
        this.remember(udfPath, args, identity, result.readSet);
        return result;
      } finally {
        this.inFlight -= 1;
        this.lastRunAt = performance.now();
        this.observed.set(udfPath, (this.observed.get(udfPath) ?? 0) + 1);
      }
    };
  }

  private remember(udfPath: string, args: JSONValue, identity: Identity, readSet: ReadSet): void {
    const argsText = JSON.stringify(args);
    const caller = identity === null ? "anonymous" : identity.subject;
    const shared = readSet.readsAuthKnown && !readSet.readsAuth;
    const convexKey = shared ? `${udfPath}\u0000${argsText}` : `${udfPath}\u0000${argsText}\u0000${caller}`;
    this.latest.set(`${udfPath}\u0000${argsText}\u0000${caller}`, {
      udfPath,
      args,
      argsText,
      caller,
      readSet,
      convexKey,
    });
  }

  /** Every subscription seen, as last run. */
  get subscriptions(): Subscription[] {
    return [...this.latest.values()];
  }

  /** Adds to `into` the subscriptions one commit's `writes` would re-run, by function. */
  affectedBy(writes: readonly DocumentWrite[], into: FanOut = new Map()): FanOut {
    const convexKeys = new Map<string, Set<string>>();
    for (const subscription of this.latest.values()) {
      if (!writes.some((write) => subscription.readSet.isAffectedBy(write))) continue;
      let entry = into.get(subscription.udfPath);
      if (entry === undefined) {
        entry = { local: 0, convex: 0 };
        into.set(subscription.udfPath, entry);
      }
      entry.local += 1;
      const keys = convexKeys.get(subscription.udfPath) ?? new Set<string>();
      convexKeys.set(subscription.udfPath, keys);
      if (!keys.has(subscription.convexKey)) {
        keys.add(subscription.convexKey);
        entry.convex += 1;
      }
    }
    return into;
  }

  /** Convex runs of the subscriptions that `matches` (a budget: "these may re-run"). */
  convexRunsOf(matches: (subscription: Subscription) => boolean): number {
    return new Set(this.subscriptions.filter(matches).map(({ convexKey }) => convexKey)).size;
  }

  /** Distinct arguments among the subscriptions that `matches`: their runs if none read auth (a budget for totals). */
  sharedRunsOf(matches: (subscription: Subscription) => boolean): number {
    return new Set(this.subscriptions.filter(matches).map(({ udfPath, argsText }) => `${udfPath}\u0000${argsText}`))
      .size;
  }

  resetObserved(): void {
    this.observed = new Map();
  }

  /** Resolves once no query has run for `quietMs` (the hub has caught up with every commit). */
  async settle(quietMs = 150, timeoutMs = 20_000): Promise<void> {
    const started = performance.now();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, quietMs / 3));
      const now = performance.now();
      if (this.inFlight === 0 && now - this.lastRunAt >= quietMs) return;
      if (now - started > timeoutMs) {
        console.log(`  (the hub was still re-running queries after ${timeoutMs / 1000} s; going on)`);
        return;
      }
    }
  }
}

export function convexRuns(fanOut: FanOut): number {
  let total = 0;
  for (const { convex } of fanOut.values()) total += convex;
  return total;
}

export function localRuns(fanOut: FanOut): number {
  let total = 0;
  for (const { local } of fanOut.values()) total += local;
  return total;
}
