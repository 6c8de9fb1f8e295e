/**
 * Who is in a chat room now, and who is typing (issue 14), on the @convex-dev/presence
 * component: these are the functions the room page's `useRoomPresence` hook calls.
 *
 * Shared per room (issue 29): the room's list (`list`) reads no login, only the component's room
 * token, so Convex runs it once per room and change, for every member alike; names and avatars
 * come from `person`, one small query per person, which no join or leave re-runs. The count on
 * the list of rooms is a row of its own (lib/presence-online.ts).
 *
 * An open room tab heartbeats every 20 s while shown and every 60 s while hidden (the tab stays
 * in the room as long as it is open; docs/architecture.md "Presence cost" has the sums). A tab
 * that stops is marked offline 2.5 intervals later by the component, or at once when it
 * disconnects (the hook does that when the room closes, and with navigator.sendBeacon when the
 * tab closes).
 */
import { ConvexError, v } from "convex/values";
import { internalMutation, mutation, query } from "./_generated/server";
import { takeHeartbeatAllowance } from "./lib/chat-limits";
import { CHAT_NOT_FOUND } from "./shared/chat-texts";
import { DELETED_USER_NAME } from "./shared/public-user";
import { chatPresence, existingRoom } from "./lib/chats";
import { publicUser } from "./lib/creators";
import { userMutation, userQuery } from "./lib/functions";
import { refreshOnline as refreshOnlineCount, requestOnlineRefresh } from "./lib/presence-online";
import { isValidTicket, issueTicket } from "./lib/presence-ticket";
import { roomTypingSignals, setTypingSignal } from "./lib/typing";

export const NOT_YOURSELF = "You can only be present in a chat as yourself.";
export const NOT_IN_ROOM = "Open the chat before typing in it.";
export const BAD_PRESENCE_SESSION = "Presence needs a session id and an interval between 1 and 60 seconds.";
export const BAD_TYPING_SINCE = "Typing needs the time to list signals from.";

/**
 * Longest heartbeat interval: a hidden tab's (use-room-presence.ts). Such a tab that closes
 * without a word leaves the list within 2.5 intervals (150 s); Chrome wakes hidden tabs' timers
 * at most once a minute, so a shorter hidden interval would not beat more often anyway.
 */
export const MAX_HEARTBEAT_INTERVAL_MS = 60_000;
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
const NO_PRESENCE = { roomToken: "", sessionToken: "", ticket: "" };

/**
 * The caller says they are in the room (their own user id only) and gets the tokens to list and
 * leave it, and a ticket for the next heartbeat; for a room deleted meanwhile, empty tokens
 * (NO_PRESENCE). A heartbeat that starts a session (no valid `ticket`) takes one from the
 * caller's heartbeat allowance and asks for the room's online count to be refreshed; a renewal
 * with the last answer's ticket does neither, so it writes only the component's session deadline
 * and reads nothing another person's heartbeat writes.
 */
export const heartbeat = userMutation({
  args: {
    roomId: v.string(),
    userId: v.string(),
    sessionId: v.string(),
    interval: v.number(),
    ticket: v.optional(v.string()),
  },
  handler: async (ctx, { roomId, userId, sessionId, interval, ticket }) => {
    if (userId !== ctx.user._id) throw new ConvexError(NOT_YOURSELF);
    // Not even a room id: no page of ours sends that, so it stays an error.
    const id = ctx.db.normalizeId("chatRooms", roomId);
    if (id === null) throw new ConvexError(CHAT_NOT_FOUND);
    const validSession = sessionId.length > 0 && sessionId.length <= MAX_SESSION_ID_LENGTH;
    if (!validSession || !(interval >= MIN_HEARTBEAT_INTERVAL_MS && interval <= MAX_HEARTBEAT_INTERVAL_MS)) {
      throw new ConvexError(BAD_PRESENCE_SESSION);
    }
    const now = Date.now();
    const subject = { userId: ctx.user._id, roomId: id, sessionId };
    const renewal = ticket !== undefined && (await isValidTicket(ctx, ticket, subject, now));
    // Before the room check, so heartbeats for deleted rooms are held to the same allowance.
    if (!renewal) await takeHeartbeatAllowance(ctx, ctx.user._id);
    if ((await ctx.db.get(id)) === null) return NO_PRESENCE;
    const tokens = await chatPresence.heartbeat(ctx, id, ctx.user._id, sessionId, interval);
    if (!renewal) await requestOnlineRefresh(ctx, id);
    return { ...tokens, ticket: await issueTicket(ctx, subject, interval, now) };
  },
});

