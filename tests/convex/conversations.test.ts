import { convexTest } from "convex-test";
import { describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import schema from "../../convex/schema";
import { conversationWith, deletedConversationId, memberRowOf, messageTime } from "./conversation-fixtures";
import { registerComponents } from "./components";
import { modules, newBackend, signedInUser } from "./test-env";

const NOT_SIGNED_IN = /logged in/;
const NOT_VERIFIED = /verify your email/;
const NOT_PARTICIPANT = "You are not authorized to access this conversation.";
const NOT_FOUND = "Conversation not found.";
const firstPage = { numItems: 20, cursor: null };

describe("conversations:list", () => {
  test("shows the other person, the last message with who wrote it, and the unread count", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const bob = await signedInUser(t, { name: "Bob" });
    await conversationWith(ann, bob, "Hi Bob", "Got the book?");

    const { page: bobs } = await bob.as.query(api.conversations.list, { paginationOpts: firstPage });
    expect(bobs).toHaveLength(1);
    expect(bobs[0]).toMatchObject({
      other: { userId: ann.userId, displayName: "Ann" },
      lastMessage: { text: "Got the book?", fromMe: false },
      unreadCount: 2,
    });
    const { page: anns } = await ann.as.query(api.conversations.list, { paginationOpts: firstPage });
    expect(anns[0]).toMatchObject({
      other: { displayName: "Bob" },
      lastMessage: { text: "Got the book?", fromMe: true },
      unreadCount: 0,
    });
    expect(JSON.stringify([bobs, anns])).not.toContain("@example.com");
  });

  test("puts the conversation with the newest message first", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const bob = await signedInUser(t, { name: "Bob" });
    const cat = await signedInUser(t, { name: "Cat" });
    const withBob = await conversationWith(ann, bob, "first");
    await conversationWith(ann, cat, "second");
    const names = async () =>
      (await ann.as.query(api.conversations.list, { paginationOpts: firstPage })).page.map(
        (row) => row.other.displayName,
      );
    expect(await names()).toEqual(["Cat", "Bob"]);
    await bob.as.mutation(api.messages.send, { conversationId: withBob, text: "reply" });
    expect(await names()).toEqual(["Bob", "Cat"]);
  });

  test("a conversation someone only opened stays out of the other person's list until a message arrives", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const conversationId = await conversationWith(ann, bob);
    const [annRow] = (await ann.as.query(api.conversations.list, { paginationOpts: firstPage })).page;
    expect(annRow).toMatchObject({ conversationId, lastMessage: null, unreadCount: 0 });
    expect((await bob.as.query(api.conversations.list, { paginationOpts: firstPage })).page).toEqual([]);
    await ann.as.mutation(api.messages.send, { conversationId, text: "Hello" });
    expect((await bob.as.query(api.conversations.list, { paginationOpts: firstPage })).page).toHaveLength(1);
  });

  test("deleting the newest message puts the conversation back where the message before left it", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const bob = await signedInUser(t, { name: "Bob" });
    const cat = await signedInUser(t, { name: "Cat" });
    const withAnn = await conversationWith(ann, bob);
    const old = await ann.as.mutation(api.messages.send, { conversationId: withAnn, text: "old" });
    await conversationWith(cat, bob, "hi from Cat");
    const oops = await ann.as.mutation(api.messages.send, { conversationId: withAnn, text: "oops" });
    const bobsList = async () => (await bob.as.query(api.conversations.list, { paginationOpts: firstPage })).page;
    expect((await bobsList()).map((row) => row.other.displayName)).toEqual(["Ann", "Cat"]);

    await ann.as.mutation(api.messages.remove, { messageId: oops });
    const [first, second] = await bobsList();
    expect([first?.other.displayName, second?.other.displayName]).toEqual(["Cat", "Ann"]);
    expect(second).toMatchObject({
      lastMessage: { text: "old", fromMe: false },
      lastMessageAt: await messageTime(t, old),
      unreadCount: 1,
    });
  });

  test("a conversation whose only message was deleted leaves the list of the person who never opened it", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const conversationId = await conversationWith(ann, bob);
    const messageId = await ann.as.mutation(api.messages.send, { conversationId, text: "Hello" });
    await ann.as.mutation(api.messages.remove, { messageId });

    expect((await bob.as.query(api.conversations.list, { paginationOpts: firstPage })).page).toEqual([]);
    expect(await bob.as.query(api.conversations.unreadTotal, {})).toBe(0);
    const { page: anns } = await ann.as.query(api.conversations.list, { paginationOpts: firstPage });
    expect(anns).toEqual([expect.objectContaining({ conversationId, lastMessage: null, unreadCount: 0 })]);
  });

  test("a conversation whose only message was deleted stays in the list of someone who had opened it", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const cat = await signedInUser(t);
    // Bob pressed Message too before anything was written; Cat opened the page of Ann's message.
    const withBob = await conversationWith(ann, bob);
    await conversationWith(bob, ann);
    const withCat = await conversationWith(ann, cat);
    for (const [conversationId, reader] of [
      [withBob, bob],
      [withCat, cat],
    ] as const) {
      const messageId = await ann.as.mutation(api.messages.send, { conversationId, text: "Hello" });
      if (reader === cat) await cat.as.mutation(api.conversations.markRead, { conversationId });
      await ann.as.mutation(api.messages.remove, { messageId });
      const { page } = await reader.as.query(api.conversations.list, { paginationOpts: firstPage });
      expect(page).toEqual([expect.objectContaining({ conversationId, lastMessage: null, unreadCount: 0 })]);
    }
  });

  test("pages through many conversations, reading O(page) documents", async () => {
    // Per row: the member row, the conversation and the other person's profile; plus the caller.
    const pageSize = 10;
    const t = registerComponents(
      convexTest({ schema, modules, transactionLimits: { documentsRead: 3 * pageSize + 5 } }),
    );
    const ann = await signedInUser(t, { name: "Ann" });
    // A second apart: Ann's messages come out of her allowance (twenty at once, then one a second).
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-04T08:00:00Z") });
    for (let i = 0; i < 25; i++) {
      await conversationWith(ann, await signedInUser(t, { name: `Friend ${i}` }), `hello ${i}`);
      vi.advanceTimersByTime(1000);
    }
    vi.useRealTimers();
    const first = await ann.as.query(api.conversations.list, { paginationOpts: { numItems: pageSize, cursor: null } });
    const second = await ann.as.query(api.conversations.list, {
      paginationOpts: { numItems: pageSize, cursor: first.continueCursor },
    });
    expect(first.page.map((row) => row.other.displayName)[0]).toBe("Friend 24");
    expect(second.page.map((row) => row.other.displayName)).toEqual(
      Array.from({ length: pageSize }, (_, i) => `Friend ${14 - i}`),
    );
  });

  test("rejects anonymous and unverified callers", async () => {
    const t = newBackend();
    const unverified = await signedInUser(t, { verified: false });
    await expect(t.query(api.conversations.list, { paginationOpts: firstPage })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.query(api.conversations.list, { paginationOpts: firstPage })).rejects.toThrow(
      NOT_VERIFIED,
    );
  });
});

