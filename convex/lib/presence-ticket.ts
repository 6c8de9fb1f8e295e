/**
 * Renewal tickets for presence heartbeats. A heartbeat that starts a presence session (a tab
 * opening a room, or coming back after its session timed out) takes one from the person's
 * heartbeat allowance, a rate-limiter write; the answer carries a ticket, signed with a key only
 * the server holds, that names the session and lapses a little before the session would time
 * out. A heartbeat showing a valid ticket renews a session that still exists and takes nothing
 * from the allowance: one write fewer on ~every heartbeat, while a script minting new sessions
 * still needs a fresh, rate-limited heartbeat for each.
 *
 * The key is a row made by the first heartbeat and never changed, so reading it makes no
 * heartbeat conflict with another (Convex conflicts on reads of what a concurrent mutation writes).
 */
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";

/**
 * A ticket lapses after this many heartbeat intervals. The presence component times a session
 * out 2.5 intervals after its last heartbeat; lapsing earlier means a valid ticket always names
 * a session the component still has.
 */
const TICKET_INTERVALS = 2;

/**
 * The latest a ticket can lapse: TICKET_INTERVALS of the longest heartbeat interval (60 s,
 * chatPresence.MAX_HEARTBEAT_INTERVAL_MS) from now. One lapsing later was issued while the clock
 * ran ahead (lib/clock.ts) and would skip the heartbeat allowance for as long as it was ahead; it
 * counts as lapsed, so that heartbeat takes from the allowance and gets a ticket on the right clock.
 */
const LONGEST_TICKET_MS = TICKET_INTERVALS * 60_000;

/** What a ticket is bound to: one tab's session of one person in one room. */
export type TicketSubject = { userId: Id<"users">; roomId: Id<"chatRooms">; sessionId: string };

/** A ticket for `subject` that lapses TICKET_INTERVALS heartbeat intervals from `now`. */
export async function issueTicket(
  ctx: MutationCtx,
  subject: TicketSubject,
  intervalMs: number,
  now: number,
): Promise<string> {
  const expiresAt = now + TICKET_INTERVALS * intervalMs;
  return `${expiresAt}.${await sign(await presenceKey(ctx), subject, expiresAt)}`;
}

/** Whether `ticket` was issued for `subject` and has not lapsed at `now`. */
export async function isValidTicket(
  ctx: MutationCtx,
  ticket: string,
  subject: TicketSubject,
  now: number,
): Promise<boolean> {
  const match = /^(\d{1,15})\.([0-9a-f]{64})$/.exec(ticket);
  if (match === null) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt <= now || expiresAt > now + LONGEST_TICKET_MS) return false;
  return match[2] === (await sign(await presenceKey(ctx), subject, expiresAt));
}

/** The signing key, made on first use. */
async function presenceKey(ctx: MutationCtx): Promise<string> {
  const existing = await ctx.db.query("presenceKeys").first();
  if (existing !== null) return existing.key;
  const key = toHex(crypto.getRandomValues(new Uint8Array(32)));
  await ctx.db.insert("presenceKeys", { key });
  return key;
}

/** HMAC-SHA-256 (RFC 2104) of the subject and expiry, in hex; built on digest, which every runtime has. */
async function sign(key: string, { userId, roomId, sessionId }: TicketSubject, expiresAt: number): Promise<string> {
  const message = new TextEncoder().encode(JSON.stringify([userId, roomId, sessionId, expiresAt]));
  const block = new Uint8Array(64);
  block.set(await sha256(new TextEncoder().encode(key)));
  const inner = await sha256(
    concat(
      block.map((byte) => byte ^ 0x36),
      message,
    ),
  );
  return toHex(
    await sha256(
      concat(
        block.map((byte) => byte ^ 0x5c),
        inner,
      ),
    ),
  );
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
