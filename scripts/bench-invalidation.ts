/**
 * `npm run bench:invalidation`: how many query re-runs each of the writes that happen most
 * causes, against a realistic set of open subscriptions on the local backend (the fan-out
 * matrix, ./bench-invalidation/), each held to a budget printed beside it; then read sets by
 * table against by index range (./bench-invalidation/by-table.ts).
 *
 * Figures, not assertions: it exits 0 whatever they are, unless `--check` is given, which exits 1
 * when a row is over its budget. `--hot` adds a deliberately hot write (a view that patches the
 * listed post) to show `--check` failing; `--matrix-only` skips the table/range comparison.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startLocalBackend } from "../local-backend/server/start-server";
import { compareTableAndRange } from "./bench-invalidation/by-table";
import { overBudget, printMatrix, runMatrix, writesOf } from "./bench-invalidation/matrix";
import { buildScenario } from "./bench-invalidation/scenario";
import { SubscriptionRegistry } from "./bench-invalidation/subscription-registry";

const check = process.argv.includes("--check");
const hot = process.argv.includes("--hot");
const matrixOnly = process.argv.includes("--matrix-only");
const log = (line: string) => console.log(line);

async function fanOutMatrix(): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-fanout-"));
  const backend = await startLocalBackend({ port: 0, dataDir, seed: false, log: () => undefined });
  const registry = new SubscriptionRegistry(backend.engine);
  const started = performance.now();
  try {
    log("Fan-out matrix: setting up…");
    const scenario = await buildScenario(backend.engine, backend.url, log);
    const setupSeconds = (performance.now() - started) / 1000;
    const rows = await runMatrix(scenario, registry, writesOf(scenario, { hot }), log);
    await scenario.stop();
    const subscriptions = registry.subscriptions.length;
    const users = new Set(registry.subscriptions.map(({ caller }) => caller)).size;
    const onConvexTest = backend.engine.queriesOnConvexTest;
    log(
      `\nFan-out matrix: ${scenario.clients.length} clients of as many users, ${subscriptions} subscriptions of ${users} callers (set up in ${setupSeconds.toFixed(0)} s).`,
    );
    log("Convex runs = re-runs a deployment makes (a result that did not read auth is shared: one run); local runs =");
    log("one per caller, as the local hub caches; seen = runs the hub made meanwhile (sessions timing out included).");
    log(
      `Queries on convex-test, counted per caller: ${onConvexTest.length === 0 ? "none" : onConvexTest.join(", ")}.\n`,
    );
    printMatrix(rows, log);
    const over = overBudget(rows);
    log(
      `\n${over.length === 0 ? "Every write within its budget." : `${over.length} of ${rows.length} writes over budget: ${over.map(({ write }) => write).join("; ")}.`}`,
    );
    return over.length;
  } finally {
    await backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const over = await fanOutMatrix();
if (!matrixOnly) await compareTableAndRange();
if (check && over > 0) process.exit(1);
process.exit(0);
