/**
 * Emoji reactions on chat-room and private messages (issue 32): toggle one's own, which of some
 * messages I reacted to, and who gave an emoji. The rules and counts are lib/reactions.ts.
 */
import { ConvexError, v } from "convex/values";
import type { Id } from "./_generated/dataModel";
import { internalMutation } from "./_generated/server";
import { takeReactionAllowance } from "./lib/chat-limits";
import { OTHER_PERSON_LEFT } from "./lib/conversations";
import { publicUsers } from "./lib/creators";
import { userMutation, userQuery } from "./lib/functions";
import { profileOf } from "./lib/profile-lookup";
import {
  changeReactionCount,
  deleteReactionsOf,
  MINE_AMONG_MAX,
  reactableMessage,
  reactionRow,
  TOO_MANY_MESSAGES,
  WHO_SHOWN,
} from "./lib/reactions";
import { reactionEmojiValidator, type ReactionEmoji } from "./shared/message-extras";

const messageIdValidator = v.union(v.id("chatMessages"), v.id("messages"));

/**
 * Adds the caller's `emoji` to a message, or takes it back if they had given it; the message's
 * count moves in the same mutation. In a private message whose other person has deleted their
 * account nobody is left to see a new reaction, so adding one is refused as sending is, while
 * taking one back still works. Returns whether the caller's reaction is now there.
 */
export const toggle = userMutation({
  args: { messageId: messageIdValidator, emoji: reactionEmojiValidator },
  handler: async (ctx, { messageId, emoji }): Promise<{ reacted: boolean }> => {
    const target = await reactableMessage(ctx, messageId, ctx.user._id);
    const existing = await reactionRow(ctx, target.message._id, emoji, ctx.user._id);
    if (existing === null && target.kind === "message" && (await profileOf(ctx, target.otherUserId)) === null) {
      throw new ConvexError(OTHER_PERSON_LEFT);
    }
    // After the checks, so a refused toggle does not use up the allowance.
    await takeReactionAllowance(ctx, ctx.user._id);
    if (existing === null) {
      await ctx.db.insert("messageReactions", { messageId: target.message._id, userId: ctx.user._id, emoji });
    } else {
      await ctx.db.delete(existing._id);
    }
    await changeReactionCount(ctx, target.message, emoji, existing === null ? 1 : -1);
    return { reacted: existing === null };
  },
});

/**
 * Which of `messageIds` the caller reacted to, and with what: the pills they pressed. It reads
 * only the caller's own rows (one index range per message, at most six rows each) and never the
 * messages, so other people's reactions, which rewrite the messages' counts, do not re-run it;
 * it re-runs when the caller toggles. The answer can only repeat what the caller did themselves,
 * on messages they could see when they did it, so it needs no look at the rooms or conversations.
 */
export const mineAmong = userQuery({
  args: { messageIds: v.array(messageIdValidator) },
  handler: async (
    ctx,
    { messageIds },
  ): Promise<{ messageId: Id<"chatMessages"> | Id<"messages">; emoji: ReactionEmoji }[]> => {
    if (messageIds.length > MINE_AMONG_MAX) throw new ConvexError(TOO_MANY_MESSAGES);
    const rowsPerMessage = await Promise.all(
      [...new Set(messageIds)].map((messageId) =>
        ctx.db
          .query("messageReactions")
          .withIndex("by_userId_and_messageId", (q) => q.eq("userId", ctx.user._id).eq("messageId", messageId))
          .take(6),
      ),
    );
    return rowsPerMessage.flat().map((row) => ({ messageId: row.messageId, emoji: row.emoji }));
  },
});

/**
 * Who gave `emoji` to a message the caller can see: the first WHO_SHOWN people (display names) and
 * how many gave it in all, for the list shown on hovering, focusing or long-pressing a pill.
 */
export const who = userQuery({
  args: { messageId: messageIdValidator, emoji: reactionEmojiValidator },
  handler: async (ctx, { messageId, emoji }) => {
    const { message } = await reactableMessage(ctx, messageId, ctx.user._id);
    const rows = await ctx.db
      .query("messageReactions")
      .withIndex("by_messageId_and_emoji_and_userId", (q) => q.eq("messageId", message._id).eq("emoji", emoji))
      .take(WHO_SHOWN);
    const nameOf = await publicUsers(
      ctx,
      rows.map((row) => row.userId),
    );
    const total = message.reactions?.find((counted) => counted.emoji === emoji)?.count ?? 0;
    return {
      people: rows.map((row) => ({
        userId: row.userId,
        displayName: row.userId === ctx.user._id ? "You" : nameOf(row.userId).displayName,
      })),
      total: Math.max(total, rows.length),
    };
  },
});

/** The rest of the reaction rows of deleted messages, a batch per run (lib/reactions.ts). */
export const continueDeleting = internalMutation({
  args: { messageIds: v.array(messageIdValidator) },
  handler: async (ctx, { messageIds }) => await deleteReactionsOf(ctx, messageIds),
});
