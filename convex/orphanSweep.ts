/**
 * The orphan sweep (issue 34): deletes rows whose parent is gone because the cascade that should
 * have taken them was cut off. Cascades go on in scheduled runs (cascade.ts, lib/reactions.ts,
 * lib/notifications/remove.ts), and a backup leaves pending scheduled functions out, so moving
 * the data (or a run that failed) can stop one half-way for ever. The sweep walks every dependent
 * table in batches (lib/orphan-sweep/), removes each orphan as its cascade would have, and never
 * touches a row whose parent exists. It is safe to run at any time and any number of times.
 *
 * The cron starts a pass once a day (and takes over a chain that stopped); a pass goes on in a
 * chain of runs, a batch each. After moving a deployment, start one at once:
 *   npx convex run orphanSweep:startPass
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation, internalQuery } from "./_generated/server";
import { ORPHAN_KINDS } from "./lib/orphan-sweep/kinds";
import { chainAtWork, restartPass, sweepStep } from "./lib/orphan-sweep/sweep";

/** One batch of the sweep; schedules the next while the pass has more to look at. */
export const sweep = internalMutation({
  args: { chained: v.optional(v.boolean()) },
  handler: async (ctx, { chained }) => {
    const step = await sweepStep(ctx, Date.now(), chained === true);
    if (step.status === "swept") await ctx.scheduler.runAfter(0, internal.orphanSweep.sweep, { chained: true });
    return step;
  },
});

/** Starts a pass now, whatever the last one did (run it after importing a backup). */
export const startPass = internalMutation({
  args: {},
  handler: async (ctx) => {
    const now = Date.now();
    const states = await ctx.db.query("orphanSweeps").take(2 * ORPHAN_KINDS.length);
    // A chain at work picks the reset up by itself: a second one would only walk beside it.
    const walking = chainAtWork(states, now);
    await restartPass(ctx, now, states);
    if (!walking) await ctx.scheduler.runAfter(0, internal.orphanSweep.sweep, { chained: true });
  },
});

/** Where the pass is, per table, and how many orphans it removed: for the dashboard or `npx convex run`. */
export const status = internalQuery({
  args: {},
  handler: async (ctx) => {
    const states = await ctx.db.query("orphanSweeps").take(2 * ORPHAN_KINDS.length);
    return states.map(({ kind, removed, passStartedAt, finishedAt }) => ({ kind, removed, passStartedAt, finishedAt }));
  },
});
