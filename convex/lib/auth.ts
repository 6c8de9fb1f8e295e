import { getAuthUserId } from "@convex-dev/auth/server";
import { ConvexError } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { activeSuspension, suspendedMessage } from "./moderation/suspensions";

export const NOT_SIGNED_IN = "You must be logged in to do that.";
export const NOT_VERIFIED = "Please verify your email before logging in";
export const NOT_OWNER = "You are not allowed to change this.";

/** The signed-in user's document, or a ConvexError for anonymous callers. */
export async function requireUser(ctx: QueryCtx): Promise<Doc<"users">> {
  const userId = await getAuthUserId(ctx);
  const user = userId === null ? null : await ctx.db.get(userId);
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
