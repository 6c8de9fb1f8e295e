/**
 * Reporting (issue 16): anyone signed in may report a book, post, comment, chat room, chat
 * message, profile, or a private message of a conversation they are in. One open report per
 * person per item, and at most 10 reports in 10 minutes and 50 a day per person
 * (lib/moderation/report-limits.ts); the queue (moderationLists.ts) groups them per item.
 * Reporters insert their own rows and leave the item's queue row alone (but the first of each
 * minute): many people reporting one viral item at once do not all write one document.
 */
import { ConvexError, v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalMutation, type MutationCtx } from "./_generated/server";
import { requireParticipant } from "./lib/conversations";
import { userMutation } from "./lib/functions";
import { takeReportAllowance } from "./lib/moderation/report-limits";
import { reportedItemOf } from "./lib/moderation/reported-items";
import { loadTarget } from "./lib/moderation/targets";
import {
  REPORT_TEXT_LIMIT,
  type ReportReason,
  reportReasonValidator,
  reportTargetValidator,
} from "./shared/moderation-validators";
import { cleanOptionalText } from "./shared/text";

export const REPORT_TARGET_GONE = "This no longer exists.";
export const CANNOT_REPORT_OWN = "You cannot report your own content.";
export const ALREADY_REPORTED = "You have already reported this. A moderator will look at it.";

export const report = userMutation({
  args: { target: reportTargetValidator, reason: reportReasonValidator, text: v.optional(v.string()) },
  handler: async (ctx, { target, reason, text }) => {
    const content = await loadTarget(ctx, target);
    if (content === null) throw new ConvexError(REPORT_TARGET_GONE);
    // A private message is reported only by someone who could read it.
    if (content.conversationId) await requireParticipant(ctx, content.conversationId, ctx.user._id);
    if (content.authorId === ctx.user._id) throw new ConvexError(CANNOT_REPORT_OWN);
    const details = cleanOptionalText(text, "Details", REPORT_TEXT_LIMIT);
    // A refusal below (a repeat) rolls this back with everything else.
    await takeReportAllowance(ctx, ctx.user._id);

    const now = Date.now();
    const item = await reportedItemOf(ctx, target.kind, target.id);
    if (item === null) {
      // The first report makes the queue row, counting itself.
      const itemId = await ctx.db.insert("reportedItems", {
        targetKind: target.kind,
        targetId: target.id,
        authorId: content.authorId,
        reportCount: 1,
        lastReportedAt: now,
      });
      const reportId = await insertReport(ctx, itemId, ctx.user._id, reason, details);
      const created = (await ctx.db.get(reportId))?._creationTime ?? now;
      await ctx.db.patch(itemId, { countedThrough: created });
      await scheduleRecount(ctx, itemId, now);
      return null;
    }
    const mine = await ctx.db
      .query("reports")
      .withIndex("by_itemId_and_reporterId", (q) => q.eq("itemId", item._id).eq("reporterId", ctx.user._id))
      .unique();
    if (mine !== null) throw new ConvexError(ALREADY_REPORTED);
    await insertReport(ctx, item._id, ctx.user._id, reason, details);
    // Only the first report of a minute writes the queue row (its place among the newest) and
    // books the recount; the others in that minute leave it alone, so they do not conflict on it.
    if (minuteOf(item.lastReportedAt) < minuteOf(now)) {
      await ctx.db.patch(item._id, { lastReportedAt: now });
      await scheduleRecount(ctx, item._id, now);
    }
    return null;
  },
});

/**
 * Adds the reports made since the last count to the queue row's count (and its time to the
 * newest of them). Runs at the start of the minute after a report; a viral item's burst of
 * reports is counted here in one write instead of one write per reporter. An item with more new
 * reports than a batch counts on in the next run.
 */
export const countNewReports = internalMutation({
  args: { itemId: v.id("reportedItems") },
  handler: async (ctx, { itemId }) => {
    const item = await ctx.db.get(itemId);
    if (item === null) return null;
    // A row from before countedThrough counted every report: count them again from the first.
    const since = item.countedThrough ?? 0;
    const base = item.countedThrough === undefined ? 0 : item.reportCount;
    const fresh = await ctx.db
      .query("reports")
      .withIndex("by_itemId", (q) => q.eq("itemId", itemId).gt("_creationTime", since))
      .take(RECOUNT_BATCH);
    const newest = fresh.at(-1);
    if (newest === undefined) return null;
    await ctx.db.patch(itemId, {
      reportCount: base + fresh.length,
      countedThrough: newest._creationTime,
      lastReportedAt: Math.max(item.lastReportedAt, newest._creationTime),
    });
    if (fresh.length === RECOUNT_BATCH) await ctx.scheduler.runAfter(0, internal.reports.countNewReports, { itemId });
    return null;
  },
});

/** Reports counted per run of countNewReports: small documents, far inside a mutation's limits. */
const RECOUNT_BATCH = 1000;
const MINUTE_MS = 60_000;

function minuteOf(time: number): number {
  return Math.floor(time / MINUTE_MS);
}

/** The recount runs when the minute of `now` is over, and counts every report of that minute at once. */
async function scheduleRecount(ctx: MutationCtx, itemId: Id<"reportedItems">, now: number): Promise<void> {
  await ctx.scheduler.runAt((minuteOf(now) + 1) * MINUTE_MS, internal.reports.countNewReports, { itemId });
}

async function insertReport(
  ctx: MutationCtx,
  itemId: Id<"reportedItems">,
  reporterId: Id<"users">,
  reason: ReportReason,
  details: string | undefined,
): Promise<Id<"reports">> {
  return await ctx.db.insert("reports", { itemId, reporterId, reason, ...(details ? { text: details } : {}) });
}
