/**
 * The online count of each room as the list of rooms shows it: a small `chatRoomOnline` row per
 * room, so chats.list and chats.get read one document per room instead of the room's presence.
 *
 * Keeping it in step without making heartbeats collide (Convex conflicts a mutation that read
 * what a concurrent one wrote):
 * - A plain heartbeat (a renewal) reads and writes nothing of it.
 * - A join (a heartbeat that starts a session) or a leave (disconnect) asks for a re-count:
 *   if none is pending within ONLINE_REFRESH_DELAY_MS, it records one (`chatRoomOnlineRefresh`)
 *   and schedules it. Only joins and leaves of the same room read that marker.
 * - The re-count runs at most once per ONLINE_REFRESH_DELAY_MS per room, counts the room's
 *   online people (at most ONLINE_COUNT_CAP) and rewrites the row only when the count changed,
 *   so only then do the list's readers re-run.
 * - Tabs that vanish without saying so are timed out inside the presence component, which tells
 *   nobody; so while anyone is online the re-count schedules itself again after
 *   ONLINE_SWEEP_MS, and a join or leave meanwhile brings it forward.
 */
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { chatPresence } from "./presence-component";

/** Online people counted per room; a bigger crowd shows as this many. */
export const ONLINE_COUNT_CAP = 100;

/** A join or leave shows in the room's count this long after it, at most. */
export const ONLINE_REFRESH_DELAY_MS = 5_000;

/**
 * While a room has people online, it is re-counted this often, for tabs the component timed out
 * (a closed laptop, a lost connection): they already take 2.5 heartbeat intervals to time out.
 */
export const ONLINE_SWEEP_MS = 60_000;

/** Asks for the room's online count to be refreshed within ONLINE_REFRESH_DELAY_MS (joins and leaves). */
export async function requestOnlineRefresh(ctx: MutationCtx, roomId: Id<"chatRooms">): Promise<void> {
  await scheduleRefresh(ctx, roomId, ONLINE_REFRESH_DELAY_MS);
}

/**
 * Schedules a re-count `delayMs` from now unless one is already due by then. The pending one's
 * `dueAt` is its identity: a re-count that finds another `dueAt` was superseded and does nothing.
 */
async function scheduleRefresh(ctx: MutationCtx, roomId: Id<"chatRooms">, delayMs: number): Promise<void> {
  const dueAt = Date.now() + delayMs;
  const pending = await pendingRefresh(ctx, roomId);
  if (pending !== null && pending.dueAt <= dueAt) return;
  if (pending === null) await ctx.db.insert("chatRoomOnlineRefresh", { roomId, dueAt });
  else await ctx.db.patch(pending._id, { dueAt });
  await ctx.scheduler.runAfter(delayMs, internal.chatPresence.refreshOnline, { roomId, dueAt });
}

/**
 * The scheduled re-count (`dueAt` names which one): writes the room's count if it changed, and
 * while anyone is online schedules the next sweep. A deleted room loses its rows.
 */
export async function refreshOnline(ctx: MutationCtx, roomId: Id<"chatRooms">, dueAt: number): Promise<void> {
  const pending = await pendingRefresh(ctx, roomId);
  if (pending === null || pending.dueAt !== dueAt) return;
  await ctx.db.delete(pending._id);
  const row = await onlineRow(ctx, roomId);
  if ((await ctx.db.get(roomId)) === null) {
    if (row !== null) await ctx.db.delete(row._id);
    return;
  }
  const count = (await chatPresence.listRoom(ctx, roomId, true, ONLINE_COUNT_CAP)).length;
  if (row === null) await ctx.db.insert("chatRoomOnline", { roomId, count, updatedAt: Date.now() });
  else if (row.count !== count) await ctx.db.patch(row._id, { count, updatedAt: Date.now() });
  if (count > 0) await scheduleRefresh(ctx, roomId, ONLINE_SWEEP_MS);
}

/** How many people the list shows in the room now (0 before the first count). */
export async function onlineCount(ctx: QueryCtx, roomId: Id<"chatRooms">): Promise<number> {
  return (await onlineRow(ctx, roomId))?.count ?? 0;
}

async function onlineRow(ctx: QueryCtx, roomId: Id<"chatRooms">) {
  return await ctx.db
    .query("chatRoomOnline")
    .withIndex("by_roomId", (q) => q.eq("roomId", roomId))
    .unique();
}

async function pendingRefresh(ctx: QueryCtx, roomId: Id<"chatRooms">) {
  return await ctx.db
    .query("chatRoomOnlineRefresh")
    .withIndex("by_roomId", (q) => q.eq("roomId", roomId))
    .unique();
}
