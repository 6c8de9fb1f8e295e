/**
 * Whether an account is suspended, and the message that says until when. requireVerifiedUser
 * asks on every call, so a suspension refuses everything at once; this file must not import
 * lib/auth (which imports it).
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";

export const SUSPENDED_PREFIX = "Your account is suspended";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The suspension row of a user, whether or not it has run out. */
export async function suspensionRow(ctx: QueryCtx, userId: Id<"users">): Promise<Doc<"suspensions"> | null> {
  return await ctx.db
    .query("suspensions")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    // One row per user (suspending again replaces it); first() reads one row where unique() reads
    // two, and every public function asks (requireVerifiedUser).
    .first();
}

export function isActive(suspension: Pick<Doc<"suspensions">, "endsAt">, now = Date.now()): boolean {
  return suspension.endsAt === null || suspension.endsAt > now;
}

/** The user's suspension while it lasts, else null (one index read). */
export async function activeSuspension(ctx: QueryCtx, userId: Id<"users">): Promise<Doc<"suspensions"> | null> {
  const row = await suspensionRow(ctx, userId);
  return row !== null && isActive(row) ? row : null;
}

/**
 * "30 Nov 2026, 14:00 UTC", spelled out by hand: the server has no viewer time zone, and the
 * same text must come out on Convex and on the local backend.
 */
export function formatUtc(time: number): string {
  const date = new Date(time);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** "Your account is suspended until 30 Nov 2026, 14:00 UTC: spam" / "… suspended indefinitely: spam". */
export function suspendedMessage(suspension: Pick<Doc<"suspensions">, "endsAt" | "reason">): string {
  const when = suspension.endsAt === null ? "indefinitely" : `until ${formatUtc(suspension.endsAt)}`;
  return `${SUSPENDED_PREFIX} ${when}: ${suspension.reason}`;
}
