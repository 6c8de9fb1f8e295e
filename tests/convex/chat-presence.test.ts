import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import {
  BAD_PRESENCE_SESSION,
  BAD_TYPING_SINCE,
  MAX_HEARTBEAT_INTERVAL_MS,
  NOT_IN_ROOM,
  NOT_YOURSELF,
} from "../../convex/chatPresence";
import { TYPING_SIGNAL_MS } from "../../convex/shared/typing-signal";
import { NOT_SIGNED_IN, NOT_VERIFIED } from "../../convex/lib/auth";
import { ONLINE_REFRESH_DELAY_MS, ONLINE_SWEEP_MS } from "../../convex/lib/presence-online";
import { PRESENCE_TOO_FAST, TYPING_TOO_FAST } from "../../convex/lib/chat-limits";
import { CHAT_NOT_FOUND } from "../../convex/shared/chat-texts";
import { chatPresence } from "../../convex/lib/chats";
import { addRoom, afterCountDelay, joinRoom } from "./chat-fixtures";
import { staffUser } from "./moderation-fixtures";
import { newBackend, signedInUser } from "./test-env";

afterEach(() => {
  vi.useRealTimers();
});

async function scene() {
  const t = newBackend();
  const ann = await signedInUser(t, { name: "Ann" });
  const bob = await signedInUser(t, { name: "Bob" });
  await t.run(async (ctx) => {
    const profile = await ctx.db
      .query("profiles")
      .withIndex("by_userId", (q) => q.eq("userId", bob.userId))
      .unique();
    await ctx.db.patch(profile!._id, { photoURL: "/avatars/2.svg" });
  });
  const roomId = await addRoom(ann.as);
  return { t, ann, bob, roomId };
}

/** Since for the typing query: long enough ago to list every signal of the test. */
const SINCE_LONG_AGO = 0;

