/**
 * How far the caller has read each chat room (issue 32): /chats marks rooms with messages since,
 * and the room opens at the first of them under a "New" divider. The reasoning about what each
 * read re-runs is in lib/room-reads.ts.
 */
import { ConvexError, v } from "convex/values";
import { existingRoom } from "./lib/chats";
import { userMutation, userQuery } from "./lib/functions";
import { clampedReadUpTo, firstUnreadAfter, moveReadMark, readRowOf } from "./lib/room-reads";

export const BAD_READ_UP_TO = "The read position must be a message time.";

/**
 * Where the caller's unread messages in the room start: their mark (a message time) when a later
 * message exists, else null, as it is for a room they never opened (no mark: every room would
 * say "New" to a newcomer, which tells them nothing). /chats asks per room on the page (2 reads
 * each); the room page asks once when it opens.
 */
export const unreadFrom = userQuery({
  args: { roomId: v.id("chatRooms") },
  handler: async (ctx, { roomId }) => {
    const row = await readRowOf(ctx, ctx.user._id, roomId);
    if (row === null) return null;
    const first = await firstUnreadAfter(ctx, roomId, row.readUpTo);
    return first === null ? null : row.readUpTo;
  },
});

/**
 * The caller has read the room up to `readUpTo` (the creation time of the newest message they
 * saw): when they leave it or read to the bottom, throttled by the page. The server clamps the
 * time to a message of the room (lib/room-reads.ts) and never moves the mark back.
 */
export const markRead = userMutation({
  args: { roomId: v.id("chatRooms"), readUpTo: v.number() },
  handler: async (ctx, { roomId, readUpTo }) => {
    if (!Number.isFinite(readUpTo)) throw new ConvexError(BAD_READ_UP_TO);
    const room = await existingRoom(ctx, roomId);
    await moveReadMark(ctx, ctx.user._id, room._id, await clampedReadUpTo(ctx, room, readUpTo));
    return null;
  },
});
