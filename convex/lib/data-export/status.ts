/**
 * "Download my data" (issue 30): the rules of an export's life, shared by its mutations, the
 * building action and the download route.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { STALLED_AFTER_MS } from "../../shared/data-export";
import { writtenAhead } from "../clock";

/** The row and its file are deleted this long after the start (issue 30: "deleted after a day"). */
export const KEEP_EXPORT_MS = 24 * 60 * 60 * 1000;
export { STALLED_AFTER_MS } from "../../shared/data-export";

export const EXPORT_ALREADY_RUNNING = "Your data is already being collected. Wait for it to finish.";
export const EXPORT_FAILED = "Something went wrong while collecting your data. Please try again.";

/** The person's newest export, whatever its state (one index read: there is at most one row each). */
export async function latestExport(ctx: QueryCtx, userId: Id<"users">): Promise<Doc<"dataExports"> | null> {
  return await ctx.db
    .query("dataExports")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .order("desc")
    .first();
}

/**
 * Whether a running export still counts as running at `now` (its action wrote recently). One last
 * written "in the future" (the clock ran ahead, lib/clock.ts) has stalled: a live action would have
 * written since on the right clock, and it must not hold off a new export until the clock catches up.
 */
export function isRunning(row: Doc<"dataExports">, now: number): boolean {
  return row.status === "running" && !writtenAhead(row.updatedAt, now) && now - row.updatedAt < STALLED_AFTER_MS;
}

/** Deletes an export's row and its stored ZIP, if any. */
export async function removeExport(ctx: MutationCtx, row: Doc<"dataExports">): Promise<void> {
  if (row.storageId !== undefined) await deleteStoredFile(ctx, row.storageId);
  await ctx.db.delete(row._id);
}

/** Deletes a stored file that may already be gone. */
export async function deleteStoredFile(ctx: MutationCtx, storageId: Id<"_storage">): Promise<void> {
  if ((await ctx.db.system.get(storageId)) !== null) await ctx.storage.delete(storageId);
}
