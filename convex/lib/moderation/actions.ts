/**
 * Every moderation action, once: the public functions (moderator- or admin-checked) and the
 * internal ones for the Convex dashboard both call these, differing only in the Actor the
 * audit log records. Each writes its log row in the same mutation as the change.
 */
import { ConvexError } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { closeReportsWithNotice, deleteReportsOf } from "../../cascade";
import { recordNotification } from "../notifications/record";
import { removedWhat } from "../notifications/moderation-notices";
import { chatPresence } from "../chats";
import { requestOnlineRefresh } from "../presence-online";
import { cleanOptionalText, cleanText } from "../../shared/text";
import { writeLog } from "./audit";
import { type OpenReportCount, openReportCount, reportedItemOf } from "./reported-items";
import { type Actor, roleOf, roleRow } from "./roles";
import { suspensionRow } from "./suspensions";
import { setProfileSearchHidden } from "../search/profiles";
import { loadTarget, removeTarget, summaryOf, targetKey } from "./targets";
import {
  MODERATION_REASON_LIMIT,
  type ReportTarget,
  type Role,
  type SuspensionDuration,
} from "../../shared/moderation-validators";

export const USER_NOT_FOUND = "No user has that e-mail address.";
export const NOT_SUSPENDED = "This user is not suspended.";
export const CANNOT_SUSPEND_YOURSELF = "You cannot suspend yourself.";
export const CANNOT_SUSPEND_STAFF = "Only an admin can suspend a moderator or an admin.";
export const CANNOT_LIFT_STAFF = "Only an admin can lift the suspension of a moderator or an admin.";
export const CANNOT_JUDGE_OWN_CONTENT = "You cannot act on reports about your own content.";
export const CANNOT_ACT_ON_STAFF_CONTENT = "Only an admin can act on a moderator's or an admin's content.";
export const CANNOT_CHANGE_OWN_ROLE = "You cannot change your own role.";
export const SUSPENSION_REASON_REQUIRED = "Please give a reason for the suspension.";

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a suspension of this length, starting now, ends (null: indefinitely). */
export function suspensionEnd(duration: SuspensionDuration, now = Date.now()): number | null {
  const days = { "1d": 1, "7d": 7, "30d": 30, indefinite: null }[duration];
  return days === null ? null : now + days * DAY_MS;
}

/** A dashboard's number of days (absent: indefinitely); whole days from 1 to 3650. */
export function suspensionEndInDays(days: number | undefined, now = Date.now()): number | null {
  if (days === undefined) return null;
  if (!Number.isInteger(days) || days < 1 || days > 3650) {
    throw new ConvexError("Days must be a whole number from 1 to 3650.");
  }
  return now + days * DAY_MS;
}

function reasonOf(reason: string | undefined): string | undefined {
  return cleanOptionalText(reason, "Reason", MODERATION_REASON_LIMIT);
}

/** What the audit row says of the content acted on: its author and a few words of it. */
function aboutContent(content: NonNullable<Awaited<ReturnType<typeof loadTarget>>>) {
  return { subjectId: content.authorId, summary: summaryOf(content) };
}

/** "1 report", "3 reports", "131+ reports" (a burst not counted yet). */
function reportCount({ count, atLeast }: OpenReportCount): string {
  return `${count}${atLeast ? "+" : ""} report${count === 1 && !atLeast ? "" : "s"}`;
}

const NO_REPORTS: OpenReportCount = { count: 0, atLeast: false };

/** Why someone may not judge reports about a piece of content: it is theirs, or a staff member's. */
export type JudgeRefusal = "ownContent" | "staffContent";

const JUDGE_REFUSAL_TEXTS: Record<JudgeRefusal, string> = {
  ownContent: CANNOT_JUDGE_OWN_CONTENT,
  staffContent: CANNOT_ACT_ON_STAFF_CONTENT,
};

/**
 * Who may judge reports (remove the content or dismiss them), the one rule the mutations enforce
 * and the queue shows: nobody acts on reports about their own content, and only an admin on a
 * moderator's or an admin's (as with suspending). `ownerRole` is the owner's role (roleOf). Null:
 * the actor may.
 */
