/** A chat room's messages (seed §2 Chats): the live history, newest first, send and delete. */
import { paginationOptsValidator } from "convex/server";
import { ConvexError, v } from "convex/values";
import type { Id } from "./_generated/dataModel";
import { deleteChatMessage } from "./cascade";
import { requireOwner } from "./lib/auth";
import { takeMessageAllowance } from "./lib/chat-limits";
import {
  CHAT_MESSAGE_NOT_FOUND,
  CHAT_MESSAGE_REQUIRED,
  CHAT_MESSAGE_TOO_LONG,
  NOT_YOUR_CHAT_MESSAGE,
} from "./shared/chat-texts";
import { existingRoom, LAST_MESSAGE_AT_RESOLUTION_MS } from "./lib/chats";
import { cappedPage } from "./lib/conversations";
import { publicUsers } from "./lib/creators";
import { userMutation, userQuery } from "./lib/functions";
import { checkedMentions, notifyMentions, writeMentionRefs } from "./lib/mentions";
import { mentionsValidator } from "./shared/mentions";
import { LIMITS } from "./shared/text";

/**
 * A room's messages, newest first, a page at a time: one index range however long the history.
 * A room deleted meanwhile gives an empty, finished page (chats.get tells the client it is gone).
 */
export const list = userQuery({
  args: { roomId: v.id("chatRooms"), paginationOpts: paginationOptsValidator },
  handler: async (ctx, { roomId, paginationOpts }) => {
    if ((await ctx.db.get(roomId)) === null) return { page: [], isDone: true, continueCursor: "" };
    const result = await ctx.db
      .query("chatMessages")
      .withIndex("by_roomId", (q) => q.eq("roomId", roomId))
      .order("desc")
      .paginate(cappedPage(paginationOpts));
    const authorOf = await publicUsers(
      ctx,
      result.page.map((message) => message.userId),
    );
    return {
      ...result,
      page: result.page.map((message) => {
        const author = authorOf(message.userId);
        return {
          _id: message._id,
          _creationTime: message._creationTime,
          text: message.text,
          mentions: message.mentions ?? [],
          author: { _id: author.userId, displayName: author.displayName, avatarUrl: author.photoURL },
          isMine: message.userId === ctx.user._id,
        };
      }),
    };
  },
});

/**
 * Sends a message to a room, within the sender's flood allowance (lib/chat-limits.ts). The people
 * it @mentions (spans in `text`, checked by lib/mentions.ts) are stored with it and notified.
 */
export const send = userMutation({
  args: { roomId: v.id("chatRooms"), text: v.string(), mentions: mentionsValidator },
  handler: async (ctx, { roomId, text, mentions }): Promise<Id<"chatMessages">> => {
    const room = await existingRoom(ctx, roomId);
    const cleaned = text.trim();
    if (cleaned.length === 0) throw new ConvexError(CHAT_MESSAGE_REQUIRED);
    if (cleaned.length > LIMITS.message) throw new ConvexError(CHAT_MESSAGE_TOO_LONG);
    // After the checks, so a message refused for its text does not use up the allowance.
    await takeMessageAllowance(ctx, ctx.user._id, room._id);
    const kept = await checkedMentions(ctx, text, cleaned, mentions);
    const messageId = await ctx.db.insert("chatMessages", {
      roomId: room._id,
      userId: ctx.user._id,
      text: cleaned,
      ...(kept === undefined ? {} : { mentions: kept }),
    });
    await writeMentionRefs(ctx, messageId, kept);
    await notifyMentions(ctx, {
      authorId: ctx.user._id,
      mentions: kept,
      target: { kind: "chatRoom", id: room._id },
      sourceId: messageId,
    });
    const now = Date.now();
    if (room.lastMessageAt === undefined || now - room.lastMessageAt >= LAST_MESSAGE_AT_RESOLUTION_MS) {
      await ctx.db.patch(room._id, { lastMessageAt: now });
    }
    return messageId;
  },
});

/** The author deletes their own message. */
export const remove = userMutation({
  args: { messageId: v.id("chatMessages") },
  handler: async (ctx, { messageId }) => {
    const message = await ctx.db.get(messageId);
    if (message === null) throw new ConvexError(CHAT_MESSAGE_NOT_FOUND);
    requireOwner(message.userId, ctx.user._id, NOT_YOUR_CHAT_MESSAGE);
    await deleteChatMessage(ctx, message);
    return null;
  },
});
