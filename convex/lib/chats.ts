/**
 * What the chat modules share: the room as the screens see it, and the presence component the
 * rooms use. Their texts are in chat-texts.ts.
 */
import { ConvexError } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { publicUsers } from "./creators";
import { imageUrl } from "./images";
import { onlineCount } from "./presence-online";
import { CHAT_NOT_FOUND, DEFAULT_CHAT_DESCRIPTION } from "../shared/chat-texts";

/**
 * How stale a room's `lastMessageAt` may get. The list shows it in minutes ("3 min ago"), and
 * writing the room on every message would re-run every query that reads the room (each
 * member's chats.get) and make concurrent senders conflict on one document.
 */
export const LAST_MESSAGE_AT_RESOLUTION_MS = 60_000;

/** Who is in which room now: the presence component, kept in a module of its own (no import cycle). */
export { chatPresence } from "./presence-component";

/** The room or a 'Chat not found' error. */
export async function existingRoom(ctx: QueryCtx, roomId: Id<"chatRooms">): Promise<Doc<"chatRooms">> {
  const room = await ctx.db.get(roomId);
  if (room === null) throw new ConvexError(CHAT_NOT_FOUND);
  return room;
}

/**
 * Rooms as the list and the room page show them: one profile read per distinct creator, and the
 * online count from the room's small count row (presence-online.ts), never the presence itself,
 * so a join or leave re-runs no reader's list until the count changes.
 */
export async function roomSummaries(ctx: QueryCtx, rooms: Doc<"chatRooms">[], viewerId: Id<"users">) {
  const creatorOf = await publicUsers(
    ctx,
    rooms.map((room) => room.createdBy),
  );
  return await Promise.all(
    rooms.map(async (room) => {
      const creator = creatorOf(room.createdBy);
      return {
        _id: room._id,
        name: room.name,
        description: room.description ?? DEFAULT_CHAT_DESCRIPTION,
        imageUrl: await imageUrl(ctx, room.image),
        createdBy: { _id: creator.userId, displayName: creator.displayName, avatarUrl: creator.photoURL },
        isMine: room.createdBy === viewerId,
        lastMessageAt: room.lastMessageAt ?? null,
        onlineCount: await onlineCount(ctx, room._id),
      };
    }),
  );
}

export type ChatRoomSummary = Awaited<ReturnType<typeof roomSummaries>>[number];