describe("chatPresence.heartbeat and list", () => {
  test("people who joined are listed online by user id; names and avatars come per person", async () => {
    const { ann, bob, roomId } = await scene();
    const { roomToken } = await joinRoom(ann.as, roomId, ann.userId);
    await joinRoom(bob.as, roomId, bob.userId);

    const people = await bob.as.query(api.chatPresence.list, { roomToken });
    expect(people).toHaveLength(2);
    expect(people).toEqual(
      expect.arrayContaining([
        { userId: ann.userId, online: true },
        { userId: bob.userId, online: true },
      ]),
    );
    expect(await ann.as.query(api.chatPresence.person, { userId: ann.userId })).toEqual({
      userId: ann.userId,
      name: "Ann",
    });
    expect(await ann.as.query(api.chatPresence.person, { userId: bob.userId })).toEqual({
      userId: bob.userId,
      name: "Bob",
      image: "/avatars/2.svg",
    });
    expect(await ann.as.query(api.chatPresence.person, { userId: "nobody" })).toEqual({
      userId: "nobody",
      name: "Deleted user",
    });
  });

  test("the room's list reads no login: everyone with the token gets one and the same answer, Convex's to share", async () => {
    const { t, ann, bob, roomId } = await scene();
    const { roomToken } = await joinRoom(ann.as, roomId, ann.userId);
    await joinRoom(bob.as, roomId, bob.userId);
    const asAnn = await ann.as.query(api.chatPresence.list, { roomToken });
    // The same for Bob, and for a call without any login (which is how we know no login is read:
    // a query reading ctx.auth would answer per caller).
    expect(await bob.as.query(api.chatPresence.list, { roomToken })).toEqual(asAnn);
    expect(await t.query(api.chatPresence.list, { roomToken })).toEqual(asAnn);
    // Without the token (only heartbeats of verified people hand it out), nobody is listed.
    expect(await t.query(api.chatPresence.list, { roomToken: "guessed" })).toEqual([]);
  });

  test("a person's face is for verified readers only", async () => {
    const { t, ann } = await scene();
    await expect(t.query(api.chatPresence.person, { userId: ann.userId })).rejects.toThrow(NOT_SIGNED_IN);
    const unverified = await signedInUser(t, { verified: false });
    await expect(unverified.as.query(api.chatPresence.person, { userId: ann.userId })).rejects.toThrow(NOT_VERIFIED);
  });

  test("refuses a heartbeat for someone else's user id, and lists nobody for it", async () => {
    const { t, ann, bob, roomId } = await scene();
    await expect(joinRoom(bob.as, roomId, ann.userId)).rejects.toThrow(NOT_YOURSELF);
    await expect(joinRoom(bob.as, roomId, "nobody" as typeof ann.userId)).rejects.toThrow(NOT_YOURSELF);
    expect((await ann.as.query(api.chats.get, { roomId }))?.onlineCount).toBe(0);
    await expect(joinRoom(t, roomId, ann.userId)).rejects.toThrow(NOT_SIGNED_IN);
    const unverified = await signedInUser(t, { verified: false });
    await expect(joinRoom(unverified.as, roomId, unverified.userId)).rejects.toThrow(NOT_VERIFIED);
  });

  test("refuses a room that does not exist, and intervals that would keep a closed tab listed", async () => {
    const { ann, roomId } = await scene();
    await expect(
      ann.as.mutation(api.chatPresence.heartbeat, {
        roomId: "lobby",
        userId: ann.userId,
        sessionId: "s",
        interval: 10_000,
      }),
    ).rejects.toThrow(CHAT_NOT_FOUND);
    for (const interval of [0, MAX_HEARTBEAT_INTERVAL_MS + 1, Number.NaN]) {
      await expect(
        ann.as.mutation(api.chatPresence.heartbeat, { roomId, userId: ann.userId, sessionId: "s", interval }),
      ).rejects.toThrow(BAD_PRESENCE_SESSION);
    }
    await expect(
      ann.as.mutation(api.chatPresence.heartbeat, { roomId, userId: ann.userId, sessionId: "", interval: 10_000 }),
    ).rejects.toThrow(BAD_PRESENCE_SESSION);
  });

  test("a heartbeat after the room was deleted (by its creator or a moderator) answers without tokens and makes nobody present", async () => {
    const { t, ann, bob, roomId } = await scene();
    const otherRoomId = await addRoom(ann.as);
    const inRoom = await joinRoom(bob.as, roomId, bob.userId);
    await joinRoom(bob.as, otherRoomId, bob.userId);
    await ann.as.mutation(api.chats.remove, { roomId });
    const mod = await staffUser(t);
    await mod.as.mutation(api.moderation.remove, { target: { kind: "chatRoom", id: otherRoomId } });

    // The tab's next heartbeat (same session, or a fresh one) resolves with no session, which the
    // room page's hook takes as "nobody to list" until it hears the room is gone.
    for (const [room, sessionId] of [
      [roomId, undefined],
      [roomId, "fresh-tab"],
      [otherRoomId, undefined],
    ] as const) {
      expect(await joinRoom(bob.as, room, bob.userId, sessionId)).toEqual({
        roomToken: "",
        sessionToken: "",
        ticket: "",
      });
    }
    // Nobody is present in the deleted rooms, and the old room token lists nobody.
    expect(await t.run(async (ctx) => await chatPresence.listRoom(ctx, roomId))).toEqual([]);
    expect(await t.run(async (ctx) => await chatPresence.listRoom(ctx, otherRoomId))).toEqual([]);
    expect(await t.run(async (ctx) => await chatPresence.listUser(ctx, bob.userId))).toEqual([]);
    expect(await bob.as.query(api.chatPresence.list, { roomToken: inRoom.roomToken })).toEqual([]);
    // What the hook does with the empty tokens: the list with no token lists nobody, and ending
    // "no session" (the hook's cleanup when it was unmounted meanwhile) is harmless.
    expect(await bob.as.query(api.chatPresence.list, { roomToken: "" })).toEqual([]);
    await t.mutation(api.chatPresence.disconnect, { sessionToken: "" });
  });

  test("heartbeats for a deleted room still count against the allowance, and only from the caller as themself", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-04T08:00:00Z") });
    const { ann, bob, roomId } = await scene();
    await ann.as.mutation(api.chats.remove, { roomId });
    await expect(joinRoom(bob.as, roomId, ann.userId)).rejects.toThrow(NOT_YOURSELF);
    for (let beat = 0; beat < 20; beat++) await joinRoom(bob.as, roomId, bob.userId);
    await expect(joinRoom(bob.as, roomId, bob.userId)).rejects.toThrow(PRESENCE_TOO_FAST);
  });

  test("heartbeats are held to twenty at once, then two a second, per person: new sessions cannot be sprayed", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-04T08:00:00Z") });
    const { ann, bob, roomId } = await scene();
    for (let session = 0; session < 20; session++) await joinRoom(ann.as, roomId, ann.userId, `spray-${session}`);
    await expect(joinRoom(ann.as, roomId, ann.userId, "spray-20")).rejects.toThrow(PRESENCE_TOO_FAST);
    await joinRoom(bob.as, roomId, bob.userId);
    vi.advanceTimersByTime(1_000);
    await joinRoom(ann.as, roomId, ann.userId, "spray-20");
    await joinRoom(ann.as, roomId, ann.userId, "spray-21");
    await expect(joinRoom(ann.as, roomId, ann.userId, "spray-22")).rejects.toThrow(PRESENCE_TOO_FAST);
  });

  test("a dozen open room tabs, each heartbeating every 10 s and shown again now and then, are never refused", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-04T08:00:00Z") });
    const { ann, roomId } = await scene();
    const tabs = Array.from({ length: 12 }, (_, tab) => `tab-${tab}`);
    for (const tab of tabs) await joinRoom(ann.as, roomId, ann.userId, tab);
    for (let tick = 0; tick < 6; tick++) {
      // Each tab's next heartbeat, spread over the 10 s, and four times a tab shown again.
      for (const tab of tabs) {
        vi.advanceTimersByTime(10_000 / tabs.length);
        await joinRoom(ann.as, roomId, ann.userId, tab);
      }
      for (const tab of tabs.slice(0, 4)) await joinRoom(ann.as, roomId, ann.userId, tab);
    }
  });

  test("a shown tab that stops sending heartbeats is offline within 50 s, and the count follows within the sweep", async () => {
    vi.useFakeTimers();
    const { t, ann, bob, roomId } = await scene();
    const { roomToken, ticket } = await joinRoom(ann.as, roomId, ann.userId);
    await joinRoom(bob.as, roomId, bob.userId);
    await afterCountDelay(t);
    expect((await ann.as.query(api.chats.get, { roomId }))?.onlineCount).toBe(2);
    vi.advanceTimersByTime(30_000);
    await joinRoom(ann.as, roomId, ann.userId, undefined, { ticket });
    // The component's disconnect worker wakes at Bob's deadline (50 s), not Ann's renewed one.
    for (let second = 0; second < 20; second++) {
      vi.advanceTimersByTime(1_000);
      await t.finishInProgressScheduledFunctions();
    }
    const people = await ann.as.query(api.chatPresence.list, { roomToken });
    expect(people).toEqual([
      { userId: ann.userId, online: true },
      { userId: bob.userId, online: false },
    ]);
    // Nobody said Bob left: the sweep a minute after the last count (at 5 s) finds it.
    await afterCountDelay(t, 10_000);
    expect((await ann.as.query(api.chats.get, { roomId }))?.onlineCount).toBe(1);
  });

  test("a hidden tab's slow heartbeat (every 60 s) keeps its reader in the room", async () => {
    vi.useFakeTimers();
    const { t, ann, bob, roomId } = await scene();
    const hidden = { interval: MAX_HEARTBEAT_INTERVAL_MS };
    const { roomToken } = await joinRoom(ann.as, roomId, ann.userId, undefined, hidden);
    let { ticket } = await joinRoom(bob.as, roomId, bob.userId, undefined, hidden);
    for (let minute = 0; minute < 5; minute++) {
      for (let second = 0; second < 60; second += 5) {
        vi.advanceTimersByTime(5_000);
        await t.finishInProgressScheduledFunctions();
      }
      ({ ticket } = await joinRoom(bob.as, roomId, bob.userId, undefined, {
        interval: MAX_HEARTBEAT_INTERVAL_MS,
        ticket,
      }));
      await joinRoom(ann.as, roomId, ann.userId, undefined, hidden);
    }
    expect(await ann.as.query(api.chatPresence.list, { roomToken })).toEqual([
      { userId: ann.userId, online: true },
      { userId: bob.userId, online: true },
    ]);
  });

  test("disconnect with the session token ends that tab's presence, without a login (the tab-close beacon)", async () => {
    vi.useFakeTimers();
    const { t, ann, bob, roomId } = await scene();
    const { roomToken, sessionToken } = await joinRoom(bob.as, roomId, bob.userId);
    await afterCountDelay(t);
    await t.mutation(api.chatPresence.disconnect, { sessionToken: "not-a-token" });
    expect((await ann.as.query(api.chatPresence.list, { roomToken }))[0]?.online).toBe(true);

    await t.mutation(api.chatPresence.disconnect, { sessionToken, roomId });
    expect((await ann.as.query(api.chatPresence.list, { roomToken }))[0]?.online).toBe(false);
    // The room's count follows a few seconds later (the leave named the room).
    expect((await ann.as.query(api.chats.get, { roomId }))?.onlineCount).toBe(1);
    await afterCountDelay(t);
    expect((await ann.as.query(api.chats.get, { roomId }))?.onlineCount).toBe(0);
    // A room id that is none, or a deleted room's, is ignored.
    await t.mutation(api.chatPresence.disconnect, { sessionToken, roomId: "lobby" });
  });
});