export function judgeRefusal(actor: Actor, ownerId: Id<"users"> | null, ownerRole: Role | null): JudgeRefusal | null {
  if (actor.kind !== "user" || ownerId === null) return null;
  if (ownerId === actor.userId) return "ownContent";
  if (actor.role !== "admin" && ownerRole !== null) return "staffContent";
  return null;
}

/** Who may suspend whom: nobody themselves, and only an admin a moderator or an admin. Null: they may. */
export function suspendRefusal(actor: Actor, userId: Id<"users">, userRole: Role | null): string | null {
  if (actor.kind !== "user") return null;
  if (actor.userId === userId) return CANNOT_SUSPEND_YOURSELF;
  if (actor.role !== "admin" && userRole !== null) return CANNOT_SUSPEND_STAFF;
  return null;
}

/** Whose content a reported item is: the content's author, or the queue row's when the content is gone. */
export function ownerOf(
  content: { authorId: Id<"users"> } | null,
  item: { authorId: Id<"users"> } | null,
): Id<"users"> | null {
  return content?.authorId ?? item?.authorId ?? null;
}

/** The target's content and queue row, once the actor may judge it (judgeRefusal). */
async function requireMayJudge(ctx: QueryCtx, actor: Actor, target: ReportTarget) {
  const content = await loadTarget(ctx, target);
  const item = await reportedItemOf(ctx, target.kind, target.id);
  const ownerId = ownerOf(content, item);
  const ownerRole = ownerId !== null && actor.kind === "user" ? await roleOf(ctx, ownerId) : null;
  const refusal = judgeRefusal(actor, ownerId, ownerRole);
  if (refusal !== null) throw new ConvexError(JUDGE_REFUSAL_TEXTS[refusal]);
  return { content, item };
}

/** Removes reported (or any) content with its dependents, as its owner's delete would, and clears its reports. */
export async function removeContent(
  ctx: MutationCtx,
  actor: Actor,
  target: ReportTarget,
  reason?: string,
): Promise<void> {
  const cleanReason = reasonOf(reason);
  const { content, item } = await requireMayJudge(ctx, actor, target);
  // Counted first: the owner's delete that removeTarget runs clears the reports too (a book, post
  // or room in a scheduled run, as its delete already spends this mutation on a batch).
  const reports = item === null ? NO_REPORTS : await openReportCount(ctx, item);
  // Each reporter hears "removed" (naming nobody), before the delete below would close the reports silently.
  await closeReportsWithNotice(ctx, target.kind, target.id, "removed");
  await removeTarget(ctx, target);
  await deleteReportsOf(ctx, target.kind, target.id);
  if (content) {
    await recordNotification(ctx, {
      kind: "contentRemoved",
      recipientId: content.authorId,
      reason: cleanReason ?? "",
      removedWhat: removedWhat(target.kind, summaryOf(content)),
    });
  }
  await writeLog(ctx, actor, {
    action: "remove",
    target: targetKey(target),
    ...(content ? aboutContent(content) : { detail: "already gone" }),
    ...(cleanReason ? { reason: cleanReason } : {}),
    ...(reports.count > 0 ? { detail: reportCount(reports) } : {}),
  });
}

/** Closes an item's open reports without touching the content. */
export async function dismissReports(
  ctx: MutationCtx,
  actor: Actor,
  target: ReportTarget,
  reason?: string,
): Promise<void> {
  const cleanReason = reasonOf(reason);
  const { content, item } = await requireMayJudge(ctx, actor, target);
  const reports = item === null ? NO_REPORTS : await openReportCount(ctx, item);
  await closeReportsWithNotice(ctx, target.kind, target.id, "noAction");
  await writeLog(ctx, actor, {
    action: "dismiss",
    target: targetKey(target),
    ...(content ? aboutContent(content) : {}),
    ...(cleanReason ? { reason: cleanReason } : {}),
    detail: reportCount(reports),
  });
}

/**
 * Suspends a user until `endsAt` (null: indefinitely), replacing any suspension they had. It
 * takes effect at once: requireVerifiedUser reads this row on every call.
 */
