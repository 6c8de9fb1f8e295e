import { convexTest } from "convex-test";
import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import schema from "../../convex/schema";
import { NOT_SIGNED_IN, NOT_VERIFIED } from "../../convex/lib/auth";
import { CHAT_TOO_FAST } from "../../convex/lib/chat-limits";
import {
  CHAT_MESSAGE_NOT_FOUND,
  CHAT_MESSAGE_REQUIRED,
  CHAT_MESSAGE_TOO_LONG,
  CHAT_NOT_FOUND,
  NOT_YOUR_CHAT_MESSAGE,
} from "../../convex/shared/chat-texts";
import { addRoom, firstPage, seedHistory } from "./chat-fixtures";
import { registerComponents } from "./components";
import { modules, newBackend, signedInUser, type TestBackend } from "./test-env";

afterEach(() => {
  vi.useRealTimers();
});

async function scene() {
  const t = newBackend();
  const ann = await signedInUser(t, { name: "Ann" });
  const bob = await signedInUser(t, { name: "Bob" });
  const roomId = await addRoom(ann.as);
  return { t, ann, bob, roomId };
}

async function storedTexts(t: TestBackend, roomId: Id<"chatRooms">) {
  return await t.run(async (ctx) =>
    (
      await ctx.db
        .query("chatMessages")
        .withIndex("by_roomId", (q) => q.eq("roomId", roomId))
        .collect()
    ).map((message) => message.text),
  );
}

