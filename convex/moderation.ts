/**
 * Moderation actions (issue 16), each twice: a public function for moderators and admins in the
 * app (/moderation), and an internal one for the Convex dashboard or `npx convex run`, whose
 * audit rows name "dashboard" as the actor. Both call the same helpers in lib/moderation.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation, query } from "./_generated/server";
import { sessionUser } from "./lib/auth";
import { adminMutation, moderatorMutation } from "./lib/functions";
import {
  dismissReports as dismissReportsHelper,
  grantRole as grantRoleHelper,
  liftSuspension as liftSuspensionHelper,
  removeContent as removeContentHelper,
  revokeRole as revokeRoleHelper,
  suspendUser as suspendUserHelper,
  suspensionEnd,
  suspensionEndInDays,
  userByEmail,
} from "./lib/moderation/actions";
import { startContentRemoval } from "./lib/moderation/content-removal";
import { recordNotification } from "./lib/notifications/record";
import { DASHBOARD, roleOf } from "./lib/moderation/roles";
import { activeSuspension } from "./lib/moderation/suspensions";
import { setProfileSearchHidden } from "./lib/search/profiles";
import { reportTargetValidator, roleValidator, suspensionDurationValidator } from "./shared/moderation-validators";

/** Suspensions cleared per run of clearEndedSuspensions; a full batch schedules the next at once. */
const ENDED_SUSPENSIONS_BATCH = 100;

/**
 * The caller's own standing: their role, and whether (and until when) they are suspended. The
 * one function a suspended user can still call, so their open pages can switch to the notice;
 * it tells nothing about anyone else, and null to anonymous and unverified callers.
 */
export const myStatus = query({
  args: {},
  handler: async (ctx) => {
    // An ended session (signed out elsewhere) is nobody: no role shown in its last second.
    const user = await sessionUser(ctx);
    if (user === null || !user.emailVerificationTime) return null;
    const suspension = await activeSuspension(ctx, user._id);
    return {
      // A suspended moderator has no moderation access, so the app shows them none.
      role: suspension === null ? await roleOf(ctx, user._id) : null,
      suspension: suspension && { endsAt: suspension.endsAt, reason: suspension.reason },
    };
  },
});

// ---- in the app: moderators and admins ----

export const remove = moderatorMutation({
  args: { target: reportTargetValidator, reason: v.optional(v.string()) },
  handler: async (ctx, { target, reason }) => {
    await removeContentHelper(ctx, ctx.actor, target, reason);
    return null;
  },
});

export const dismiss = moderatorMutation({
  args: { target: reportTargetValidator, reason: v.optional(v.string()) },
  handler: async (ctx, { target, reason }) => {
    await dismissReportsHelper(ctx, ctx.actor, target, reason);
    return null;
  },
});

export const suspend = moderatorMutation({
  args: { userId: v.id("users"), duration: suspensionDurationValidator, reason: v.string() },
  handler: async (ctx, { userId, duration, reason }) => {
    await suspendUserHelper(ctx, ctx.actor, userId, suspensionEnd(duration), reason);
    return null;
  },
});

/**
 * Removes every book, post, comment, chat room, chat message and private message of a person,
 * in batches through the scheduler (lib/moderation/content-removal.ts). Returns the run's id;
 * moderationLists.contentRemovals shows its progress, the audit log its start and its count.
 */
export const removeAllContent = moderatorMutation({
  args: { userId: v.id("users"), reason: v.string() },
  handler: async (ctx, { userId, reason }) => await startContentRemoval(ctx, ctx.actor, userId, reason),
});

export const lift = moderatorMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    await liftSuspensionHelper(ctx, ctx.actor, userId);
    return null;
  },
});

export const grant = adminMutation({
  args: { userId: v.id("users"), role: roleValidator },
  handler: async (ctx, { userId, role }) => {
    await grantRoleHelper(ctx, ctx.actor, userId, role);
    return null;
  },
});

export const revoke = adminMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    await revokeRoleHelper(ctx, ctx.actor, userId);
    return null;
  },
});

// ---- from the Convex dashboard (internal: no user, logged as "dashboard") ----

/** e.g. `{ "target": { "kind": "post", "id": "<posts id>" }, "reason": "spam" }` */
export const removeContent = internalMutation({
  args: { target: reportTargetValidator, reason: v.optional(v.string()) },
  handler: async (ctx, { target, reason }) => {
    await removeContentHelper(ctx, DASHBOARD, target, reason);
    return null;
  },
});

export const dismissReports = internalMutation({
  args: { target: reportTargetValidator, reason: v.optional(v.string()) },
  handler: async (ctx, { target, reason }) => {
    await dismissReportsHelper(ctx, DASHBOARD, target, reason);
    return null;
  },
});

/** e.g. `{ "email": "bob@example.com", "days": 7, "reason": "spam" }`; without `days`, indefinitely. */
export const suspendUser = internalMutation({
  args: { email: v.string(), days: v.optional(v.number()), reason: v.string() },
  handler: async (ctx, { email, days, reason }) => {
    const userId = await userByEmail(ctx, email);
    await suspendUserHelper(ctx, DASHBOARD, userId, suspensionEndInDays(days), reason);
    return null;
  },
});

/** e.g. `{ "email": "spammer@example.com", "reason": "Spam links everywhere" }` */
export const removeAllContentOf = internalMutation({
  args: { email: v.string(), reason: v.string() },
  handler: async (ctx, { email, reason }) => {
    await startContentRemoval(ctx, DASHBOARD, await userByEmail(ctx, email), reason);
    return null;
  },
});

export const liftSuspension = internalMutation({
  args: { email: v.string() },
  handler: async (ctx, { email }) => {
    await liftSuspensionHelper(ctx, DASHBOARD, await userByEmail(ctx, email));
    return null;
  },
});

/**
 * Clears suspensions that have run out (crons.ts), so the moderators' list holds only those that
 * still count. Nothing is logged: the suspension's own audit row already says until when.
 */
export const clearEndedSuspensions = internalMutation({
  args: {},
  handler: async (ctx) => {
    const ended = await ctx.db
      .query("suspensions")
      // Indefinite ones (endsAt null) sort before every time and are never reached.
      .withIndex("by_endsAt", (q) => q.gt("endsAt", null).lte("endsAt", Date.now()))
      .take(ENDED_SUSPENSIONS_BATCH);
    for (const row of ended) {
      await ctx.db.delete(row._id);
      // Search shows the person again from here: up to one cron period after the end (issue 33).
      await setProfileSearchHidden(ctx, row.userId, false);
      await recordNotification(ctx, { kind: "suspensionEnded", recipientId: row.userId });
    }
    if (ended.length === ENDED_SUSPENSIONS_BATCH) {
      await ctx.scheduler.runAfter(0, internal.moderation.clearEndedSuspensions, {});
    }
    return null;
  },
});

/** How the first admin is made: `{ "email": "alice@example.com", "role": "admin" }`. */
export const grantRole = internalMutation({
  args: { email: v.string(), role: roleValidator },
  handler: async (ctx, { email, role }) => {
    await grantRoleHelper(ctx, DASHBOARD, await userByEmail(ctx, email), role);
    return null;
  },
});

export const revokeRole = internalMutation({
  args: { email: v.string() },
  handler: async (ctx, { email }) => {
    await revokeRoleHelper(ctx, DASHBOARD, await userByEmail(ctx, email));
    return null;
  },
});
