/**
 * The orphan sweep's walk (orphanSweep.ts runs it): a pass looks at every row of every dependent
 * table (kinds.ts) once, in order, a batch per mutation, and keeps where it got to in one
 * `orphanSweeps` row per table, so a pass cut off (a failed run, a move) goes on from there. When
 * every table is done, the next pass starts PASS_INTERVAL_MS after this one started.
 *
 * Cost per run: the cursor rows (one per kind, 18), then at most ORPHAN_SWEEP_BATCH rows and one
 * lookup per distinct parent among them, plus what removing the orphans found takes (each as its
 * cascade batch would). A run with no pass due reads the 18 cursor rows and writes nothing.
 */
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { ORPHAN_KINDS, type OrphanKind } from "./kinds";

/** Rows looked at per run: each costs its read and at most one parent lookup. */
export const ORPHAN_SWEEP_BATCH = 100;

/** A pass over everything starts this long after the previous one started. */
export const PASS_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * A chain of runs schedules its next one at once, so a cursor row untouched for this long means
 * the chain stopped (a failed run, or a move that lost its scheduled run): the cron takes over.
 * Until then the cron leaves the walk to the chain, so two chains never walk side by side.
 */
export const CHAIN_STALLED_MS = 2 * 60 * 1000;

export type SweepStep =
  | { status: "busy" }
  | { status: "idle" }
  | { status: "swept"; kind: OrphanKind["kind"]; looked: number; removed: number; finished: boolean };

/**
 * One run: a batch of the first table whose walk in this pass is not finished, starting a new
 * pass when one is due. `chained` is a run scheduled by the previous one (not the cron).
 */
export async function sweepStep(ctx: MutationCtx, now: number, chained: boolean): Promise<SweepStep> {
  const states = await ctx.db.query("orphanSweeps").take(2 * ORPHAN_KINDS.length);
  if (!chained && chainAtWork(states, now)) return { status: "busy" };
  const byKind = new Map(states.map((state) => [state.kind, state]));
  let next = ORPHAN_KINDS.find(({ kind }) => byKind.get(kind)?.finishedAt === undefined);
  if (next === undefined) {
    // Every kind has its row here (else one would be unfinished), so this is the pass's start.
    const started = Math.min(...ORPHAN_KINDS.map(({ kind }) => byKind.get(kind)!.passStartedAt));
    if (now - started < PASS_INTERVAL_MS) return { status: "idle" };
    await restartPass(ctx, now, states);
    next = ORPHAN_KINDS[0]!;
  }
  const state = byKind.get(next.kind);
  const batch = await next.sweepBatch(
    ctx,
    state?.finishedAt === undefined ? (state?.cursor ?? null) : null,
    ORPHAN_SWEEP_BATCH,
  );
  const fields = {
    cursor: batch.isDone ? null : batch.continueCursor,
    removed: (state?.finishedAt === undefined ? (state?.removed ?? 0) : 0) + batch.removed,
    finishedAt: batch.isDone ? now : undefined,
    updatedAt: now,
  };
  if (state === undefined) await ctx.db.insert("orphanSweeps", { kind: next.kind, passStartedAt: now, ...fields });
  else await ctx.db.patch(state._id, fields);
  return { status: "swept", kind: next.kind, looked: batch.looked, removed: batch.removed, finished: batch.isDone };
}

/**
 * Whether a chain of runs is walking now: the pass is not finished and a cursor row was written
 * within CHAIN_STALLED_MS. A finished pass has no chain (its last run found nothing to do).
 */
export function chainAtWork(states: Doc<"orphanSweeps">[], now: number): boolean {
  const byKind = new Map(states.map((state) => [state.kind, state]));
  if (ORPHAN_KINDS.every(({ kind }) => byKind.get(kind)?.finishedAt !== undefined)) return false;
  return states.some((state) => now - state.updatedAt < CHAIN_STALLED_MS);
}

/** Starts every table's walk again from its first row (a due pass, or by hand after a move). */
export async function restartPass(ctx: MutationCtx, now: number, states: Doc<"orphanSweeps">[]): Promise<void> {
  for (const state of states) {
    await ctx.db.patch(state._id, {
      cursor: null,
      removed: 0,
      passStartedAt: now,
      finishedAt: undefined,
      updatedAt: now,
    });
  }
}