describe("chatMessages.send and list", () => {
  test("messages come newest first with their author, trimmed, and 'mine' only for the author", async () => {
    const { ann, bob, roomId } = await scene();
    await ann.as.mutation(api.chatMessages.send, { roomId, text: "  Hello 👋 \n" });
    const reply = await bob.as.mutation(api.chatMessages.send, { roomId, text: "Hi Ann" });

    const { page, isDone } = await ann.as.query(api.chatMessages.list, { roomId, paginationOpts: firstPage });
    expect(isDone).toBe(true);
    expect(page.map((message) => [message.text, message.author.displayName, message.isMine])).toEqual([
      ["Hi Ann", "Bob", false],
      ["Hello 👋", "Ann", true],
    ]);
    expect(page[0]).toMatchObject({
      _id: reply,
      _creationTime: expect.any(Number),
      author: { _id: bob.userId, displayName: "Bob", avatarUrl: null },
    });
  });

  test("blank, whitespace-only and oversized texts are refused and store nothing", async () => {
    const { t, ann, roomId } = await scene();
    await expect(ann.as.mutation(api.chatMessages.send, { roomId, text: "" })).rejects.toThrow(CHAT_MESSAGE_REQUIRED);
    await expect(ann.as.mutation(api.chatMessages.send, { roomId, text: " \n\t " })).rejects.toThrow(
      CHAT_MESSAGE_REQUIRED,
    );
    await expect(ann.as.mutation(api.chatMessages.send, { roomId, text: "x".repeat(2001) })).rejects.toThrow(
      CHAT_MESSAGE_TOO_LONG,
    );
    expect(await storedTexts(t, roomId)).toEqual([]);
    await ann.as.mutation(api.chatMessages.send, { roomId, text: "x".repeat(2000) });
    expect(await storedTexts(t, roomId)).toHaveLength(1);
  });

  test("a deleted room takes no messages, and lists an empty, finished page", async () => {
    const { ann, bob, roomId } = await scene();
    await bob.as.mutation(api.chatMessages.send, { roomId, text: "Before" });
    await ann.as.mutation(api.chats.remove, { roomId });
    await expect(bob.as.mutation(api.chatMessages.send, { roomId, text: "After" })).rejects.toThrow(CHAT_NOT_FOUND);
    expect(await bob.as.query(api.chatMessages.list, { roomId, paginationOpts: firstPage })).toMatchObject({
      page: [],
      isDone: true,
    });
  });

  test("anonymous and unverified callers can neither read nor send", async () => {
    const { t, roomId } = await scene();
    const unverified = await signedInUser(t, { verified: false });
    await expect(t.query(api.chatMessages.list, { roomId, paginationOpts: firstPage })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(t.mutation(api.chatMessages.send, { roomId, text: "Hi" })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.mutation(api.chatMessages.send, { roomId, text: "Hi" })).rejects.toThrow(NOT_VERIFIED);
    expect(await storedTexts(t, roomId)).toEqual([]);
  });

  test("loads older messages a page at a time, reading O(page) documents however long the history", async () => {
    const pageSize = 20;
    const t = registerComponents(convexTest({ schema, modules, transactionLimits: { documentsRead: pageSize + 10 } }));
    const ann = await signedInUser(t);
    const roomId = await addRoom(ann.as);
    await seedHistory(t, roomId, ann.userId, 1000);
    const newest = await ann.as.query(api.chatMessages.list, {
      roomId,
      paginationOpts: { numItems: pageSize, cursor: null },
    });
    const older = await ann.as.query(api.chatMessages.list, {
      roomId,
      paginationOpts: { numItems: pageSize, cursor: newest.continueCursor },
    });
    expect(newest.page[0]?.text).toBe("Message 999");
    expect(older.page.map((message) => message.text)).toEqual(
      Array.from({ length: pageSize }, (_, i) => `Message ${979 - i}`),
    );
    // Asking for more than 50 at once still gets one page of 50.
    const all = await newBackend();
    const carl = await signedInUser(all);
    const big = await addRoom(carl.as);
    await seedHistory(all, big, carl.userId, 60);
    const capped = await carl.as.query(api.chatMessages.list, {
      roomId: big,
      paginationOpts: { numItems: 500, cursor: null },
    });
    expect(capped.page).toHaveLength(50);
  });
});

describe("flood control", () => {
  test("the 11th message within 10 s in one room is refused with how long to wait, and stores nothing", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-04T12:00:00Z") });
    const { t, ann, bob, roomId } = await scene();
    for (let i = 0; i < 10; i++) await ann.as.mutation(api.chatMessages.send, { roomId, text: `m${i}` });

    const refusal = ann.as.mutation(api.chatMessages.send, { roomId, text: "one too many" });
    await expect(refusal).rejects.toThrow(CHAT_TOO_FAST);
    await expect(refusal).rejects.toThrow(/You can send again in 1 s\./);
    expect(await storedTexts(t, roomId)).toHaveLength(10);

    // The allowance is per person and per room.
    await bob.as.mutation(api.chatMessages.send, { roomId, text: "Bob is fine" });
    await ann.as.mutation(api.chatMessages.send, {
      roomId: await addRoom(ann.as, { name: "Other" }),
      text: "here too",
    });

    // One more message for each second waited.
    vi.advanceTimersByTime(1_000);
    await ann.as.mutation(api.chatMessages.send, { roomId, text: "after a second" });
    await expect(ann.as.mutation(api.chatMessages.send, { roomId, text: "again" })).rejects.toThrow(CHAT_TOO_FAST);
  });

  test("a message refused for its text does not use up the allowance", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-04T12:00:00Z") });
    const { ann, roomId } = await scene();
    for (let i = 0; i < 5; i++) {
      await expect(ann.as.mutation(api.chatMessages.send, { roomId, text: " " })).rejects.toThrow(
        CHAT_MESSAGE_REQUIRED,
      );
    }
    for (let i = 0; i < 10; i++) await ann.as.mutation(api.chatMessages.send, { roomId, text: `m${i}` });
  });
});

describe("chatMessages.remove", () => {
  test("the author deletes their message; anyone else is refused and it stays", async () => {
    const { t, ann, bob, roomId } = await scene();
    const mine = await bob.as.mutation(api.chatMessages.send, { roomId, text: "Bob's" });
    await expect(ann.as.mutation(api.chatMessages.remove, { messageId: mine })).rejects.toThrow(NOT_YOUR_CHAT_MESSAGE);
    expect(await storedTexts(t, roomId)).toEqual(["Bob's"]);

    await bob.as.mutation(api.chatMessages.remove, { messageId: mine });
    expect(await storedTexts(t, roomId)).toEqual([]);
    await expect(bob.as.mutation(api.chatMessages.remove, { messageId: mine })).rejects.toThrow(CHAT_MESSAGE_NOT_FOUND);
  });
});
