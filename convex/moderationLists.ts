/**
 * What /moderation shows (issue 16), to moderators and admins only: the open reports grouped per
 * item, current suspensions, the audit log, and for admins the people who hold roles. Every list
 * is a page through an index; each row reads a bounded number of documents.
 */
import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { publicUser, publicUsers } from "./lib/creators";
import { adminQuery, moderatorQuery } from "./lib/functions";
import { withPageSizeCapped } from "./lib/page-size";
import { judgeRefusal, ownerOf, suspendRefusal } from "./lib/moderation/actions";
import { type Actor, roleOf } from "./lib/moderation/roles";
import { activeSuspension, isActive } from "./lib/moderation/suspensions";
import { contentView, loadTarget, storedTarget } from "./lib/moderation/targets";

/** Reports shown per item; the count says how many there are in all. */
const REPORTS_SHOWN = 10;
const MAX_PAGE = 20;

/** Open reports, one row per reported item, newest report first or most reported first. */
export const openItems = moderatorQuery({
  args: { sort: v.union(v.literal("newest"), v.literal("most")), paginationOpts: paginationOptsValidator },
  handler: async (ctx, { sort, paginationOpts }) => {
    const result = await ctx.db
      .query("reportedItems")
      .withIndex(sort === "newest" ? "by_lastReportedAt" : "by_reportCount")
      .order("desc")
      .paginate(withPageSizeCapped(paginationOpts, MAX_PAGE));
    return { ...result, page: await Promise.all(result.page.map((item) => itemView(ctx, ctx.actor, item))) };
  },
});

/**
 * One queue row, with what the viewer may do about it: the same rules the mutations enforce
 * (judgeRefusal, suspendRefusal), so the page offers only what would succeed. The author's role
 * is one indexed read.
 */
async function itemView(ctx: QueryCtx, viewer: Actor, item: Doc<"reportedItems">) {
  const target = storedTarget(ctx, item.targetKind, item.targetId);
  const content = target === null ? null : await loadTarget(ctx, target);
  const ownerId = ownerOf(content, item) ?? item.authorId;
  const ownerRole = await roleOf(ctx, ownerId);
  const authorRole = ownerId === item.authorId ? ownerRole : await roleOf(ctx, item.authorId);
  const refusal = judgeRefusal(viewer, ownerId, ownerRole);
  const reports = await ctx.db
    .query("reports")
    .withIndex("by_itemId_and_reporterId", (q) => q.eq("itemId", item._id))
    .take(REPORTS_SHOWN);
  const reporterOf = await publicUsers(
    ctx,
    reports.map((report) => report.reporterId),
  );
  const suspension = await activeSuspension(ctx, item.authorId);
  return {
    _id: item._id,
    target: { kind: item.targetKind, id: item.targetId },
    reportCount: item.reportCount,
    lastReportedAt: item.lastReportedAt,
    author: { ...(await publicUser(ctx, item.authorId)), suspendedUntil: suspension && suspension.endsAt },
    authorSuspended: suspension !== null,
    canRemove: refusal === null,
    canDismiss: refusal === null,
    canSuspendAuthor: suspendRefusal(viewer, item.authorId, authorRole) === null,
    /** Why neither Remove nor Dismiss is offered: the viewer's own content, or a staff member's. */
    refusal,
    content: content && (await contentView(ctx, content)),
    reports: reports.map((report) => ({
      _id: report._id,
      _creationTime: report._creationTime,
      reason: report.reason,
      text: report.text ?? null,
      reporter: reporterOf(report.reporterId),
    })),
  };
}

export type ModerationItem = Awaited<ReturnType<typeof itemView>>;

/** Suspensions, newest first; ones that have run out are marked so a moderator can clear them. */
export const suspensions = moderatorQuery({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db
      .query("suspensions")
      .order("desc")
      .paginate(withPageSizeCapped(paginationOpts, MAX_PAGE));
    const now = Date.now();
    const personOf = await publicUsers(ctx, [
      ...result.page.map((row) => row.userId),
      ...result.page.flatMap((row) => (row.byUserId ? [row.byUserId] : [])),
    ]);
    return {
      ...result,
      page: result.page.map((row) => ({
        _id: row._id,
        _creationTime: row._creationTime,
        user: personOf(row.userId),
        endsAt: row.endsAt,
        reason: row.reason,
        active: isActive(row, now),
        by: row.byUserId ? personOf(row.byUserId).displayName : "Convex dashboard",
      })),
    };
  },
});

/** The audit log, newest first. */
export const log = moderatorQuery({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db
      .query("moderationLog")
      .order("desc")
      .paginate(withPageSizeCapped(paginationOpts, MAX_PAGE));
    const people = result.page.flatMap((row) => [row.actorId, row.subjectId]).filter((id) => id !== undefined);
    const personOf = await publicUsers(ctx, people);
    return {
      ...result,
      page: result.page.map((row) => ({
        _id: row._id,
        _creationTime: row._creationTime,
        action: row.action,
        actor: row.actorId ? personOf(row.actorId).displayName : "Convex dashboard",
        subject: row.subjectId ? personOf(row.subjectId) : null,
        target: row.targetKind && row.targetId ? { kind: row.targetKind, id: row.targetId } : null,
        summary: row.summary ?? null,
        reason: row.reason ?? null,
        detail: row.detail ?? null,
      })),
    };
  },
});

/** Up to 10 people whose name matches, with their role: the admin's "find a user". */
export const people = adminQuery({
  args: { name: v.string() },
  handler: async (ctx, { name }) => {
    const search = name.trim().slice(0, 60);
    if (search.length === 0) return [];
    const profiles = await ctx.db
      .query("profiles")
      .withSearchIndex("search_displayName", (q) => q.search("displayName", search))
      .take(10);
    return await Promise.all(profiles.map((profile) => personWithRole(ctx, profile.userId)));
  },
});

/** Who holds a role, a page at a time. */
export const staff = adminQuery({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db.query("roles").order("desc").paginate(withPageSizeCapped(paginationOpts, MAX_PAGE));
    return { ...result, page: await Promise.all(result.page.map((row) => personWithRole(ctx, row.userId))) };
  },
});

async function personWithRole(ctx: QueryCtx, userId: Id<"users">) {
  return { ...(await publicUser(ctx, userId)), role: await roleOf(ctx, userId) };
}
