/**
 * The read-budget matrix's backend: the local backend's engine (convex-test with sorted indexes,
 * so an index range costs what it reads, as on Convex) on a temporary data folder, and a meter
 * for the documents one function call reads and writes.
 *
 * Counting: convex-test's per-transaction metrics (the ones `transactionLimits` enforces, and
 * the engine's direct queries keep too) call `trackRead` / `trackWrite` for every document read
 * or written, nested component calls (sharded counter, presence, rate limiter) included. A call
 * is metered through an AsyncLocalStorage, so a scheduled follow-up (which the engine starts in
 * its own root context) never adds to the call that scheduled it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { TransactionMetricsTracker } from "convex-test/dist/transactionMetrics.js";
import type { Id } from "../../../convex/_generated/dataModel";
import { openEngine } from "../../../local-backend/engine/open-engine";
import type { Engine, Identity } from "../../../local-backend/engine/types";

export type Usage = { reads: number; writes: number };

const meter = new AsyncLocalStorage<Usage>();

/** Opens an engine on a fresh temporary folder; `close` stops it and removes the folder. */
export async function openBudgetEngine(): Promise<{ engine: Engine; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "read-budget-"));
  const url = "http://127.0.0.1:1";
  const engine = await openEngine({ dataDir, siteUrl: url, cloudUrl: url });
  // After opening: the engine puts its own counters (with Convex's messages) on the prototype.
  countUsage();
  return {
    engine,
    close: async () => {
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const wrapped = new WeakSet<object>();

function countUsage(): void {
  const prototype = TransactionMetricsTracker.prototype;
  const read = prototype.trackRead;
  const write = prototype.trackWrite;
  if (!wrapped.has(read)) {
    const countingRead = function (this: TransactionMetricsTracker, size: number) {
      const usage = meter.getStore();
      if (usage !== undefined) usage.reads += 1;
      return read.call(this, size);
    };
    wrapped.add(countingRead);
    prototype.trackRead = countingRead;
  }
  if (!wrapped.has(write)) {
    const countingWrite = function (this: TransactionMetricsTracker, size: number) {
      const usage = meter.getStore();
      if (usage !== undefined) usage.writes += 1;
      return write.call(this, size);
    };
    wrapped.add(countingWrite);
    prototype.trackWrite = countingWrite;
  }
}

/** What `call` read and wrote, with its outcome (a failure is measured too, then rethrown by the caller). */
export async function metered<T>(call: () => Promise<T>): Promise<{ usage: Usage; outcome: PromiseSettledResult<T> }> {
  const usage: Usage = { reads: 0, writes: 0 };
  const [outcome] = await meter.run(usage, () => Promise.allSettled([call()]));
  return { usage, outcome: outcome! };
}

/** A signed-in caller as the engine's server builds it from a verified Convex Auth JWT. */
export async function identityOf(engine: Engine, userId: Id<"users">): Promise<NonNullable<Identity>> {
  const sessionId = await engine.admin.run((ctx) =>
    ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 30 * 86_400_000 }),
  );
  const issuer = engine.env.CONVEX_SITE_URL ?? "";
  const subject = `${userId}|${sessionId}`;
  return { subject, issuer, tokenIdentifier: `${issuer}|${subject}` };
}
