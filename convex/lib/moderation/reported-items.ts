import type { Doc } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import type { ReportTargetKind } from "../../shared/moderation-validators";

/** The moderators' queue row of something reported, or null when it has no open reports. */
export async function reportedItemOf(
  ctx: QueryCtx,
  kind: ReportTargetKind,
  id: string,
): Promise<Doc<"reportedItems"> | null> {
  return await ctx.db
    .query("reportedItems")
    .withIndex("by_target", (q) => q.eq("targetKind", kind).eq("targetId", id))
    .unique();
}

/**
 * At most this many reports made since the last count are read to count an item's reports now:
 * with a batch of the removal's or dismissal's own deletes (cascade.ts, 500 documents) the
 * mutation stays inside one batch's budget (3 × 500 + 15 reads) even in a burst's minute.
 */
export const UNCOUNTED_READ_LIMIT = 100;

/** An item's open reports now; `atLeast` when a burst has more uncounted ones than were read. */
export type OpenReportCount = { count: number; atLeast: boolean };

/**
 * How many open reports an item has now: the stored count plus the reports made since it was
 * last counted (reports.countNewReports adds those within a minute). For the audit log, which
 * says how many reports a removed or dismissed item had ("2 reports", "131+ reports").
 */
export async function openReportCount(ctx: QueryCtx, item: Doc<"reportedItems">): Promise<OpenReportCount> {
  const counted = item.countedThrough;
  if (counted === undefined) return { count: item.reportCount, atLeast: false };
  const uncounted = await ctx.db
    .query("reports")
    .withIndex("by_itemId", (q) => q.eq("itemId", item._id).gt("_creationTime", counted))
    .take(UNCOUNTED_READ_LIMIT);
  return { count: item.reportCount + uncounted.length, atLeast: uncounted.length === UNCOUNTED_READ_LIMIT };
}
