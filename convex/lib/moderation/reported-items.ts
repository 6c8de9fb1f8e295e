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
