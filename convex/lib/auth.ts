import { getAuthSessionId, getAuthUserId } from "@convex-dev/auth/server";
import { ConvexError } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { activeSuspension, suspendedMessage } from "./moderation/suspensions";

export const NOT_SIGNED_IN = "You must be logged in to do that.";
export const NOT_VERIFIED = "Please verify your email before logging in";
export const NOT_OWNER = "You are not allowed to change this.";

/**
 * The caller's users document while their session lasts, else null. Convex Auth's JWT stays
 * valid until it expires (up to an hour) after its session is deleted (sign out elsewhere, a
 * password change, account deletion), so the session row is checked too: one `db.get` by id,
 * and every query that reads it re-runs the moment the session is deleted, which is how a
 * signed-out device learns it at once. Sessions are never patched (refreshing a token writes
 * only refresh-token rows), so the read adds no re-runs of its own.
 */
export async function sessionUser(ctx: QueryCtx): Promise<Doc<"users"> | null> {
  const userId = await getAuthUserId(ctx);
  if (userId === null) return null;
  // A subject without a well-formed session id (no "|", an admin's made-up identity) has no session.
  const sessionId = ctx.db.normalizeId("authSessions", (await getAuthSessionId(ctx)) ?? "");
  const session = sessionId === null ? null : await ctx.db.get(sessionId);
  if (session === null || session.userId !== userId) return null;
  return await ctx.db.get(userId);
}

/** The signed-in user's document, or a ConvexError for anonymous callers and ended sessions. */
export async function requireUser(ctx: QueryCtx): Promise<Doc<"users">> {
  const user = await sessionUser(ctx);
  if (user === null) throw new ConvexError(NOT_SIGNED_IN);
  return user;
}

/**
 * Like requireUser, and the e-mail must be verified (seed §4: only verified users get in) and
 * the account not suspended (issue 16): every public function goes through here, so a
 * suspension refuses them all from the moment it is written, moderation included.
 */
export async function requireVerifiedUser(ctx: QueryCtx): Promise<Doc<"users">> {
  const user = await requireUser(ctx);
  if (!user.emailVerificationTime) throw new ConvexError(NOT_VERIFIED);
  const suspension = await activeSuspension(ctx, user._id);
  if (suspension !== null) throw new ConvexError(suspendedMessage(suspension));
  return user;
}

/** Throws unless `ownerId` is the caller: the one check behind every edit and delete. */
export function requireOwner(ownerId: Id<"users">, userId: Id<"users">, message = NOT_OWNER): void {
  if (ownerId !== userId) throw new ConvexError(message);
}
