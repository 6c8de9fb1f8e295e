/**
 * Runs scheduled functions (`ctx.scheduler.runAfter` / `runAt`) and crons in real time.
 *
 * convex-test's own scheduler keeps its timers out of reach (they could not be stopped on
 * close) and forgets them on restart, so the engine answers the "schedule" syscall itself: the
 * `_scheduled_functions` document is written in the scheduling transaction as usual, and a
 * timer here runs the job. On open, pending jobs of the restored database are re-armed.
 * Timers are created in the engine's root async context: never inside the scheduling
 * function's context, where convex-test forbids timers and marks a transaction as open.
 * A component's jobs live in its own `_scheduled_functions` table and run its functions, as on
 * Convex; each component's `crons.ts` runs too. A job may run another component's function (a
 * child's through `components.…`, any component's through a function handle): its row stays in
 * the scheduling component's table, as Convex keeps it in the scheduler's queue, and where it runs
 * is kept in that component's `_scheduled_function_targets` table (Convex keeps it in the system
 * row, but its `_scheduled_functions` view shows only `name`, so the row stays as Convex shows it).
 */
import { AsyncResource } from "node:async_hooks";
import { clearTimeout, setTimeout } from "node:timers";
import { makeFunctionReference, type FunctionReference } from "convex/server";
import { jsonToConvex, type JSONValue } from "convex/values";
import { databaseOf, type Internals, type TestAccessor } from "./convex-test-internals";
import { nextRunAfter, type CronSchedule } from "./cron-schedule";
import { functionKindOf, type ModuleMap } from "./modules";

const JOBS_TABLE = "_scheduled_functions";
/** Where a job runs when that is not the component that scheduled it: `{ job, component }`. */
const TARGETS_TABLE = "_scheduled_function_targets";
/** Node timers cannot wait longer than this; longer waits re-arm. */
const MAX_TIMER_MS = 2 ** 31 - 1;

type Job = { name: string; args: unknown[]; scheduledTime: number; state: { kind: string } };
type MutationCtxWithRunMutation = {
  runMutation(reference: FunctionReference<"mutation", "public" | "internal">, args: never): Promise<unknown>;
};
type CronJob = { name: string; args: unknown[]; schedule: CronSchedule };
type JobTarget = { job: string; component: string };

