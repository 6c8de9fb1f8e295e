/** What a function sees of its runtime: the clock and the random generator (determinism tests). */
import { actionGeneric as action, mutationGeneric as mutation, queryGeneric as query } from "convex/server";
import { v, type GenericId } from "convex/values";

/** Spins for `ms` of real time (a function cannot sleep), then reads the clock again. */
function clockAcross(ms: number) {
  const start = Date.now();
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy: real time passes while the function runs
  }
  return { start, end: Date.now(), newDate: new Date().getTime(), parsed: new Date(0).getTime() };
}

const randoms = () => [Math.random(), Math.random(), Math.random()];

export const clockInQuery = query({
  args: { spinMs: v.number() },
  handler: async (_ctx, { spinMs }) => ({ ...clockAcross(spinMs), randoms: randoms() }),
});

export const clockInMutation = mutation({
  args: { spinMs: v.number() },
  handler: async (ctx, { spinMs }) => {
    const clock = clockAcross(spinMs);
    const id = await ctx.db.insert("notes", { text: "timed" });
    const note = await ctx.db.get(id);
    return { ...clock, randoms: randoms(), creationTime: note?._creationTime ?? null };
  },
});

export const clockInAction = action({
  args: { spinMs: v.number() },
  handler: async (_ctx, { spinMs }) => clockAcross(spinMs),
});

/**
 * A long mutation: writes a note, then reads a stored file `reads` times (each read waits for the
 * disk, so the mutation spans many turns of the event loop) before it commits.
 */
export const writeThenReadFile = mutation({
  args: { storageId: v.string(), reads: v.number() },
  handler: async (ctx, { storageId, reads }) => {
    await ctx.db.insert("notes", { text: "written by the long mutation" });
    for (let i = 0; i < reads; i++) await ctx.storage.get(storageId as GenericId<"_storage">);
    return reads;
  },
});