export async function suspendUser(
  ctx: MutationCtx,
  actor: Actor,
  userId: Id<"users">,
  endsAt: number | null,
  reason: string,
): Promise<void> {
  if (reason.trim().length === 0) throw new ConvexError(SUSPENSION_REASON_REQUIRED);
  const cleanReason = cleanText(reason, "Reason", MODERATION_REASON_LIMIT);
  await requireUserExists(ctx, userId);
  const userRole = actor.kind === "user" ? await roleOf(ctx, userId) : null;
  const refusal = suspendRefusal(actor, userId, userRole);
  if (refusal !== null) throw new ConvexError(refusal);
  const existing = await suspensionRow(ctx, userId);
  const row = { userId, endsAt, reason: cleanReason, byUserId: actor.kind === "user" ? actor.userId : undefined };
  if (existing === null) await ctx.db.insert("suspensions", row);
  else await ctx.db.replace(existing._id, row);
  await setProfileSearchHidden(ctx, userId, true);
  await leaveChatRooms(ctx, userId);
  await writeLog(ctx, actor, {
    action: "suspend",
    subjectId: userId,
    reason: cleanReason,
    detail: endsAt === null ? "indefinitely" : `until ${new Date(endsAt).toISOString()}`,
  });
}

/**
 * A suspended person leaves every chat room's "here now" list at once, with any typing signal,
 * instead of 30 s later when their refused heartbeats time out.
 */
async function leaveChatRooms(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  for (const { roomId } of await chatPresence.listUser(ctx, userId)) {
    await chatPresence.removeRoomUser(ctx, roomId, userId);
    // The room's online count is its own row, recounted shortly after a change (presence-online.ts).
    await requestOnlineRefresh(ctx, roomId as Id<"chatRooms">);
  }
}

/**
 * Ends a user's suspension now (or clears one that has run out). As with suspending, only an
 * admin may lift a moderator's or an admin's.
 */
export async function liftSuspension(ctx: MutationCtx, actor: Actor, userId: Id<"users">): Promise<void> {
  if (actor.kind === "user" && actor.role !== "admin" && (await roleOf(ctx, userId)) !== null) {
    throw new ConvexError(CANNOT_LIFT_STAFF);
  }
  const existing = await suspensionRow(ctx, userId);
  if (existing === null) throw new ConvexError(NOT_SUSPENDED);
  await ctx.db.delete(existing._id);
  await setProfileSearchHidden(ctx, userId, false);
  await writeLog(ctx, actor, { action: "lift", subjectId: userId, reason: existing.reason });
  await recordNotification(ctx, { kind: "suspensionEnded", recipientId: userId });
}

/** Makes a user a moderator or an admin (replacing the role they had). */
export async function grantRole(ctx: MutationCtx, actor: Actor, userId: Id<"users">, role: Role): Promise<void> {
  await requireUserExists(ctx, userId);
  if (actor.kind === "user" && actor.userId === userId) throw new ConvexError(CANNOT_CHANGE_OWN_ROLE);
  const existing = await roleRow(ctx, userId);
  if (existing === null) await ctx.db.insert("roles", { userId, role });
  else await ctx.db.patch(existing._id, { role });
  await writeLog(ctx, actor, { action: "grant", subjectId: userId, detail: role });
}

/** Takes a user's role away; they are an ordinary user again. Revoking nobody's role is a no-op, still logged. */
export async function revokeRole(ctx: MutationCtx, actor: Actor, userId: Id<"users">): Promise<void> {
  if (actor.kind === "user" && actor.userId === userId) throw new ConvexError(CANNOT_CHANGE_OWN_ROLE);
  const existing = await roleRow(ctx, userId);
  if (existing !== null) await ctx.db.delete(existing._id);
  await writeLog(ctx, actor, { action: "revoke", subjectId: userId, detail: existing?.role ?? "none" });
}

/** The user with this e-mail address (the dashboard names people by address). */
export async function userByEmail(ctx: QueryCtx, email: string): Promise<Id<"users">> {
  for (const address of new Set([email.trim(), email.trim().toLowerCase()])) {
    const user = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", address))
      .first();
    if (user !== null) return user._id;
  }
  throw new ConvexError(USER_NOT_FOUND);
}

export async function requireUserExists(ctx: QueryCtx, userId: Id<"users">): Promise<void> {
  if ((await ctx.db.get(userId)) === null) throw new ConvexError("User not found.");
}
