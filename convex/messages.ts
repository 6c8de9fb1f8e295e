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
  requireParticipant,
} from "./lib/conversations";
import { takePrivateMessageAllowance } from "./lib/chat-limits";
import { attachPicture, checkedPictureAlt, messagePreview, pagePictures, pictureArgs } from "./lib/message-pictures";
import { profileOf } from "./lib/profile-lookup";
import { userMutation, userQuery } from "./lib/functions";
import { cleanText, LIMITS } from "./shared/text";
import { requireEditable } from "./lib/message-edits";
import { checkedReplyTarget, originalsOf, quoteOf, REPLY_OUTSIDE_CONVERSATION } from "./lib/message-replies";
import { publicUsers } from "./lib/creators";

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
    const pictureOf = await pagePictures(ctx, result.page);
    // Replies quote their original (one get each, unless on the page); its sender is one of the two people.
    const originals = await originalsOf(ctx, result.page);
    const senderOf = await publicUsers(
      ctx,
      [...originals.values()].flatMap((original) => (original === null ? [] : [original.senderId])),
    );
    return {
      ...result,
      page: result.page.map((message) => ({
        _id: message._id,
        _creationTime: message._creationTime,
        text: message.text,
        image: pictureOf(message),
        isMine: message.senderId === ctx.user._id,
        /** Per-emoji counts (messageReactions.ts); which ones are mine comes from messageReactions.mineAmong. */
        reactions: message.reactions ?? [],
        replyTo: quoteOf(message, originals, (original) => senderOf(original.senderId).displayName),
        editedAt: message.editedAt ?? null,
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
  args: {
    conversationId: v.string(),
    text: v.string(),
    ...pictureArgs,
    replyToId: v.optional(v.id("messages")),
  },
  handler: async (ctx, { conversationId, text, image, imageAlt, replyToId }) => {
    const { conversation, member } = await requireParticipant(ctx, conversationId, ctx.user._id);
    // A reply names an existing message of this conversation (lib/message-replies.ts).
    const replyTarget = await checkedReplyTarget(
      ctx,
      replyToId,
      (original) => original.conversationId === conversation._id,
      REPLY_OUTSIDE_CONVERSATION,
    );
    // A picture may go without words (lib/message-pictures.ts); its alt text is checked here too.
    if (text.trim().length === 0 && image === undefined) throw new ConvexError(MESSAGE_REQUIRED);
    checkedPictureAlt({ image, imageAlt });
    // A deleted account's profile goes at once (its rows follow in batches): nobody would read it.
    if ((await profileOf(ctx, member.otherUserId)) === null) throw new ConvexError(OTHER_PERSON_LEFT);
    const cleaned = cleanText(text, "Message", LIMITS.message);
    await takePrivateMessageAllowance(ctx, ctx.user._id);
    const picture = await attachPicture(ctx, ctx.user._id, { image, imageAlt });

    const messageId = await ctx.db.insert("messages", {
      conversationId: conversation._id,
      senderId: ctx.user._id,
      text: cleaned,
      ...picture,
      ...(replyTarget === undefined ? {} : { replyToId: replyTarget }),
    });
    const sentAt = (await ctx.db.get(messageId))!._creationTime;
    await ctx.db.patch(conversation._id, {
      lastMessageAt: sentAt,
      lastMessageText: messagePreview({ text: cleaned, ...picture }),
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
 * The sender edits their own message within MESSAGE_EDIT_WINDOW_MS (lib/message-edits.ts), with
 * the send's text rules (a picture may still go without words). When it is the conversation's
 * newest (its time is the conversation's lastMessageAt, so no extra read) the list's preview
 * follows. An edit takes from the sender's message allowance, as a new message does: it re-runs
 * the same readers. The same text again changes nothing and takes nothing.
 */
export const edit = userMutation({
  args: { messageId: v.id("messages"), text: v.string() },
  handler: async (ctx, { messageId, text }) => {
    const message = await ctx.db.get(messageId);
    if (message === null) throw new ConvexError(MESSAGE_NOT_FOUND);
    const { conversation } = await requireParticipant(ctx, message.conversationId, ctx.user._id);
    requireEditable(message, message.senderId, ctx.user._id, Date.now());
    if (text.trim().length === 0 && message.image === undefined) throw new ConvexError(MESSAGE_REQUIRED);
    const cleaned = cleanText(text, "Message", LIMITS.message);
    if (cleaned === message.text) return null;
    await takePrivateMessageAllowance(ctx, ctx.user._id);
    await ctx.db.patch(message._id, { text: cleaned, editedAt: Date.now() });
    if (conversation.lastMessageAt === message._creationTime) {
      await ctx.db.patch(conversation._id, {
        lastMessageText: messagePreview({ text: cleaned, image: message.image }),
      });
    }
    return null;
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