describe("chatPresence.setTyping", () => {
  test("shows the typer to the room until a few seconds pass or they stop", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-04T12:00:00Z") });
    const { ann, bob, roomId } = await scene();
    await joinRoom(ann.as, roomId, ann.userId);
    await joinRoom(bob.as, roomId, bob.userId);

    await ann.as.mutation(api.chatPresence.setTyping, { roomId, typing: true });
    const signal = { userId: ann.userId, until: Date.now() + TYPING_SIGNAL_MS };
    const asked = { roomId, since: Date.now() - 60_000 };
    expect(await bob.as.query(api.chatPresence.typing, asked)).toEqual([signal]);
    // The query reads no clock: the same arguments give the same answer as time passes (so
    // Convex may cache it), and the page ages the signal out by its own clock (typing.ts).
    vi.advanceTimersByTime(TYPING_SIGNAL_MS);
    expect(await bob.as.query(api.chatPresence.typing, asked)).toEqual([signal]);
    // Asked from a later time, the lapsed signal is gone.
    expect(await bob.as.query(api.chatPresence.typing, { roomId, since: Date.now() })).toEqual([]);

    await ann.as.mutation(api.chatPresence.setTyping, { roomId, typing: true });
    await ann.as.mutation(api.chatPresence.setTyping, { roomId, typing: false });
    expect(await bob.as.query(api.chatPresence.typing, { roomId, since: SINCE_LONG_AGO })).toEqual([]);
    expect(await bob.as.query(api.chatPresence.typing, { roomId: "not-a-room", since: SINCE_LONG_AGO })).toEqual([]);
    await expect(bob.as.query(api.chatPresence.typing, { roomId, since: Number.NaN })).rejects.toThrow(
      BAD_TYPING_SINCE,
    );
  });

  test("a typing signal re-runs nobody's presence list or list of rooms", async () => {
    const { t, ann, roomId } = await scene();
    const { roomToken } = await joinRoom(ann.as, roomId, ann.userId);
    const before = await t.run(async (ctx) => ({
      presence: await chatPresence.list(ctx, roomToken),
      room: await ctx.db.get(roomId),
    }));
    await ann.as.mutation(api.chatPresence.setTyping, { roomId, typing: true });
    // What the room list and the presence list read is as it was: the signal is a row of its own.
    expect(
      await t.run(async (ctx) => ({
        presence: await chatPresence.list(ctx, roomToken),
        room: await ctx.db.get(roomId),
      })),
    ).toEqual(before);
    expect((await ann.as.query(api.chatPresence.list, { roomToken }))[0]).toEqual({ userId: ann.userId, online: true });
  });

  test("is refused from someone not in the room, and when sent far faster than the client does", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-04T12:00:00Z") });
    const { bob, roomId } = await scene();
    await expect(bob.as.mutation(api.chatPresence.setTyping, { roomId, typing: true })).rejects.toThrow(NOT_IN_ROOM);

    await joinRoom(bob.as, roomId, bob.userId);
    for (let i = 0; i < 5; i++) await bob.as.mutation(api.chatPresence.setTyping, { roomId, typing: true });
    await expect(bob.as.mutation(api.chatPresence.setTyping, { roomId, typing: true })).rejects.toThrow(
      TYPING_TOO_FAST,
    );
    vi.advanceTimersByTime(2_000);
    await bob.as.mutation(api.chatPresence.setTyping, { roomId, typing: true });
  });

  test("always takes a stop, even past the allowance, so nobody is left 'typing'", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-04T12:00:00Z") });
    const { bob, roomId } = await scene();
    await joinRoom(bob.as, roomId, bob.userId);
    for (let i = 0; i < 5; i++) await bob.as.mutation(api.chatPresence.setTyping, { roomId, typing: true });
    for (let i = 0; i < 5; i++) await bob.as.mutation(api.chatPresence.setTyping, { roomId, typing: false });
    expect(await bob.as.query(api.chatPresence.typing, { roomId, since: SINCE_LONG_AGO })).toEqual([]);
  });
});