/**
 * Everyone in the room of a room token (only heartbeats hand those out), online first: user ids
 * and whether they are here, nothing else. It reads no login on purpose: the token is the
 * capability, and a query that reads no `ctx.auth` is run once per room and change by Convex and
 * shared by every member, where a per-login one re-runs for each of them on every join or leave
 * (access-matrix.test.ts says why this is open).
 */
export const list = query({
  args: { roomToken: v.string() },
  handler: async (ctx, { roomToken }) => {
    const people = await chatPresence.list(ctx, roomToken);
    return people.map(({ userId, online }) => ({ userId, online }));
  },
});

/**
 * One person's name and avatar as the room page shows them. A query per person, so it re-runs
 * only when that person's profile changes (never on joins and leaves), and is shared by every
 * room the reader has open. An id that names nobody gets the placeholder face.
 */
export const person = userQuery({
  args: { userId: v.string() },
  handler: async (ctx, { userId }) => {
    const id = ctx.db.normalizeId("users", userId);
    const face = id === null ? null : await publicUser(ctx, id);
    const name = face?.displayName ?? DELETED_USER_NAME;
    const image = face?.photoURL ?? null;
    return { userId, name, ...(image === null ? {} : { image }) };
  },
});

/**
 * Ends one tab's presence. Open to anyone on purpose: the hook also calls it from a tab that is
 * closing, by sendBeacon, which carries no login. The session token is the key: a random id only
 * the heartbeat's own (verified) caller received. `roomId` (which room the tab was in) asks for
 * the room's online count to be refreshed; a wrong one costs at most one re-count per few seconds.
 */
export const disconnect = mutation({
  args: { sessionToken: v.string(), roomId: v.optional(v.string()) },
  handler: async (ctx, { sessionToken, roomId }) => {
    await chatPresence.disconnect(ctx, sessionToken);
    const id = roomId === undefined ? null : ctx.db.normalizeId("chatRooms", roomId);
    if (id !== null && (await ctx.db.get(id)) !== null) await requestOnlineRefresh(ctx, id);
    return null;
  },
});

/** The scheduled re-count of a room's online people (lib/presence-online.ts); `dueAt` names which. */
export const refreshOnline = internalMutation({
  args: { roomId: v.id("chatRooms"), dueAt: v.number() },
  handler: async (ctx, { roomId, dueAt }) => {
    await refreshOnlineCount(ctx, roomId, dueAt);
    return null;
  },
});

/**
 * Who is typing in a room and until when, by the server's clock: the signals that last past
 * `since` (lib/typing.ts). The time is an argument, not Date.now() (a query is not re-run as time
 * passes, and a clock read would defeat its cache): the page sends its clock rounded down to the
 * half minute, less a margin, so the arguments stay the same for 30 s, and ages the signals out
 * itself (src/lib/typing-signals.ts). A query of its own, so a typing signal re-runs only this,
 * not the presence list or the rooms.
 */
export const typing = userQuery({
  args: { roomId: v.string(), since: v.number() },
  handler: async (ctx, { roomId, since }) => {
    if (!Number.isFinite(since)) throw new ConvexError(BAD_TYPING_SINCE);
    const id = ctx.db.normalizeId("chatRooms", roomId);
    if (id === null) return [];
    return await roomTypingSignals(ctx, id, since);
  },
});

/** The caller is typing (for TYPING_SIGNAL_MS) or stopped; shown to the room through `typing`. */
export const setTyping = userMutation({
  args: { roomId: v.id("chatRooms"), typing: v.boolean() },
  handler: async (ctx, { roomId, typing }) => {
    const room = await existingRoom(ctx, roomId);
    const rooms = await chatPresence.listUser(ctx, ctx.user._id, true);
    if (!rooms.some((entry) => entry.roomId === room._id)) throw new ConvexError(NOT_IN_ROOM);
    await setTypingSignal(ctx, { roomId: room._id }, ctx.user._id, typing);
    return null;
  },
});
