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
import { writtenAhead } from "./lib/clock";
import { userMutation, userQuery } from "./lib/functions";
import { checkedMentions, notifyMentions, replaceMentionRefs, writeMentionRefs } from "./lib/mentions";
import { requireEditable } from "./lib/message-edits";
import { checkedReplyTarget, originalsOf, quoteOf, REPLY_OUTSIDE_ROOM } from "./lib/message-replies";
import { attachPicture, checkedPictureAlt, pagePictures, pictureArgs } from "./lib/message-pictures";
import { type Mention, mentionsValidator } from "./shared/mentions";
import { LIMITS } from "./shared/text";

/**
 * A room's messages, newest first, a page at a time: one index range however long the history.
 * A room deleted meanwhile gives an empty, finished page (chats.get tells the client it is gone).
 * Each reply carries a quote of its original: one get per original not on the page, and its
 * author is looked up with the page's authors (each distinct person once).
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
    const originals = await originalsOf(ctx, result.page);
    const authorOf = await publicUsers(ctx, [
      ...result.page.map((message) => message.userId),
      ...[...originals.values()].flatMap((original) => (original === null ? [] : [original.userId])),
    ]);
    const pictureOf = await pagePictures(ctx, result.page);
    return {
      ...result,
      page: result.page.map((message) => {
        const author = authorOf(message.userId);
        return {
          _id: message._id,
          _creationTime: message._creationTime,
          text: message.text,
          mentions: message.mentions ?? [],
          image: pictureOf(message),
          author: { _id: author.userId, displayName: author.displayName, avatarUrl: author.photoURL },
          isMine: message.userId === ctx.user._id,
          /** Per-emoji counts (messageReactions.ts); which ones are mine comes from messageReactions.mineAmong. */
          reactions: message.reactions ?? [],
          replyTo: quoteOf(message, originals, (original) => authorOf(original.userId).displayName),
          editedAt: message.editedAt ?? null,
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
  args: {
    roomId: v.id("chatRooms"),
    text: v.string(),
    mentions: mentionsValidator,
    ...pictureArgs,
    replyToId: v.optional(v.id("chatMessages")),
  },
  handler: async (ctx, { roomId, text, mentions, image, imageAlt, replyToId }): Promise<Id<"chatMessages">> => {
    const room = await existingRoom(ctx, roomId);
    // A reply names an existing message of this room (lib/message-replies.ts).
    const replyTarget = await checkedReplyTarget(
      ctx,
      replyToId,
      (original) => original.roomId === room._id,
      REPLY_OUTSIDE_ROOM,
    );
    const cleaned = text.trim();
    // A picture may go without words (lib/message-pictures.ts); its alt text is checked here too.
    if (cleaned.length === 0 && image === undefined) throw new ConvexError(CHAT_MESSAGE_REQUIRED);
    checkedPictureAlt({ image, imageAlt });
    if (cleaned.length > LIMITS.message) throw new ConvexError(CHAT_MESSAGE_TOO_LONG);
    // After the checks, so a message refused for its text does not use up the allowance.
    await takeMessageAllowance(ctx, ctx.user._id, room._id);
    const kept = await checkedMentions(ctx, text, cleaned, mentions);
    const picture = await attachPicture(ctx, ctx.user._id, { image, imageAlt });
    const messageId = await ctx.db.insert("chatMessages", {
      roomId: room._id,
      userId: ctx.user._id,
      text: cleaned,
      ...picture,
      ...(kept === undefined ? {} : { mentions: kept }),
      ...(replyTarget === undefined ? {} : { replyToId: replyTarget }),
    });
    await writeMentionRefs(ctx, messageId, kept);
    await notifyMentions(ctx, {
      authorId: ctx.user._id,
      mentions: kept,
      target: { kind: "chatRoom", id: room._id },
      sourceId: messageId,
    });
    const now = Date.now();
    // A time written while the clock ran ahead (lib/clock.ts) is put right by the next message.
    if (
      room.lastMessageAt === undefined ||
      now - room.lastMessageAt >= LAST_MESSAGE_AT_RESOLUTION_MS ||
      writtenAhead(room.lastMessageAt, now)
    ) {
      await ctx.db.patch(room._id, { lastMessageAt: now });
    }
    return messageId;
  },
});

/**
 * The author edits their own message within MESSAGE_EDIT_WINDOW_MS (lib/message-edits.ts), with
 * the send's text rules. Its mentions are checked again and replace the old ones; only people it
 * newly mentions are notified. An edit takes from the same allowance as a message: it re-runs the
 * room's readers just as a new message does, so a separate bucket would let a script double its
 * flood. Sending the same text and mentions changes nothing and takes nothing.
 */
export const edit = userMutation({
  args: { messageId: v.id("chatMessages"), text: v.string(), mentions: mentionsValidator },
  handler: async (ctx, { messageId, text, mentions }) => {
    const message = await ctx.db.get(messageId);
    if (message === null) throw new ConvexError(CHAT_MESSAGE_NOT_FOUND);
    requireEditable(message, message.userId, ctx.user._id, Date.now());
    const cleaned = roomMessageText(text, message.image !== undefined);
    const kept = await checkedMentions(ctx, text, cleaned, mentions);
    if (cleaned === message.text && sameMentions(kept, message.mentions)) return null;
    await takeMessageAllowance(ctx, ctx.user._id, message.roomId);
    await ctx.db.patch(message._id, { text: cleaned, mentions: kept, editedAt: Date.now() });
    await replaceMentionRefs(ctx, message._id, kept);
    await notifyMentions(ctx, {
      authorId: ctx.user._id,
      mentions: kept,
      before: message.mentions,
      target: { kind: "chatRoom", id: message.roomId },
      sourceId: message._id,
    });
    return null;
  },
});

/**
 * An edited room message's text as stored (trimmed), or the refusal for a too long one, or a blank
 * one unless the message has a picture (which may go without words, as when sent).
 */
function roomMessageText(text: string, hasPicture: boolean): string {
  const cleaned = text.trim();
  if (cleaned.length === 0 && !hasPicture) throw new ConvexError(CHAT_MESSAGE_REQUIRED);
  if (cleaned.length > LIMITS.message) throw new ConvexError(CHAT_MESSAGE_TOO_LONG);
  return cleaned;
}

/** Whether two stored mention lists are the same spans of the same people. */
function sameMentions(a: readonly Mention[] | undefined, b: readonly Mention[] | undefined): boolean {
  return JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
}

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
