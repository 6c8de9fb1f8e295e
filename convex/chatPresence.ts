/**
 * Who is in a chat room now, and who is typing (issue 14), on the @convex-dev/presence
 * component: these are the functions the room page's `useRoomPresence` hook calls.
 * Each open room tab heartbeats every 10 s; a tab that stops is marked offline 2.5 intervals
 * later by the component, or at once when it disconnects (the hook also does that with
 * navigator.sendBeacon when the tab closes).
 */
import { ConvexError, v } from "convex/values";
import { mutation } from "./_generated/server";
import { takeHeartbeatAllowance, takeTypingAllowance } from "./lib/chat-limits";
import { CHAT_NOT_FOUND } from "./shared/chat-texts";
import { TYPING_SIGNAL_MS } from "./shared/typing-signal";
import { chatPresence, existingRoom } from "./lib/chats";
import { publicUsers } from "./lib/creators";
import { userMutation, userQuery } from "./lib/functions";

export const NOT_YOURSELF = "You can only be present in a chat as yourself.";
export const NOT_IN_ROOM = "Open the chat before typing in it.";
export const BAD_PRESENCE_SESSION = "Presence needs a session id and an interval between 1 and 12 seconds.";

/** Longest heartbeat interval: people leave the list within 2.5 intervals (30 s) of their tab closing. */
export const MAX_HEARTBEAT_INTERVAL_MS = 12_000;
const MIN_HEARTBEAT_INTERVAL_MS = 1_000;
const MAX_SESSION_ID_LENGTH = 200;

/**
 * What a heartbeat for a deleted room answers: no tokens, and nothing written, so a deleted room
 * never gets presence back. A tab still in the room when it is deleted can send one more
 * heartbeat before it hears of the deletion (a timer tick in flight, or a tab woken from the
 * background before its connection catches up). Throwing would have the tab retry every
 * tick until it hears; empty tokens are what the hook takes as "no session": it skips the list
 * query for an empty room token and ends no session for an empty session token. The
 * page then sees the room gone, says 'Chat not found' and unmounts the hook.
 */
const NO_PRESENCE = { roomToken: "", sessionToken: "" };

/**
 * The caller says they are in the room (their own user id only) and gets the tokens to list and
 * leave it; for a room deleted meanwhile, empty tokens (NO_PRESENCE).
 */
export const heartbeat = userMutation({
  args: { roomId: v.string(), userId: v.string(), sessionId: v.string(), interval: v.number() },
  handler: async (ctx, { roomId, userId, sessionId, interval }) => {
    if (userId !== ctx.user._id) throw new ConvexError(NOT_YOURSELF);
    // Not even a room id: no page of ours sends that, so it stays an error.
    const id = ctx.db.normalizeId("chatRooms", roomId);
    if (id === null) throw new ConvexError(CHAT_NOT_FOUND);
    const validSession = sessionId.length > 0 && sessionId.length <= MAX_SESSION_ID_LENGTH;
    if (!validSession || !(interval >= MIN_HEARTBEAT_INTERVAL_MS && interval <= MAX_HEARTBEAT_INTERVAL_MS)) {
      throw new ConvexError(BAD_PRESENCE_SESSION);
    }
    // Before the room check, so heartbeats for deleted rooms are held to the same allowance.
    await takeHeartbeatAllowance(ctx, ctx.user._id);
    if ((await ctx.db.get(id)) === null) return NO_PRESENCE;
    return await chatPresence.heartbeat(ctx, id, ctx.user._id, sessionId, interval);
  },
});

/**
 * Everyone in the room of a room token (only heartbeats hand those out), online first, with
 * their display name and avatar.
 */
export const list = userQuery({
  args: { roomToken: v.string() },
  handler: async (ctx, { roomToken }) => {
    const people = await chatPresence.list(ctx, roomToken);
    const personOf = await publicUsers(
      ctx,
      people.map((person) => person.userId),
    );
    return people.map(({ userId, online, lastDisconnected }) => {
      const { displayName, photoURL } = personOf(userId);
      return {
        userId,
        online,
        lastDisconnected,
        name: displayName,
        ...(photoURL === null ? {} : { image: photoURL }),
      };
    });
  },
});

/**
 * Ends one tab's presence. Open to anyone on purpose: the hook also calls it from a tab that is
 * closing, by sendBeacon, which carries no login. The session token is the key: a random id only
 * the heartbeat's own (verified) caller received.
 */
export const disconnect = mutation({
  args: { sessionToken: v.string() },
  handler: async (ctx, { sessionToken }) => {
    await chatPresence.disconnect(ctx, sessionToken);
    return null;
  },
});

/** Most typing signals a room lists at once. */
const MAX_TYPING_LISTED = 50;

/**
 * Who is typing in a room and until when, by the server's clock (a signal not renewed lapses).
 * A query of its own, so a typing signal re-runs only this, not the presence list or the rooms.
 */
export const typing = userQuery({
  args: { roomId: v.string() },
  handler: async (ctx, { roomId }) => {
    const id = ctx.db.normalizeId("chatRooms", roomId);
    if (id === null) return [];
    const signals = await ctx.db
      .query("chatTyping")
      .withIndex("by_roomId_and_until", (q) => q.eq("roomId", id).gt("until", Date.now()))
      .take(MAX_TYPING_LISTED);
    return signals.map(({ userId, until }) => ({ userId, until }));
  },
});

/** The caller is typing (for TYPING_SIGNAL_MS) or stopped; shown to the room through `typing`. */
export const setTyping = userMutation({
  args: { roomId: v.id("chatRooms"), typing: v.boolean() },
  handler: async (ctx, { roomId, typing }) => {
    const room = await existingRoom(ctx, roomId);
    const rooms = await chatPresence.listUser(ctx, ctx.user._id, true);
    if (!rooms.some((entry) => entry.roomId === room._id)) throw new ConvexError(NOT_IN_ROOM);
    // Only "typing" is limited: a stop must always get through, or the room keeps showing the
    // person typing until the signal lapses.
    if (typing) await takeTypingAllowance(ctx, ctx.user._id, room._id);
    const signal = await ctx.db
      .query("chatTyping")
      .withIndex("by_roomId_and_userId", (q) => q.eq("roomId", room._id).eq("userId", ctx.user._id))
      .unique();
    if (!typing) {
      if (signal !== null) await ctx.db.delete(signal._id);
      return null;
    }
    const until = Date.now() + TYPING_SIGNAL_MS;
    if (signal === null) await ctx.db.insert("chatTyping", { roomId: room._id, userId: ctx.user._id, until });
    else await ctx.db.patch(signal._id, { until });
    return null;
  },
});