export class Scheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private readonly rootScope = new AsyncResource("local-backend-scheduler");
  /** Pending jobs running in another component than their own: job key → the component they run in. */
  private readonly targets = new Map<string, string>();
  private closed = false;

  constructor(
    private readonly t: TestAccessor,
    private readonly internals: Internals,
    /** The functions of the app ("") and of each component (to check a target, tell a mutation from an action). */
    private readonly modulesByPath: ReadonlyMap<string, ModuleMap>,
  ) {}

  /** The functions of the app ("") or of an installed component. */
  modulesOf(componentPath: string): ModuleMap | undefined {
    return this.modulesByPath.get(componentPath);
  }

  /**
   * Runs the job `jobId` of the component (its `_scheduled_functions` document) at `atMs`, or now
   * if that has passed, in `targetPath`. Called in the scheduling transaction: where the job runs
   * is written in it too, so both are on disk or neither is.
   */
  add(componentPath: string, jobId: string, atMs: number, targetPath = componentPath): void {
    if (targetPath !== componentPath) {
      databaseOf(this.internals, componentPath).insert(TARGETS_TABLE, { job: jobId, component: targetPath });
      this.targets.set(jobKey(componentPath, jobId), targetPath);
    }
    this.arm(componentPath, jobId, atMs);
  }

  private arm(componentPath: string, jobId: string, atMs: number): void {
    this.at(atMs, () => this.runJob(componentPath, jobId));
  }

  /** After a restart: re-arms pending jobs; jobs cut off mid-run by a crash are marked failed. */
  async resume(): Promise<void> {
    const interrupted: [string, string][] = [];
    for (const [componentPath, { db }] of Object.entries(this.internals.convexGlobal.components)) {
      const documents = Object.entries(db._documents);
      const targets = new Map<string, string>();
      for (const [id, document] of documents) {
        if (!id.endsWith(TARGETS_TABLE)) continue;
        const target = document as unknown as JobTarget;
        targets.set(target.job, target.component);
      }
      for (const [id, document] of documents) {
        if (!id.endsWith(JOBS_TABLE)) continue;
        const job = document as unknown as Job;
        if (job.state.kind !== "pending") {
          if (job.state.kind === "inProgress") interrupted.push([componentPath, id]);
          continue;
        }
        const targetPath = targets.get(id);
        if (targetPath !== undefined) this.targets.set(jobKey(componentPath, id), targetPath);
        this.arm(componentPath, id, job.scheduledTime);
      }
    }
    if (interrupted.length === 0) return;
    await this.t.run(async () => {
      for (const [componentPath, id] of interrupted) this.finish(componentPath, id, "failed");
    });
  }

  /** Starts the crons of a `crons.ts` among the modules of the app ("") or of a component. */
  async startCrons(modules: ModuleMap, componentPath = ""): Promise<void> {
    const load = modules["./convex/crons.ts"] ?? modules["./convex/crons.js"];
    if (load === undefined) return;
    const crons = (await load()).default as { crons?: Record<string, CronJob> } | undefined;
    const where = componentPath === "" ? "" : ` of component ${componentPath}`;
    for (const [identifier, cron] of Object.entries(crons?.crons ?? {})) {
      const arm = (afterMs: number) => {
        const next = nextRunAfter(cron.schedule, afterMs);
        if (next === null) return console.error(`local backend: cron "${identifier}"${where} never runs`);
        this.at(next, async () => {
          const args = jsonToConvex((cron.args[0] ?? {}) as JSONValue);
          await this.runFunction(`cron "${identifier}"${where}`, componentPath, cron.name, args);
          arm(Math.max(next, Date.now()));
        });
      };
      arm(Date.now());
    }
  }

  private at(atMs: number, task: () => Promise<void>): void {
    if (this.closed) return;
    const delay = Math.max(0, atMs - Date.now());
    const fire = () => {
      this.timers.delete(timer);
      if (this.closed) return;
      if (atMs - Date.now() > 0) return this.at(atMs, task); // a wait longer than one timer
      const run = task().finally(() => this.running.delete(run));
      this.running.add(run);
    };
    const timer: NodeJS.Timeout = this.rootScope.runInAsyncScope(() => setTimeout(fire, Math.min(delay, MAX_TIMER_MS)));
    this.timers.add(timer);
  }

  private async runJob(componentPath: string, jobId: string): Promise<void> {
    const key = jobKey(componentPath, jobId);
    const targetPath = this.targets.get(key) ?? componentPath;
    try {
      const job = databaseOf(this.internals, componentPath).get(undefined, jobId) as unknown as Job | null;
      if (job === null || job.state.kind !== "pending") return;
      const modules = this.modulesOf(targetPath);
      const isMutation = modules !== undefined && (await functionKindOf(modules, job.name)) === "mutation";
      if (isMutation) await this.runMutationJob(componentPath, jobId, targetPath);
      else await this.runClaimedJob(componentPath, jobId, targetPath);
    } finally {
      this.targets.delete(key);
    }
  }

  /**
   * A scheduled mutation runs exactly once, as on Convex: it runs (nested) in the same
   * transaction that marks its job done, so either both are on disk or neither is, and a job a
   * crash interrupted is still pending when the backend starts again (and runs then). A failing
   * mutation's writes are rolled back and its job is marked failed.
   */
  private async runMutationJob(componentPath: string, jobId: string, targetPath: string): Promise<void> {
    const db = databaseOf(this.internals, componentPath);
    await this.t.run(async (ctx: MutationCtxWithRunMutation) => {
      const job = db.get(undefined, jobId) as unknown as Job | null;
      if (job === null || job.state.kind !== "pending") return;
      let kind: "success" | "failed" = "success";
      try {
        await ctx.runMutation(functionIn(targetPath, job.name), (job.args[0] ?? {}) as never);
      } catch (error) {
        console.error(`local backend: ${describeJob(job.name, componentPath, targetPath)} failed:`, error);
        kind = "failed";
      }
      this.finish(componentPath, jobId, kind);
    });
  }

  /**
   * Actions are claimed first, so one a crash interrupted is not run twice: it is marked failed
   * at the next start, as Convex does for actions. A job naming no function of its target (that
   * function was removed since) is claimed and fails, as on Convex.
   */
  private async runClaimedJob(componentPath: string, jobId: string, targetPath: string): Promise<void> {
    const db = databaseOf(this.internals, componentPath);
    // Claim the job in a transaction: it may have been canceled, or its scheduling
    // mutation rolled back (then the document never existed).
    const claimed = await this.t.run(async () => {
      const job = db.get(undefined, jobId) as unknown as Job | null;
      if (job === null || job.state.kind !== "pending") return null;
      db.patch(JOBS_TABLE, jobId, { state: { kind: "inProgress" } });
      return { name: job.name, args: job.args[0] ?? {} };
    });
    if (claimed === null) return;
    const what = describeJob(claimed.name, componentPath, targetPath);
    const ok = await this.runFunction(what, targetPath, claimed.name, claimed.args);
    await this.t.run(async () => this.finish(componentPath, jobId, ok ? "success" : "failed"));
  }

  private finish(componentPath: string, jobId: string, kind: "success" | "failed"): void {
    const db = databaseOf(this.internals, componentPath);
    if (db.get(undefined, jobId) === null) return;
    db.patch(JOBS_TABLE, jobId, { state: { kind }, completedTime: Date.now() });
  }

  /** Scheduled functions run without an identity, like on Convex. */
  private async runFunction(what: string, componentPath: string, udfPath: string, args: unknown): Promise<boolean> {
    try {
      await this.t.fun({ componentPath, udfPath }, args);
      return true;
    } catch (error) {
      console.error(`local backend: ${what} failed:`, error);
      return false;
    }
  }

  /** Stops all timers and waits for functions already running. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}

function jobKey(componentPath: string, jobId: string): string {
  return `${componentPath}\u0000${jobId}`;
}

/**
 * A mutation of the component `componentPath` for `ctx.runMutation` in the engine's own
 * transaction (run in the app): by name for the app's, by function handle for a component's.
 */
function functionIn(componentPath: string, udfPath: string): FunctionReference<"mutation", "public" | "internal"> {
  if (componentPath === "") return makeFunctionReference<"mutation">(udfPath);
  return `function://${componentPath};${udfPath}` as unknown as FunctionReference<"mutation", "public" | "internal">;
}

function describeJob(name: string, componentPath: string, targetPath: string): string {
  const of = componentPath === "" ? "" : ` of component ${componentPath}`;
  const runsIn =
    targetPath === componentPath ? "" : ` (running in ${targetPath === "" ? "the app" : `component ${targetPath}`})`;
  return `scheduled function ${name}${of}${runsIn}`;
}
