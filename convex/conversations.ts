import { ConvexError, v } from "convex/values";
import { userMutation } from "./lib/functions";
import { CANNOT_MESSAGE_YOURSELF, memberRow, pairKey, USER_NOT_FOUND } from "./lib/conversations";

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
    if ((await ctx.db.get(userId)) === null) throw new ConvexError(USER_NOT_FOUND);

    const key = pairKey(me, userId);
    const existing = await ctx.db
      .query("conversations")
      .withIndex("by_pairKey", (q) => q.eq("pairKey", key))
      .unique();
    const now = Date.now();
    if (existing !== null) {
      // The caller chose to open it, so it joins their list even before anyone writes.
      const mine = await memberRow(ctx, existing._id, me);
      if (mine !== null && mine.lastMessageAt === 0) await ctx.db.patch(mine._id, { lastMessageAt: now });
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
