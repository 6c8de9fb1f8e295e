/**
 * How far each person has read each chat room (the `chatRoomReads` rows): /chats marks the rooms
 * with a message after it, and the room opens at the first such message under a "New" divider.
 *
 * Why it reads the messages and not the room's `lastMessageAt`: that moves at most once a minute
 * (lib/chats.ts), so a mark from it would miss a message written a few seconds after the reader
 * left. Why the reading stays cheap: `firstUnreadAfter` reads the room's messages forwards from
 * the reader's mark and stops at the first one, so its read set is the range (mark, first unread].
 * While nothing is unread that range is open-ended and the room's next message re-runs the
 * reader's query once (it turns "unread"); from then on newer messages land past the first unread
 * and re-run nothing, until the reader reads again. A room the reader never opened reads only
 * their (missing) row, so its messages never re-run their query at all.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";

/** The reader's row for the room, if they ever opened it. */
export async function readRowOf(
  ctx: QueryCtx,
  userId: Id<"users">,
  roomId: Id<"chatRooms">,
): Promise<Doc<"chatRoomReads"> | null> {
  return await ctx.db
    .query("chatRoomReads")
    .withIndex("by_userId_and_roomId", (q) => q.eq("userId", userId).eq("roomId", roomId))
    .unique();
}

/** The room's oldest message after `readUpTo`, or null: reads up to that one message only. */
export async function firstUnreadAfter(
  ctx: QueryCtx,
  roomId: Id<"chatRooms">,
  readUpTo: number,
): Promise<Doc<"chatMessages"> | null> {
  return await ctx.db
    .query("chatMessages")
    .withIndex("by_roomId", (q) => q.eq("roomId", roomId).gt("_creationTime", readUpTo))
    .first();
}

/**
 * Where a mark claimed at `claimed` really lands: the creation time of the room's newest message
 * at or before it, or the room's own start when there is none (an empty room opened: its first
 * message will be new). So a client can never mark past the newest message, nor at a time no
 * message has. It reads backwards from the claim only, so messages sent meanwhile (after the
 * claim) are outside its read set and do not make the mark conflict with them.
 */
export async function clampedReadUpTo(ctx: QueryCtx, room: Doc<"chatRooms">, claimed: number): Promise<number> {
  const newest = await ctx.db
    .query("chatMessages")
    .withIndex("by_roomId", (q) => q.eq("roomId", room._id).lte("_creationTime", claimed))
    .order("desc")
    .first();
  return newest?._creationTime ?? room._creationTime;
}

/** Moves the reader's mark forward to `readUpTo`; never back, and writes nothing when it would not move. */
export async function moveReadMark(
  ctx: MutationCtx,
  userId: Id<"users">,
  roomId: Id<"chatRooms">,
  readUpTo: number,
): Promise<void> {
  const row = await readRowOf(ctx, userId, roomId);
  if (row === null) await ctx.db.insert("chatRoomReads", { userId, roomId, readUpTo });
  else if (readUpTo > row.readUpTo) await ctx.db.patch(row._id, { readUpTo });
}