describe("renewal tickets: steady heartbeats spend no allowance", () => {
  test("a heartbeat with the last answer's ticket is a renewal; without one, or with another session's, it takes from the allowance", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-04T08:00:00Z") });
    const { ann, bob, roomId } = await scene();
    let { ticket } = await joinRoom(ann.as, roomId, ann.userId, "tab");
    // Far more renewals than the allowance holds, all at once: none is refused.
    for (let beat = 0; beat < 40; beat++) ({ ticket } = await joinRoom(ann.as, roomId, ann.userId, "tab", { ticket }));
    // The ticket names its session, person and room: it renews nothing else.
    for (let session = 0; session < 19; session++)
      await joinRoom(ann.as, roomId, ann.userId, `other-${session}`, { ticket });
    await expect(joinRoom(ann.as, roomId, ann.userId, "one-more", { ticket })).rejects.toThrow(PRESENCE_TOO_FAST);
    await expect(joinRoom(bob.as, roomId, bob.userId, "bobs-tab", { ticket })).resolves.toMatchObject({
      roomToken: expect.any(String),
    });
    for (const forged of [
      "",
      "x",
      `${Date.now() + 60_000}.${"0".repeat(64)}`,
      ticket.replace(/^\d+/, String(Date.now() + 99_000)),
    ]) {
      await expect(joinRoom(ann.as, roomId, ann.userId, "tab", { ticket: forged })).rejects.toThrow(PRESENCE_TOO_FAST);
    }
    await joinRoom(ann.as, roomId, ann.userId, "tab", { ticket });
  });

  test("a ticket lapses before its session would time out: after a long sleep the heartbeat is a new session again", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-04T08:00:00Z") });
    const { ann, roomId } = await scene();
    const { ticket } = await joinRoom(ann.as, roomId, ann.userId, "tab");
    // 2 intervals of 20 s: the ticket has lapsed (the component drops the session at 50 s).
    vi.advanceTimersByTime(40_000);
    for (let session = 0; session < 20; session++) await joinRoom(ann.as, roomId, ann.userId, `other-${session}`);
    await expect(joinRoom(ann.as, roomId, ann.userId, "tab", { ticket })).rejects.toThrow(PRESENCE_TOO_FAST);
  });
});

