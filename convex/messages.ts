import { paginationOptsValidator } from "convex/server";
import { ConvexError, v } from "convex/values";
import { deleteMessage } from "./cascade";
import { requireOwner } from "./lib/auth";
import {
  cappedPage,
  MESSAGE_NOT_FOUND,
  MESSAGE_REQUIRED,
  memberRow,
  NOT_YOUR_MESSAGE,
  OTHER_PERSON_LEFT,
  previewOf,
  requireParticipant,
} from "./lib/conversations";
import { takePrivateMessageAllowance } from "./lib/chat-limits";
import { profileOf } from "./lib/profile-lookup";
import { userMutation, userQuery } from "./lib/functions";
import { cleanText, LIMITS } from "./shared/text";

/** A conversation's messages, newest first, a page at a time (the page shows them oldest at the top). */
export const list = userQuery({
  args: { conversationId: v.string(), paginationOpts: paginationOptsValidator },
  handler: async (ctx, { conversationId, paginationOpts }) => {
    const { conversation } = await requireParticipant(ctx, conversationId, ctx.user._id);
    const result = await ctx.db
      .query("messages")
      .withIndex("by_conversationId", (q) => q.eq("conversationId", conversation._id))
      .order("desc")
      .paginate(cappedPage(paginationOpts));
    return {
      ...result,
      page: result.page.map((message) => ({
        _id: message._id,
        _creationTime: message._creationTime,
        text: message.text,
        isMine: message.senderId === ctx.user._id,
      })),
    };
  },
});

/**
 * Sends a message, within the sender's allowance (lib/chat-limits.ts). In the same mutation
 * the conversation's preview moves, both people's rows move to the top of their lists, the other
 * person gets one more unread, and the sender's own unread clears (answering means they have
 * read it).
 */
export const send = userMutation({
  args: { conversationId: v.string(), text: v.string() },
  handler: async (ctx, { conversationId, text }) => {
    const { conversation, member } = await requireParticipant(ctx, conversationId, ctx.user._id);
    if (text.trim().length === 0) throw new ConvexError(MESSAGE_REQUIRED);
    // A deleted account's profile goes at once (its rows follow in batches): nobody would read it.
    if ((await profileOf(ctx, member.otherUserId)) === null) throw new ConvexError(OTHER_PERSON_LEFT);
    const cleaned = cleanText(text, "Message", LIMITS.message);
    await takePrivateMessageAllowance(ctx, ctx.user._id);

    const messageId = await ctx.db.insert("messages", {
      conversationId: conversation._id,
      senderId: ctx.user._id,
      text: cleaned,
    });
    const sentAt = (await ctx.db.get(messageId))!._creationTime;
    await ctx.db.patch(conversation._id, {
      lastMessageAt: sentAt,
      lastMessageText: previewOf(cleaned),
      lastMessageSenderId: ctx.user._id,
    });
    await ctx.db.patch(member._id, { lastMessageAt: sentAt, unreadCount: 0, readUpTo: sentAt });
    const other = await memberRow(ctx, conversation._id, member.otherUserId);
    if (other !== null) {
      await ctx.db.patch(other._id, { lastMessageAt: sentAt, unreadCount: other.unreadCount + 1 });
    }
    return messageId;
  },
});

/**
 * Only the sender deletes a message. If the other person had not read it yet it stops counting
 * as unread, and if it was the newest both lists follow the one before (preview, time and order),
 * or, with none left, go back to a conversation only opened (cascade.ts deleteMessage).
 */
export const remove = userMutation({
  args: { messageId: v.id("messages") },
  handler: async (ctx, { messageId }) => {
    const message = await ctx.db.get(messageId);
    if (message === null) throw new ConvexError(MESSAGE_NOT_FOUND);
    await requireParticipant(ctx, message.conversationId, ctx.user._id);
    requireOwner(message.senderId, ctx.user._id, NOT_YOUR_MESSAGE);
    await deleteMessage(ctx, message);
  },
});
