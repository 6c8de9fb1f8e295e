import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { BAD_PRESENCE_SESSION, NOT_IN_ROOM, NOT_YOURSELF } from "../../convex/chatPresence";
import { TYPING_SIGNAL_MS } from "../../convex/shared/typing-signal";
import { NOT_SIGNED_IN, NOT_VERIFIED } from "../../convex/lib/auth";
import { PRESENCE_TOO_FAST, TYPING_TOO_FAST } from "../../convex/lib/chat-limits";
import { CHAT_NOT_FOUND } from "../../convex/shared/chat-texts";
import { chatPresence } from "../../convex/lib/chats";
import { addRoom, joinRoom } from "./chat-fixtures";
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

describe("chatPresence.heartbeat and list", () => {
  test("people who joined are listed online with their name and avatar", async () => {
    const { ann, bob, roomId } = await scene();
    const { roomToken } = await joinRoom(ann.as, roomId, ann.userId);
    await joinRoom(bob.as, roomId, bob.userId);

    const people = await bob.as.query(api.chatPresence.list, { roomToken });
    expect(people).toHaveLength(2);
    expect(people).toEqual(
      expect.arrayContaining([
        { userId: ann.userId, online: true, lastDisconnected: 0, name: "Ann" },
        { userId: bob.userId, online: true, lastDisconnected: 0, name: "Bob", image: "/avatars/2.svg" },
      ]),
    );
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
    for (const interval of [0, 60_000, Number.NaN]) {
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
      expect(await joinRoom(bob.as, room, bob.userId, sessionId)).toEqual({ roomToken: "", sessionToken: "" });
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

  test("a tab that stops sending heartbeats is offline within 30 s", async () => {
    vi.useFakeTimers();
    const { t, ann, bob, roomId } = await scene();
    const { roomToken } = await joinRoom(ann.as, roomId, ann.userId);
    await joinRoom(bob.as, roomId, bob.userId);
    vi.advanceTimersByTime(20_000);
    await joinRoom(ann.as, roomId, ann.userId);
    // The component's disconnect worker wakes at Bob's deadline (25 s), not Ann's renewed one.
    for (let second = 0; second < 10; second++) {
      vi.advanceTimersByTime(1_000);
      await t.finishInProgressScheduledFunctions();
    }
    const people = await ann.as.query(api.chatPresence.list, { roomToken });
    expect(people.map((person) => [person.name, person.online])).toEqual([
      ["Ann", true],
      ["Bob", false],
    ]);
  });

  test("disconnect with the session token ends that tab's presence, without a login (the tab-close beacon)", async () => {
    const { t, ann, bob, roomId } = await scene();
    const { roomToken, sessionToken } = await joinRoom(bob.as, roomId, bob.userId);
    await t.mutation(api.chatPresence.disconnect, { sessionToken: "not-a-token" });
    expect((await ann.as.query(api.chatPresence.list, { roomToken }))[0]?.online).toBe(true);

    await t.mutation(api.chatPresence.disconnect, { sessionToken });
    expect((await ann.as.query(api.chatPresence.list, { roomToken }))[0]?.online).toBe(false);
  });
});

describe("chatPresence.setTyping", () => {
  test("shows the typer to the room until a few seconds pass or they stop", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-04T12:00:00Z") });
    const { ann, bob, roomId } = await scene();
    await joinRoom(ann.as, roomId, ann.userId);
    await joinRoom(bob.as, roomId, bob.userId);

    await ann.as.mutation(api.chatPresence.setTyping, { roomId, typing: true });
    expect(await bob.as.query(api.chatPresence.typing, { roomId })).toEqual([
      { userId: ann.userId, until: Date.now() + TYPING_SIGNAL_MS },
    ]);
    vi.advanceTimersByTime(TYPING_SIGNAL_MS);
    expect(await bob.as.query(api.chatPresence.typing, { roomId })).toEqual([]);

    await ann.as.mutation(api.chatPresence.setTyping, { roomId, typing: true });
    await ann.as.mutation(api.chatPresence.setTyping, { roomId, typing: false });
    expect(await bob.as.query(api.chatPresence.typing, { roomId })).toEqual([]);
    expect(await bob.as.query(api.chatPresence.typing, { roomId: "not-a-room" })).toEqual([]);
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
    expect((await ann.as.query(api.chatPresence.list, { roomToken }))[0]).not.toHaveProperty("data");
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
    expect(await bob.as.query(api.chatPresence.typing, { roomId })).toEqual([]);
  });
});
