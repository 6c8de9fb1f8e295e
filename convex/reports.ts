/**
 * Reporting (issue 16): anyone signed in may report a book, post, comment, chat room, chat
 * message, profile, or a private message of a conversation they are in. One open report per
 * person per item, and at most 10 reports in 10 minutes and 50 a day per person
 * (lib/moderation/report-limits.ts); the queue (moderationLists.ts) groups them per item.
 */
import { ConvexError, v } from "convex/values";
import { requireParticipant } from "./lib/conversations";
import { userMutation } from "./lib/functions";
import { takeReportAllowance } from "./lib/moderation/report-limits";
import { reportedItemOf } from "./lib/moderation/reported-items";
import { loadTarget } from "./lib/moderation/targets";
import { REPORT_TEXT_LIMIT, reportReasonValidator, reportTargetValidator } from "./shared/moderation-validators";
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
    let itemId;
    if (item === null) {
      itemId = await ctx.db.insert("reportedItems", {
        targetKind: target.kind,
        targetId: target.id,
        authorId: content.authorId,
        reportCount: 1,
        lastReportedAt: now,
      });
    } else {
      const mine = await ctx.db
        .query("reports")
        .withIndex("by_itemId_and_reporterId", (q) => q.eq("itemId", item._id).eq("reporterId", ctx.user._id))
        .unique();
      if (mine !== null) throw new ConvexError(ALREADY_REPORTED);
      itemId = item._id;
      await ctx.db.patch(item._id, { reportCount: item.reportCount + 1, lastReportedAt: now });
    }
    await ctx.db.insert("reports", {
      itemId,
      reporterId: ctx.user._id,
      reason,
      ...(details ? { text: details } : {}),
    });
    return null;
  },
});
