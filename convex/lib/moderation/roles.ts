/**
 * Who may moderate: a `roles` row says moderator or admin (admins can do all a moderator can,
 * and hand out roles). Suspension is checked before the role by requireVerifiedUser, so a
 * suspended moderator is refused like anyone suspended.
 */
import { ConvexError } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { requireVerifiedUser } from "../auth";
import type { Role } from "../../shared/moderation-validators";

export const NOT_MODERATOR = "Only moderators can do that.";
export const NOT_ADMIN = "Only admins can do that.";

/** Who did a moderation action, for the audit log: a moderator in the app, or the Convex dashboard. */
export type Actor = { kind: "user"; userId: Id<"users">; role: Role } | { kind: "dashboard" };
export const DASHBOARD: Actor = { kind: "dashboard" };

export async function roleRow(ctx: QueryCtx, userId: Id<"users">): Promise<Doc<"roles"> | null> {
  return await ctx.db
    .query("roles")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

export async function roleOf(ctx: QueryCtx, userId: Id<"users">): Promise<Role | null> {
  return (await roleRow(ctx, userId))?.role ?? null;
}

/** The verified, unsuspended caller with at least `needed`; NOT_MODERATOR / NOT_ADMIN otherwise. */
export async function requireRole(
  ctx: QueryCtx,
  needed: Role,
): Promise<{ user: Doc<"users">; actor: Actor & { kind: "user" } }> {
  const user = await requireVerifiedUser(ctx);
  const role = await roleOf(ctx, user._id);
  if (role === null || (needed === "admin" && role !== "admin")) {
    throw new ConvexError(needed === "admin" ? NOT_ADMIN : NOT_MODERATOR);
  }
  return { user, actor: { kind: "user", userId: user._id, role } };
}