describe("the online count on the list of rooms", () => {
  test("follows joins within a few seconds, with one re-count for a burst of them", async () => {
    vi.useFakeTimers();
    const { t, ann, bob, roomId } = await scene();
    await joinRoom(ann.as, roomId, ann.userId);
    await joinRoom(bob.as, roomId, bob.userId);
    await joinRoom(bob.as, roomId, bob.userId, "second-tab");
    expect((await ann.as.query(api.chats.get, { roomId }))?.onlineCount).toBe(0);
    const pending = await t.run(async (ctx) => await ctx.db.query("chatRoomOnlineRefresh").collect());
    expect(pending).toHaveLength(1);

    await afterCountDelay(t, ONLINE_REFRESH_DELAY_MS);
    expect((await ann.as.query(api.chats.get, { roomId }))?.onlineCount).toBe(2);
    expect(
      (await ann.as.query(api.chats.list, { paginationOpts: { numItems: 10, cursor: null } })).page[0]?.onlineCount,
    ).toBe(2);
  });

  test("is written at most once per few seconds, and only when it changed", async () => {
    vi.useFakeTimers();
    const { t, ann, bob, roomId } = await scene();
    const countRow = async () =>
      await t.run(async (ctx) =>
        ctx.db
          .query("chatRoomOnline")
          .withIndex("by_roomId", (q) => q.eq("roomId", roomId))
          .unique(),
      );
    const { ticket, sessionToken } = await joinRoom(ann.as, roomId, ann.userId);
    await afterCountDelay(t);
    const first = await countRow();
    expect(first?.count).toBe(1);

    // Renewals ask for no re-count: only the sweep of a minute after the count is pending.
    vi.advanceTimersByTime(10_000);
    await joinRoom(ann.as, roomId, ann.userId, undefined, { ticket });
    expect(await t.run(async (ctx) => await ctx.db.query("chatRoomOnlineRefresh").collect())).toMatchObject([
      { dueAt: first!.updatedAt + ONLINE_SWEEP_MS },
    ]);
    // A join, a leave and a join again inside one delay: one re-count, one write.
    await joinRoom(bob.as, roomId, bob.userId);
    vi.advanceTimersByTime(1_000);
    await ann.as.mutation(api.chatPresence.disconnect, { sessionToken, roomId });
    await joinRoom(ann.as, roomId, ann.userId, "new-tab");
    await afterCountDelay(t);
    expect((await countRow())?.count).toBe(2);
    const second = await countRow();
    expect(second!.updatedAt - first!.updatedAt).toBeGreaterThanOrEqual(ONLINE_REFRESH_DELAY_MS);
    // A re-count that finds the same number writes nothing.
    await t.mutation(api.chatPresence.disconnect, { sessionToken: "none", roomId });
    await afterCountDelay(t);
    expect(await countRow()).toEqual(second);
  });

  test("a deleted room's count rows go with its next re-count", async () => {
    vi.useFakeTimers();
    const { t, ann, roomId } = await scene();
    await joinRoom(ann.as, roomId, ann.userId);
    await afterCountDelay(t);
    await ann.as.mutation(api.chats.remove, { roomId });
    await afterCountDelay(t, ONLINE_SWEEP_MS);
    expect(await t.run(async (ctx) => await ctx.db.query("chatRoomOnline").collect())).toEqual([]);
    expect(await t.run(async (ctx) => await ctx.db.query("chatRoomOnlineRefresh").collect())).toEqual([]);
  });
});