describe("conversations:get", () => {
  test("gives a participant the other person and their unread count", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const bob = await signedInUser(t, { name: "Bob" });
    const conversationId = await conversationWith(ann, bob, "Hi");
    expect(await bob.as.query(api.conversations.get, { conversationId })).toMatchObject({
      _id: conversationId,
      other: { userId: ann.userId, displayName: "Ann" },
      unreadCount: 1,
    });
  });

  test("refuses anyone who is not one of the two", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const cat = await signedInUser(t);
    const conversationId = await conversationWith(ann, bob, "Private");
    await expect(cat.as.query(api.conversations.get, { conversationId })).rejects.toThrow(NOT_PARTICIPANT);
  });

  test("a missing or malformed id is 'Conversation not found.'", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    await expect(ann.as.query(api.conversations.get, { conversationId: "not-an-id" })).rejects.toThrow(NOT_FOUND);
    await expect(
      ann.as.query(api.conversations.get, { conversationId: await deletedConversationId(t) }),
    ).rejects.toThrow(NOT_FOUND);
  });

  test("rejects anonymous and unverified callers", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const unverified = await signedInUser(t, { verified: false });
    const conversationId = await conversationWith(ann, bob);
    await expect(t.query(api.conversations.get, { conversationId })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.query(api.conversations.get, { conversationId })).rejects.toThrow(NOT_VERIFIED);
  });
});

