/**
 * What /moderation shows (issue 16), to moderators and admins only: the open reports grouped per
 * item, current suspensions, the audit log, and for admins the people who hold roles. Every list
 * is a page through an index; each row reads a bounded number of documents. Lists that depend on
 * the time take it as an argument (`now`, a whole minute): a query that read the clock would not
 * re-run as time passes, and one argument per minute lets every moderator share the cached run.
 */
import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { publicUser, publicUsers } from "./lib/creators";
import { adminQuery, moderatorQuery } from "./lib/functions";
import { withPageSizeCapped } from "./lib/page-size";
import { judgeRefusal, ownerOf, suspendRefusal } from "./lib/moderation/actions";
import { removeAllRefusal } from "./lib/moderation/content-removal";
import { requireWholeMinute, wholeMinuteValidator } from "./lib/moderation/now";
import { type Actor, roleOf } from "./lib/moderation/roles";
import { isActive, suspensionRow } from "./lib/moderation/suspensions";
import { describeCounts } from "./lib/moderation/removal-kinds";
import { contentView, loadTarget, storedTarget } from "./lib/moderation/targets";

/** Reports shown per item (moderationLists.reportsOf); the count says how many there are in all. */
export const REPORTS_SHOWN = 10;
const MAX_PAGE = 20;

/**
 * Open reports, one row per reported item, newest report first or most reported first. `now`
 * (a whole minute, from the client) decides which authors show as suspended; it changes only
 * what the caller sees, never what is stored or allowed. A row holds the item, its content and
 * its author (about 3 documents); each card loads its reports with reportsOf, so a page stays
 * within 3 × page size, and a new report re-runs that card's query only, not the page.
 */
export const openItems = moderatorQuery({
  args: {
    sort: v.union(v.literal("newest"), v.literal("most")),
    now: wholeMinuteValidator,
    paginationOpts: paginationOptsValidator,
  },
  handler: async (ctx, { sort, now, paginationOpts }) => {
    requireWholeMinute(now);
    const result = await ctx.db
      .query("reportedItems")
      .withIndex(sort === "newest" ? "by_lastReportedAt" : "by_reportCount")
      .order("desc")
      .paginate(withPageSizeCapped(paginationOpts, MAX_PAGE));
    return { ...result, page: await Promise.all(result.page.map((item) => itemView(ctx, ctx.actor, item, now))) };
  },
});

/**
 * One queue row, with what the viewer may do about it: the same rules the mutations enforce
 * (judgeRefusal, suspendRefusal), so the page offers only what would succeed. The author's role
 * and suspension are indexed reads that find no document for most authors.
 */
async function itemView(ctx: QueryCtx, viewer: Actor, item: Doc<"reportedItems">, now: number) {
  const target = storedTarget(ctx, item.targetKind, item.targetId);
  const content = target === null ? null : await loadTarget(ctx, target);
  const ownerId = ownerOf(content, item) ?? item.authorId;
  const ownerRole = await roleOf(ctx, ownerId);
  const authorRole = ownerId === item.authorId ? ownerRole : await roleOf(ctx, item.authorId);
  const refusal = judgeRefusal(viewer, ownerId, ownerRole);
  const row = await suspensionRow(ctx, item.authorId);
  const suspension = row !== null && isActive(row, now) ? row : null;
  return {
    _id: item._id,
    target: { kind: item.targetKind, id: item.targetId },
    /** The stored count, at most about a minute behind; reportsOf gives the exact one. */
    reportCount: item.reportCount,
    lastReportedAt: item.lastReportedAt,
    author: { ...(await publicUser(ctx, item.authorId)), suspendedUntil: suspension && suspension.endsAt },
    authorSuspended: suspension !== null,
    canRemove: refusal === null,
    canDismiss: refusal === null,
    canSuspendAuthor: suspendRefusal(viewer, item.authorId, authorRole) === null,
    canRemoveAllOfAuthor: removeAllRefusal(viewer, item.authorId, authorRole) === null,
    /** Why neither Remove nor Dismiss is offered: the viewer's own content, or a staff member's. */
    refusal,
    content: content && (await contentView(ctx, content)),
  };
}

