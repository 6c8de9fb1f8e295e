import { paginationOptsValidator } from "convex/server";
import { ConvexError, v } from "convex/values";
import { publicUser, publicUsers } from "./lib/creators";
import { userMutation, userQuery } from "./lib/functions";
import { profileOf, reachableProfileOf } from "./lib/profile-lookup";
import {
  CANNOT_MESSAGE_YOURSELF,
  cappedPage,
  memberRow,
  newestMessage,
  pairKey,
  requireParticipant,
  USER_NOT_FOUND,
} from "./lib/conversations";
import { conversationTypingSignals, setTypingSignal } from "./lib/typing";

/** The top bar shows "99+" past this, so the total never needs more rows than this. */
export const UNREAD_TOTAL_CAP = 100;

/**
 * The Message button (friends list, profile): the caller's one conversation with `userId`,
 * created on first use. Mutations are serializable, so when both people press Message at the
 * same moment one of them commits first and the other, retried, finds that conversation.
 */
export const openWith = userMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    const me = ctx.user._id;
    if (userId === me) throw new ConvexError(CANNOT_MESSAGE_YOURSELF);
    // An account nobody verified has no profile and cannot be written to (PRODUCT D2).
    if ((await reachableProfileOf(ctx, userId)) === null) throw new ConvexError(USER_NOT_FOUND);

    const key = pairKey(me, userId);
    const existing = await ctx.db
      .query("conversations")
      .withIndex("by_pairKey", (q) => q.eq("pairKey", key))
      .unique();
    const now = Date.now();
    if (existing !== null) {
      // The caller chose to open it, so it joins their list even before anyone writes. Reading
      // up to its start marks nothing read but records that they opened it (hasOpened).
      const mine = await memberRow(ctx, existing._id, me);
      if (mine !== null && mine.lastMessageAt === 0) {
        await ctx.db.patch(mine._id, { lastMessageAt: now, readUpTo: Math.max(mine.readUpTo, existing._creationTime) });
      }
      return existing._id;
    }

    const conversationId = await ctx.db.insert("conversations", {
      participants: [me, userId],
      pairKey: key,
      lastMessageAt: now,
    });
    await ctx.db.insert("conversationMembers", {
      conversationId,
      userId: me,
      otherUserId: userId,
      lastMessageAt: now,
      unreadCount: 0,
      readUpTo: 0,
    });
    // The other person sees it once there is something to read (lastMessageAt 0 keeps it out of their list).
    await ctx.db.insert("conversationMembers", {
      conversationId,
      userId,
      otherUserId: me,
      lastMessageAt: 0,
      unreadCount: 0,
      readUpTo: 0,
    });
    return conversationId;
  },
});

/**
 * The caller's conversations, newest activity first, a page at a time: the other person, a
 * preview of the last message and the caller's unread count. Reads the caller's member rows
 * through their index, so a page costs O(page) however many conversations exist.
 */
export const list = userQuery({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db
      .query("conversationMembers")
      .withIndex("by_userId_and_lastMessageAt", (q) => q.eq("userId", ctx.user._id).gt("lastMessageAt", 0))
      .order("desc")
      .paginate(cappedPage(paginationOpts));
    const personOf = await publicUsers(
      ctx,
      result.page.map((row) => row.otherUserId),
    );
    const page = await Promise.all(
      result.page.map(async (row) => {
        const conversation = await ctx.db.get(row.conversationId);
        const lastText = conversation?.lastMessageText;
        return {
          conversationId: row.conversationId,
          other: personOf(row.otherUserId),
          lastMessageAt: row.lastMessageAt,
          lastMessage:
            lastText === undefined
              ? null
              : { text: lastText, fromMe: conversation?.lastMessageSenderId === ctx.user._id },
          unreadCount: row.unreadCount,
        };
      }),
    );
    return { ...result, page };
  },
});

/** One conversation for its page: who the other person is and the caller's unread count. */
export const get = userQuery({
  args: { conversationId: v.string() },
  handler: async (ctx, { conversationId }) => {
    const { conversation, member } = await requireParticipant(ctx, conversationId, ctx.user._id);
    return {
      _id: conversation._id,
      other: await publicUser(ctx, member.otherUserId),
      // A deleted account's profile goes at once: the conversation stays readable, not writable.
      otherLeft: (await profileOf(ctx, member.otherUserId)) === null,
      unreadCount: member.unreadCount,
    };
  },
});

/**
 * Opening a conversation reads it: only the caller's own row changes. With no message yet the
 * caller has read up to the conversation's start, which marks that they opened it (hasOpened).
 */
export const markRead = userMutation({
  args: { conversationId: v.string() },
  handler: async (ctx, { conversationId }) => {
    const { conversation, member } = await requireParticipant(ctx, conversationId, ctx.user._id);
    const newest = await newestMessage(ctx, conversation._id);
    const readUpTo = Math.max(member.readUpTo, newest?._creationTime ?? conversation._creationTime);
    const lastMessageAt = member.lastMessageAt === 0 ? conversation.lastMessageAt : member.lastMessageAt;
    if (member.unreadCount === 0 && member.readUpTo === readUpTo && member.lastMessageAt === lastMessageAt) return;
    await ctx.db.patch(member._id, { unreadCount: 0, readUpTo, lastMessageAt });
  },
});

/**
 * Unread messages over all the caller's conversations, for the top bar. Summed from the member
 * rows that have any (an index range), never by counting messages; capped at UNREAD_TOTAL_CAP.
 */
export const unreadTotal = userQuery({
  args: {},
  handler: async (ctx) => {
    const rows = await ctx.db
      .query("conversationMembers")
      .withIndex("by_userId_and_unreadCount", (q) => q.eq("userId", ctx.user._id).gt("unreadCount", 0))
      .take(UNREAD_TOTAL_CAP);
    return Math.min(
      UNREAD_TOTAL_CAP,
      rows.reduce((total, row) => total + row.unreadCount, 0),
    );
  },
});

/**
 * How far the other person has read (their `readUpTo`, a message's creation time; 0 before they
 * opened it), for "Seen" under the newest of the caller's messages at or before it. A query of
 * its own reading only the other person's row, so their reading re-runs only this, for the two
 * of them, and not the conversation's page.
 */
export const otherReadUpTo = userQuery({
  args: { conversationId: v.string() },
  handler: async (ctx, { conversationId }) => {
    const { conversation, member } = await requireParticipant(ctx, conversationId, ctx.user._id);
    const other = await memberRow(ctx, conversation._id, member.otherUserId);
    return other?.readUpTo ?? 0;
  },
});

/**
 * Whether the other person is typing: their signal, as a list of none or one (lib/typing.ts; the
 * page ages it out by its own clock). Only the two participants may ask.
 */
export const typing = userQuery({
  args: { conversationId: v.string() },
  handler: async (ctx, { conversationId }) => {
    const { conversation, member } = await requireParticipant(ctx, conversationId, ctx.user._id);
    return await conversationTypingSignals(ctx, conversation._id, member.otherUserId);
  },
});

/** The caller is typing (for TYPING_SIGNAL_MS) or stopped; only the two participants may signal. */
export const setTyping = userMutation({
  args: { conversationId: v.string(), typing: v.boolean() },
  handler: async (ctx, { conversationId, typing }) => {
    const { conversation } = await requireParticipant(ctx, conversationId, ctx.user._id);
    await setTypingSignal(ctx, { conversationId: conversation._id }, ctx.user._id, typing);
    return null;
  },
});