describe("unread counts", () => {
  test("follow sends and reads, per conversation and in total", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const cat = await signedInUser(t);
    const fromAnn = await conversationWith(ann, bob, "one", "two");
    const fromCat = await conversationWith(cat, bob, "three");
    expect(await bob.as.query(api.conversations.unreadTotal, {})).toBe(3);
    expect(await ann.as.query(api.conversations.unreadTotal, {})).toBe(0);

    await bob.as.mutation(api.conversations.markRead, { conversationId: fromAnn });
    expect(await bob.as.query(api.conversations.unreadTotal, {})).toBe(1);
    expect((await bob.as.query(api.conversations.get, { conversationId: fromAnn })).unreadCount).toBe(0);

    await ann.as.mutation(api.messages.send, { conversationId: fromAnn, text: "four" });
    expect(await bob.as.query(api.conversations.unreadTotal, {})).toBe(2);

    // Answering a conversation means its messages have been read.
    await bob.as.mutation(api.messages.send, { conversationId: fromCat, text: "hi Cat" });
    expect(await bob.as.query(api.conversations.unreadTotal, {})).toBe(1);
    expect(await cat.as.query(api.conversations.unreadTotal, {})).toBe(1);
  });

  test("the total stops at 100 (the top bar shows 99+)", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const conversationId = await conversationWith(ann, bob);
    await t.run(async (ctx) => {
      const row = await ctx.db
        .query("conversationMembers")
        .withIndex("by_conversationId_and_userId", (q) =>
          q.eq("conversationId", conversationId).eq("userId", bob.userId),
        )
        .unique();
      await ctx.db.patch(row!._id, { unreadCount: 250 });
    });
    expect(await bob.as.query(api.conversations.unreadTotal, {})).toBe(100);
  });

  test("unreadTotal rejects anonymous and unverified callers", async () => {
    const t = newBackend();
    const unverified = await signedInUser(t, { verified: false });
    await expect(t.query(api.conversations.unreadTotal, {})).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.query(api.conversations.unreadTotal, {})).rejects.toThrow(NOT_VERIFIED);
  });
});

describe("conversations:markRead", () => {
  test("touches only the reader's own row", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const conversationId = await conversationWith(ann, bob, "Hi");
    await bob.as.mutation(api.messages.send, { conversationId, text: "Hello" });
    const annBefore = await memberRowOf(t, conversationId, ann.userId);
    expect(annBefore?.unreadCount).toBe(1);

    await bob.as.mutation(api.conversations.markRead, { conversationId });
    expect(await memberRowOf(t, conversationId, ann.userId)).toEqual(annBefore);
    expect((await memberRowOf(t, conversationId, bob.userId))?.unreadCount).toBe(0);
  });

  test("opening a conversation someone started puts it in the opener's list", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const conversationId = await conversationWith(ann, bob);
    await bob.as.mutation(api.conversations.markRead, { conversationId });
    const { page } = await bob.as.query(api.conversations.list, { paginationOpts: firstPage });
    expect(page.map((row) => row.conversationId)).toEqual([conversationId]);
  });

  test("refuses non-participants, missing ids, anonymous and unverified callers", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const cat = await signedInUser(t);
    const unverified = await signedInUser(t, { verified: false });
    const conversationId = await conversationWith(ann, bob, "Hi");
    await expect(cat.as.mutation(api.conversations.markRead, { conversationId })).rejects.toThrow(NOT_PARTICIPANT);
    await expect(ann.as.mutation(api.conversations.markRead, { conversationId: "nope" })).rejects.toThrow(NOT_FOUND);
    await expect(t.mutation(api.conversations.markRead, { conversationId })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.mutation(api.conversations.markRead, { conversationId })).rejects.toThrow(NOT_VERIFIED);
    expect((await memberRowOf(t, conversationId, bob.userId))?.unreadCount).toBe(1);
  });
});