/**
 * One queue item's newest reports (REPORTS_SHOWN) with their reporters, and its exact count:
 * the stored count plus the reports newer than it (reports.countNewReports adds those within a
 * minute), which are among the newest read here; when all of them are new there may be more, and
 * the count is "at least" ("11+"). Null once the item has left the queue (removed, dismissed).
 * Reads the item, ≤ 10 reports and ≤ 10 reporters' profiles; re-runs on a report of this item.
 */
export const reportsOf = moderatorQuery({
  args: { itemId: v.id("reportedItems") },
  handler: async (ctx, { itemId }) => {
    const item = await ctx.db.get(itemId);
    if (item === null) return null;
    const reports = await ctx.db
      .query("reports")
      .withIndex("by_itemId", (q) => q.eq("itemId", item._id))
      .order("desc")
      .take(REPORTS_SHOWN);
    const counted = item.countedThrough;
    const uncounted = counted === undefined ? 0 : reports.filter((report) => report._creationTime > counted).length;
    const reporterOf = await publicUsers(
      ctx,
      reports.map((report) => report.reporterId),
    );
    return {
      reportCount: item.reportCount + uncounted,
      /** True while a burst of reports is not counted yet: the count is "at least". */
      reportCountIsLowerBound: uncounted === REPORTS_SHOWN,
      reports: reports.map((report) => ({
        _id: report._id,
        _creationTime: report._creationTime,
        reason: report.reason,
        text: report.text ?? null,
        reporter: reporterOf(report.reporterId),
      })),
    };
  },
});

export type ModerationItem = Awaited<ReturnType<typeof itemView>>;

/**
 * Suspensions, newest first; ones that have run out by `now` (a whole minute, from the client)
 * are marked so a moderator can clear them.
 */
export const suspensions = moderatorQuery({
  args: { now: wholeMinuteValidator, paginationOpts: paginationOptsValidator },
  handler: async (ctx, { now, paginationOpts }) => {
    requireWholeMinute(now);
    const result = await ctx.db
      .query("suspensions")
      .order("desc")
      .paginate(withPageSizeCapped(paginationOpts, MAX_PAGE));
    const { personOf, actorName } = await peopleOfRows(ctx, result.page);
    return {
      ...result,
      page: result.page.map((row) => ({
        _id: row._id,
        _creationTime: row._creationTime,
        user: personOf(row.userId),
        endsAt: row.endsAt,
        reason: row.reason,
        active: isActive(row, now),
        by: actorName(row.byUserId),
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

/**
 * "Remove all content" runs, newest first: whose, by whom, how many items are gone so far and
 * whether it has finished. Each batch patches its row, so an open page follows the progress.
 */
export const contentRemovals = moderatorQuery({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db
      .query("contentRemovals")
      .order("desc")
      .paginate(withPageSizeCapped(paginationOpts, MAX_PAGE));
    const { personOf, actorName } = await peopleOfRows(ctx, result.page);
    return {
      ...result,
      page: result.page.map((row) => ({
        _id: row._id,
        _creationTime: row._creationTime,
        user: personOf(row.userId),
        by: actorName(row.byUserId),
        reason: row.reason,
        removed: row.removed,
        summary: describeCounts(row.counts),
        finishedAt: row.finishedAt ?? null,
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

/**
 * The people a page of suspensions or removals names, read once: whom each row is about
 * (`userId`) and who acted (`byUserId`; "Convex dashboard" when nobody signed in did).
 */
async function peopleOfRows(ctx: QueryCtx, rows: { userId: Id<"users">; byUserId?: Id<"users"> }[]) {
  const personOf = await publicUsers(ctx, [
    ...rows.map((row) => row.userId),
    ...rows.flatMap((row) => (row.byUserId ? [row.byUserId] : [])),
  ]);
  const actorName = (byUserId: Id<"users"> | undefined) =>
    byUserId ? personOf(byUserId).displayName : "Convex dashboard";
  return { personOf, actorName };
}
