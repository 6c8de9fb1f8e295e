/**
 * Read state in conversations (issue 32): typing and "Seen" in private messages, how far each
 * person read each chat room (/chats "New" marks, the room's "New" divider), and their clean-up.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { BAD_READ_UP_TO } from "../../convex/chatRoomReads";
import { TYPING_TOO_FAST } from "../../convex/lib/chat-limits";
import { NOT_A_PARTICIPANT } from "../../convex/lib/conversations";
import { CHAT_NOT_FOUND } from "../../convex/shared/chat-texts";
import { TYPING_SIGNAL_MS } from "../../convex/shared/typing-signal";
import { useAuthEnvironment } from "./auth-env";
import { backendWithComponents, holdersOf, runScheduled } from "./account-deletion-kit";
import { addRoom, seedHistory } from "./chat-fixtures";
import { conversationWith, messageTime } from "./conversation-fixtures";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

const START = new Date("2026-03-04T08:00:00Z");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: START });
});

afterEach(() => {
  vi.useRealTimers();
});

async function threePeople(t: TestBackend) {
  return {
    alice: await signedInUser(t, { name: "Alice" }),
    bob: await signedInUser(t, { name: "Bob" }),
    carol: await signedInUser(t, { name: "Carol" }),
  };
}

async function readRows(t: TestBackend) {
  return await t.run((ctx) => ctx.db.query("chatRoomReads").collect());
}

async function roomMessageTimes(t: TestBackend, roomId: Id<"chatRooms">): Promise<number[]> {
  return await t.run(async (ctx) =>
    (
      await ctx.db
        .query("chatMessages")
        .withIndex("by_roomId", (q) => q.eq("roomId", roomId))
        .collect()
    ).map((message) => message._creationTime),
  );
}

describe("typing in private messages", () => {
  test("the other participant sees the signal until it lapses; a stop takes it away; one's own is not listed", async () => {
    const t = newBackend();
    const { alice, bob } = await threePeople(t);
    const conversationId = await conversationWith(alice, bob, "Hi Bob");

    expect(await alice.as.query(api.conversations.typing, { conversationId })).toEqual([]);
    await bob.as.mutation(api.conversations.setTyping, { conversationId, typing: true });
    expect(await alice.as.query(api.conversations.typing, { conversationId })).toEqual([
      { userId: bob.userId, until: START.getTime() + TYPING_SIGNAL_MS },
    ]);
    // Bob reads only Alice's row: his own signal is not his to see.
    expect(await bob.as.query(api.conversations.typing, { conversationId })).toEqual([]);

    // Renewed while he types: the window moves on from the latest signal.
    vi.advanceTimersByTime(2_000);
    await bob.as.mutation(api.conversations.setTyping, { conversationId, typing: true });
    expect(await alice.as.query(api.conversations.typing, { conversationId })).toEqual([
      { userId: bob.userId, until: START.getTime() + 2_000 + TYPING_SIGNAL_MS },
    ]);

    await bob.as.mutation(api.conversations.setTyping, { conversationId, typing: false });
    expect(await alice.as.query(api.conversations.typing, { conversationId })).toEqual([]);
    expect(await t.run((ctx) => ctx.db.query("conversationTyping").collect())).toEqual([]);
    // A stop with nothing to stop is fine.
    await bob.as.mutation(api.conversations.setTyping, { conversationId, typing: false });
  });

  test("only the two participants may signal or read, and rooms' typing is not theirs", async () => {
    const t = newBackend();
    const { alice, bob, carol } = await threePeople(t);
    const conversationId = await conversationWith(alice, bob, "Hi Bob");
    await expect(carol.as.mutation(api.conversations.setTyping, { conversationId, typing: true })).rejects.toThrow(
      NOT_A_PARTICIPANT,
    );
    await expect(carol.as.query(api.conversations.typing, { conversationId })).rejects.toThrow(NOT_A_PARTICIPANT);
    expect(await t.run((ctx) => ctx.db.query("conversationTyping").collect())).toEqual([]);

    // A room's typing query never lists a conversation's signal, nor the other way round.
    await bob.as.mutation(api.conversations.setTyping, { conversationId, typing: true });
    const roomId = await addRoom(alice.as);
    expect(await alice.as.query(api.chatPresence.typing, { roomId, since: 0 })).toEqual([]);
  });

  test("signals are flood-limited per person and conversation; a stop always gets through", async () => {
    const t = newBackend();
    const { alice, bob } = await threePeople(t);
    const conversationId = await conversationWith(alice, bob, "Hi Bob");
    const outcomes: string[] = [];
    for (let i = 0; i < 8; i++) {
      outcomes.push(
        await bob.as.mutation(api.conversations.setTyping, { conversationId, typing: true }).then(
          () => "ok",
          (error: Error) => error.message,
        ),
      );
    }
    expect(outcomes.filter((outcome) => outcome === "ok").length).toBeGreaterThan(0);
    expect(outcomes.at(-1)).toContain(TYPING_TOO_FAST);
    await bob.as.mutation(api.conversations.setTyping, { conversationId, typing: false });
    expect(await alice.as.query(api.conversations.typing, { conversationId })).toEqual([]);
  });
});

describe("Seen in private messages", () => {
  test("the other person's readUpTo follows their reading, live, and only participants may ask", async () => {
    const t = newBackend();
    const { alice, bob, carol } = await threePeople(t);
    const conversationId = await conversationWith(alice, bob);
    // Bob has not opened it: nothing of Alice's is seen.
    expect(await alice.as.query(api.conversations.otherReadUpTo, { conversationId })).toBe(0);

    vi.advanceTimersByTime(1_000);
    const first = await alice.as.mutation(api.messages.send, { conversationId, text: "Hi Bob" });
    vi.advanceTimersByTime(1_000);
    const second = await alice.as.mutation(api.messages.send, { conversationId, text: "Are you there?" });
    expect(await alice.as.query(api.conversations.otherReadUpTo, { conversationId })).toBe(0);

    await bob.as.mutation(api.conversations.markRead, { conversationId });
    expect(await alice.as.query(api.conversations.otherReadUpTo, { conversationId })).toBe(
      await messageTime(t, second),
    );
    expect(await messageTime(t, first)).toBeLessThan(await messageTime(t, second));

    // Bob's view is Alice's reading: she has read up to her own newest message (sending reads).
    expect(await bob.as.query(api.conversations.otherReadUpTo, { conversationId })).toBe(await messageTime(t, second));
    await expect(carol.as.query(api.conversations.otherReadUpTo, { conversationId })).rejects.toThrow(
      NOT_A_PARTICIPANT,
    );
  });
});

describe("how far someone read a room", () => {
  test("markRead clamps to the newest message at or before the claim and never moves back", async () => {
    const t = newBackend();
    const { alice, bob } = await threePeople(t);
    const roomId = await addRoom(bob.as);
    await seedHistory(t, roomId, bob.userId, 3);
    const [m0, m1, m2] = await roomMessageTimes(t, roomId);

    // A claim from the future lands on the newest message.
    await alice.as.mutation(api.chatRoomReads.markRead, { roomId, readUpTo: m2! + 60_000 });
    expect((await readRows(t)).map((row) => row.readUpTo)).toEqual([m2]);

    // Never back, whatever is claimed.
    await alice.as.mutation(api.chatRoomReads.markRead, { roomId, readUpTo: m0! });
    expect((await readRows(t)).map((row) => row.readUpTo)).toEqual([m2]);
    expect(m1).toBeLessThanOrEqual(m2!);

    // A claim between messages lands on the one before it.
    const carol = await signedInUser(t, { name: "Carol" });
    await carol.as.mutation(api.chatRoomReads.markRead, { roomId, readUpTo: m0! });
    const carolRow = (await readRows(t)).find((row) => row.userId === carol.userId);
    expect(carolRow?.readUpTo).toBe(m0);
  });

  test("an empty room opened is read up to its start; bad input and deleted rooms change nothing", async () => {
    const t = newBackend();
    const { alice, bob } = await threePeople(t);
    const roomId = await addRoom(bob.as);
    const roomStart = await t.run(async (ctx) => (await ctx.db.get(roomId))!._creationTime);
    await alice.as.mutation(api.chatRoomReads.markRead, { roomId, readUpTo: Date.now() });
    expect((await readRows(t)).map((row) => row.readUpTo)).toEqual([roomStart]);

    await expect(alice.as.mutation(api.chatRoomReads.markRead, { roomId, readUpTo: Number.NaN })).rejects.toThrow(
      BAD_READ_UP_TO,
    );
    await bob.as.mutation(api.chats.remove, { roomId });
    await expect(alice.as.mutation(api.chatRoomReads.markRead, { roomId, readUpTo: Date.now() })).rejects.toThrow(
      CHAT_NOT_FOUND,
    );
    expect(await readRows(t)).toEqual([]);
  });
});

describe("/chats unread marks", () => {
  test("a room never opened is not marked; one read to the end is not; a message after the mark is", async () => {
    const t = newBackend();
    const { alice, bob } = await threePeople(t);
    const roomId = await addRoom(bob.as);
    await bob.as.mutation(api.chatMessages.send, { roomId, text: "First" });
    expect(await alice.as.query(api.chatRoomReads.unreadFrom, { roomId })).toBeNull();

    const [first] = await roomMessageTimes(t, roomId);
    await alice.as.mutation(api.chatRoomReads.markRead, { roomId, readUpTo: first! });
    expect(await alice.as.query(api.chatRoomReads.unreadFrom, { roomId })).toBeNull();

    vi.advanceTimersByTime(1_000);
    await bob.as.mutation(api.chatMessages.send, { roomId, text: "Second" });
    // Unread from her mark: the room opens at the first message after it.
    expect(await alice.as.query(api.chatRoomReads.unreadFrom, { roomId })).toBe(first);
    // Bob never opened the room's page: no mark for him.
    expect(await bob.as.query(api.chatRoomReads.unreadFrom, { roomId })).toBeNull();

    const times = await roomMessageTimes(t, roomId);
    await alice.as.mutation(api.chatRoomReads.markRead, { roomId, readUpTo: times.at(-1)! });
    expect(await alice.as.query(api.chatRoomReads.unreadFrom, { roomId })).toBeNull();
  });

  test("a message within the minute the room's lastMessageAt does not move still marks the room", async () => {
    const t = newBackend();
    const { alice, bob } = await threePeople(t);
    const roomId = await addRoom(bob.as);
    await bob.as.mutation(api.chatMessages.send, { roomId, text: "One" });
    const [one] = await roomMessageTimes(t, roomId);
    await alice.as.mutation(api.chatRoomReads.markRead, { roomId, readUpTo: one! });
    const lastMessageAt = await t.run(async (ctx) => (await ctx.db.get(roomId))!.lastMessageAt);

    vi.advanceTimersByTime(5_000);
    await bob.as.mutation(api.chatMessages.send, { roomId, text: "Two, five seconds later" });
    // The room document did not move (once a minute at most), yet Alice's mark sees the message.
    expect(await t.run(async (ctx) => (await ctx.db.get(roomId))!.lastMessageAt)).toBe(lastMessageAt);
    expect(await alice.as.query(api.chatRoomReads.unreadFrom, { roomId })).toBe(one);
  });

  test("anyone signed in may ask about any room; a deleted room's marks go with it", async () => {
    const t = newBackend();
    const { alice, bob, carol } = await threePeople(t);
    const roomId = await addRoom(bob.as);
    await seedHistory(t, roomId, bob.userId, 2);
    const [m0] = await roomMessageTimes(t, roomId);
    await alice.as.mutation(api.chatRoomReads.markRead, { roomId, readUpTo: m0! });
    await carol.as.mutation(api.chatRoomReads.markRead, { roomId, readUpTo: m0! });
    expect(await readRows(t)).toHaveLength(2);
    await bob.as.mutation(api.chats.remove, { roomId });
    expect(await readRows(t)).toEqual([]);
    expect(await alice.as.query(api.chatRoomReads.unreadFrom, { roomId })).toBeNull();
  });
});

describe("deleting an account", () => {
  beforeEach(async () => {
    vi.useRealTimers();
    await useAuthEnvironment();
    vi.useFakeTimers();
  });

  test("takes the person's room marks, typing signals and typing allowances, and no one else's", async () => {
    const { t, components } = backendWithComponents();
    const gina = await signedInUser(t, { name: "Gina" });
    const bob = await signedInUser(t, { name: "Bob" });
    const roomId = await addRoom(bob.as);
    await seedHistory(t, roomId, bob.userId, 1);
    await gina.as.mutation(api.chatRoomReads.markRead, { roomId, readUpTo: Date.now() });
    await bob.as.mutation(api.chatRoomReads.markRead, { roomId, readUpTo: Date.now() });
    const conversationId = await conversationWith(bob, gina, "Hi Gina");
    await gina.as.mutation(api.conversations.markRead, { conversationId });
    await gina.as.mutation(api.conversations.setTyping, { conversationId, typing: true });
    await bob.as.mutation(api.conversations.setTyping, { conversationId, typing: true });

    await gina.as.action(api.accountDeletion.deleteMyAccount, { confirmation: "DELETE" });
    await runScheduled(t);

    const mine = /chatRoomReads|conversationTyping|rateLimiter/;
    expect((await holdersOf(t, components, gina.userId)).filter((holder) => mine.test(holder))).toEqual([]);
    expect((await readRows(t)).map((row) => row.userId)).toEqual([bob.userId]);
    const typing = await t.run((ctx) => ctx.db.query("conversationTyping").collect());
    expect(typing.map((row) => row.userId)).toEqual([bob.userId]);
  });
});
