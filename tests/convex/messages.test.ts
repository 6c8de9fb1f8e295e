import { convexTest } from "convex-test";
import { describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import schema from "../../convex/schema";
import { tooFastMessage } from "../../convex/lib/chat-limits";
import { LIMITS } from "../../convex/shared/text";
import { conversationWith, deletedConversationId, memberRowOf, messageTime } from "./conversation-fixtures";
import { registerComponents } from "./components";
import { modules, newBackend, signedInUser, type TestBackend } from "./test-env";

const NOT_SIGNED_IN = /logged in/;
const NOT_VERIFIED = /verify your email/;
const NOT_PARTICIPANT = "You are not authorized to access this conversation.";
const NOT_FOUND = "Conversation not found.";
const firstPage = { numItems: 20, cursor: null };

async function storedTexts(t: TestBackend, conversationId: Id<"conversations">) {
  return await t.run(async (ctx) =>
    (
      await ctx.db
        .query("messages")
        .withIndex("by_conversationId", (q) => q.eq("conversationId", conversationId))
        .collect()
    ).map((message) => message.text),
  );
}

async function conversationDoc(t: TestBackend, conversationId: Id<"conversations">) {
  return await t.run((ctx) => ctx.db.get(conversationId));
}

/** Three people: Ann and Bob talk, Cat is a stranger to their conversation. */
async function scene() {
  const t = newBackend();
  const ann = await signedInUser(t, { name: "Ann" });
  const bob = await signedInUser(t, { name: "Bob" });
  const cat = await signedInUser(t, { name: "Cat" });
  const unverified = await signedInUser(t, { verified: false });
  const conversationId = await conversationWith(ann, bob);
  return { t, ann, bob, cat, unverified, conversationId };
}

describe("messages:send and list", () => {
  test("both participants read the trimmed messages, newest first, each marked as theirs or not", async () => {
    const { ann, bob, conversationId } = await scene();
    await ann.as.mutation(api.messages.send, { conversationId, text: "  Hi Bob\nhow are you?  " });
    await bob.as.mutation(api.messages.send, { conversationId, text: "Fine!" });
    const { page } = await ann.as.query(api.messages.list, { conversationId, paginationOpts: firstPage });
    expect(page.map((message) => [message.text, message.isMine])).toEqual([
      ["Fine!", false],
      ["Hi Bob\nhow are you?", true],
    ]);
    const bobs = await bob.as.query(api.messages.list, { conversationId, paginationOpts: firstPage });
    expect(bobs.page.map((message) => message.isMine)).toEqual([true, false]);
  });

  test("sending moves the conversation's preview and both members' rows in the same mutation", async () => {
    const { t, ann, bob, conversationId } = await scene();
    const long = `${"word ".repeat(60)}end`;
    await ann.as.mutation(api.messages.send, { conversationId, text: long });
    const conversation = await conversationDoc(t, conversationId);
    expect(conversation?.lastMessageSenderId).toBe(ann.userId);
    expect(conversation?.lastMessageText?.length).toBeLessThanOrEqual(120);
    expect(conversation?.lastMessageText?.endsWith("…")).toBe(true);
    const annRow = await memberRowOf(t, conversationId, ann.userId);
    const bobRow = await memberRowOf(t, conversationId, bob.userId);
    expect(annRow?.lastMessageAt).toBe(conversation?.lastMessageAt);
    expect(bobRow?.lastMessageAt).toBe(conversation?.lastMessageAt);
    expect([annRow?.unreadCount, bobRow?.unreadCount]).toEqual([0, 1]);
  });

  test("blank, whitespace-only and oversized texts are refused and change nothing", async () => {
    const { t, ann, conversationId } = await scene();
    await expect(ann.as.mutation(api.messages.send, { conversationId, text: "" })).rejects.toThrow(
      "Message cannot be empty",
    );
    await expect(ann.as.mutation(api.messages.send, { conversationId, text: " \n\t " })).rejects.toThrow(
      "Message cannot be empty",
    );
    await expect(
      ann.as.mutation(api.messages.send, { conversationId, text: "x".repeat(LIMITS.message + 1) }),
    ).rejects.toThrow("Message must be at most 2000 characters");
    await ann.as.mutation(api.messages.send, { conversationId, text: "x".repeat(LIMITS.message) });
    expect(await storedTexts(t, conversationId)).toHaveLength(1);
  });

  test("someone outside the conversation can neither send nor read", async () => {
    const { t, ann, cat, conversationId } = await scene();
    await ann.as.mutation(api.messages.send, { conversationId, text: "Private" });
    await expect(cat.as.mutation(api.messages.send, { conversationId, text: "Let me in" })).rejects.toThrow(
      NOT_PARTICIPANT,
    );
    await expect(cat.as.query(api.messages.list, { conversationId, paginationOpts: firstPage })).rejects.toThrow(
      NOT_PARTICIPANT,
    );
    expect(await storedTexts(t, conversationId)).toEqual(["Private"]);
  });

  test("a missing or malformed conversation id is 'Conversation not found.'", async () => {
    const { t, ann } = await scene();
    const gone = await deletedConversationId(t);
    await expect(ann.as.mutation(api.messages.send, { conversationId: gone, text: "Hi" })).rejects.toThrow(NOT_FOUND);
    await expect(ann.as.mutation(api.messages.send, { conversationId: "123", text: "Hi" })).rejects.toThrow(NOT_FOUND);
    await expect(ann.as.query(api.messages.list, { conversationId: "123", paginationOpts: firstPage })).rejects.toThrow(
      NOT_FOUND,
    );
  });

  test("rejects anonymous and unverified callers", async () => {
    const { t, unverified, conversationId } = await scene();
    await expect(t.mutation(api.messages.send, { conversationId, text: "Hi" })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.mutation(api.messages.send, { conversationId, text: "Hi" })).rejects.toThrow(
      NOT_VERIFIED,
    );
    await expect(t.query(api.messages.list, { conversationId, paginationOpts: firstPage })).rejects.toThrow(
      NOT_SIGNED_IN,
    );
    await expect(unverified.as.query(api.messages.list, { conversationId, paginationOpts: firstPage })).rejects.toThrow(
      NOT_VERIFIED,
    );
    expect(await storedTexts(t, conversationId)).toEqual([]);
  });

  test("a sender gets twenty messages at once, then one a second across conversations; the refused one is not stored", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-04T08:00:00Z") });
    try {
      const { t, ann, bob, cat, conversationId } = await scene();
      const withCat = await conversationWith(ann, cat);
      for (let message = 0; message < 20; message++) {
        await ann.as.mutation(api.messages.send, {
          conversationId: message % 2 ? withCat : conversationId,
          text: "hi",
        });
      }
      const refusal = ann.as.mutation(api.messages.send, { conversationId, text: "one too many" });
      await expect(refusal).rejects.toThrow(tooFastMessage(1000));
      expect(await storedTexts(t, conversationId)).not.toContain("one too many");
      await bob.as.mutation(api.messages.send, { conversationId, text: "Bob has his own allowance" });
      vi.advanceTimersByTime(1000);
      await ann.as.mutation(api.messages.send, { conversationId, text: "one more" });
      expect(await storedTexts(t, conversationId)).toContain("one more");
    } finally {
      vi.useRealTimers();
    }
  });

  test("loads older messages a page at a time, reading O(page) documents however long the history", async () => {
    const pageSize = 20;
    const t = registerComponents(convexTest({ schema, modules, transactionLimits: { documentsRead: pageSize + 5 } }));
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const conversationId = await conversationWith(ann, bob);
    await t.run(async (ctx) => {
      for (let i = 0; i < 300; i++) {
        await ctx.db.insert("messages", { conversationId, senderId: ann.userId, text: `m${i}` });
      }
    });
    const newest = await bob.as.query(api.messages.list, {
      conversationId,
      paginationOpts: { numItems: pageSize, cursor: null },
    });
    const older = await bob.as.query(api.messages.list, {
      conversationId,
      paginationOpts: { numItems: pageSize, cursor: newest.continueCursor },
    });
    expect(newest.page[0]?.text).toBe("m299");
    expect(older.page.map((message) => message.text)).toEqual(
      Array.from({ length: pageSize }, (_, i) => `m${279 - i}`),
    );
    // Asking for more than 50 at once still gets one page of 50.
    const capped = registerComponents(convexTest({ schema, modules }));
    const carl = await signedInUser(capped);
    const dora = await signedInUser(capped);
    const big = await conversationWith(carl, dora);
    await capped.run(async (ctx) => {
      for (let i = 0; i < 60; i++)
        await ctx.db.insert("messages", { conversationId: big, senderId: carl.userId, text: `${i}` });
    });
    const all = await dora.as.query(api.messages.list, {
      conversationId: big,
      paginationOpts: { numItems: 500, cursor: null },
    });
    expect(all.page).toHaveLength(50);
  });
});

describe("messages:remove", () => {
  test("the sender deletes their message; the preview falls back and the other's unread goes down", async () => {
    const { t, ann, bob, conversationId } = await scene();
    await ann.as.mutation(api.messages.send, { conversationId, text: "first" });
    const second = await ann.as.mutation(api.messages.send, { conversationId, text: "oops" });
    expect((await memberRowOf(t, conversationId, bob.userId))?.unreadCount).toBe(2);

    await ann.as.mutation(api.messages.remove, { messageId: second });
    expect(await storedTexts(t, conversationId)).toEqual(["first"]);
    expect((await conversationDoc(t, conversationId))?.lastMessageText).toBe("first");
    expect((await memberRowOf(t, conversationId, bob.userId))?.unreadCount).toBe(1);
    const { page } = await bob.as.query(api.conversations.list, { paginationOpts: firstPage });
    expect(page[0]?.lastMessage).toEqual({ text: "first", fromMe: false });
  });

  test("deleting a message the other person already read leaves their unread count alone", async () => {
    const { t, ann, bob, conversationId } = await scene();
    const read = await ann.as.mutation(api.messages.send, { conversationId, text: "read" });
    await bob.as.mutation(api.conversations.markRead, { conversationId });
    await ann.as.mutation(api.messages.send, { conversationId, text: "unread" });
    await ann.as.mutation(api.messages.remove, { messageId: read });
    expect((await memberRowOf(t, conversationId, bob.userId))?.unreadCount).toBe(1);
    expect((await conversationDoc(t, conversationId))?.lastMessageText).toBe("unread");
  });

  test("deleting the only message empties the preview", async () => {
    const { t, ann, conversationId } = await scene();
    const only = await ann.as.mutation(api.messages.send, { conversationId, text: "only" });
    await ann.as.mutation(api.messages.remove, { messageId: only });
    const conversation = await conversationDoc(t, conversationId);
    expect(conversation?.lastMessageText).toBeUndefined();
    expect(conversation?.lastMessageSenderId).toBeUndefined();
  });

  test("deleting the newest message moves the conversation's and both members' times back to the one before", async () => {
    const { t, ann, bob, conversationId } = await scene();
    const old = await ann.as.mutation(api.messages.send, { conversationId, text: "old" });
    const oops = await ann.as.mutation(api.messages.send, { conversationId, text: "oops" });
    await ann.as.mutation(api.messages.remove, { messageId: oops });

    const oldAt = await messageTime(t, old);
    expect(await conversationDoc(t, conversationId)).toMatchObject({
      lastMessageAt: oldAt,
      lastMessageText: "old",
      lastMessageSenderId: ann.userId,
    });
    expect(await memberRowOf(t, conversationId, ann.userId)).toMatchObject({ lastMessageAt: oldAt, unreadCount: 0 });
    expect(await memberRowOf(t, conversationId, bob.userId)).toMatchObject({ lastMessageAt: oldAt, unreadCount: 1 });
  });

  test("deleting an older message leaves the times of the newest alone", async () => {
    const { t, ann, bob, conversationId } = await scene();
    const first = await ann.as.mutation(api.messages.send, { conversationId, text: "first" });
    const second = await bob.as.mutation(api.messages.send, { conversationId, text: "second" });
    await ann.as.mutation(api.messages.remove, { messageId: first });
    const secondAt = await messageTime(t, second);
    expect((await conversationDoc(t, conversationId))?.lastMessageAt).toBe(secondAt);
    expect((await memberRowOf(t, conversationId, ann.userId))?.lastMessageAt).toBe(secondAt);
    expect((await memberRowOf(t, conversationId, bob.userId))?.lastMessageAt).toBe(secondAt);
  });

  test("deleting the only message returns the conversation to one that was only opened", async () => {
    const { t, ann, bob, conversationId } = await scene();
    const only = await ann.as.mutation(api.messages.send, { conversationId, text: "only" });
    await ann.as.mutation(api.messages.remove, { messageId: only });

    const conversation = await conversationDoc(t, conversationId);
    expect(conversation?.lastMessageAt).toBe(conversation?._creationTime);
    // Ann opened it, so it stays in her list; Bob never did, so it leaves his, with nothing unread.
    expect(await memberRowOf(t, conversationId, ann.userId)).toMatchObject({
      lastMessageAt: conversation?._creationTime,
      unreadCount: 0,
    });
    expect(await memberRowOf(t, conversationId, bob.userId)).toMatchObject({ lastMessageAt: 0, unreadCount: 0 });
  });

  test("deleting the newest message reads the same few documents however long the history", async () => {
    const t = registerComponents(convexTest({ schema, modules, transactionLimits: { documentsRead: 20 } }));
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const conversationId = await conversationWith(ann, bob);
    await t.run(async (ctx) => {
      for (let i = 0; i < 100; i++) {
        await ctx.db.insert("messages", { conversationId, senderId: ann.userId, text: `m${i}` });
      }
    });
    const newest = await ann.as.mutation(api.messages.send, { conversationId, text: "newest" });
    await ann.as.mutation(api.messages.remove, { messageId: newest });
    expect((await conversationDoc(t, conversationId))?.lastMessageText).toBe("m99");
  });

  test("the other participant may not delete it, and neither may a stranger", async () => {
    const { t, ann, bob, cat, conversationId } = await scene();
    const messageId = await ann.as.mutation(api.messages.send, { conversationId, text: "mine" });
    await expect(bob.as.mutation(api.messages.remove, { messageId })).rejects.toThrow(
      "You can only delete your own messages.",
    );
    await expect(cat.as.mutation(api.messages.remove, { messageId })).rejects.toThrow(NOT_PARTICIPANT);
    expect(await storedTexts(t, conversationId)).toEqual(["mine"]);
  });

  test("rejects a missing message, anonymous and unverified callers", async () => {
    const { t, ann, unverified, conversationId } = await scene();
    const messageId = await ann.as.mutation(api.messages.send, { conversationId, text: "mine" });
    await expect(t.mutation(api.messages.remove, { messageId })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.mutation(api.messages.remove, { messageId })).rejects.toThrow(NOT_VERIFIED);
    await ann.as.mutation(api.messages.remove, { messageId });
    await expect(ann.as.mutation(api.messages.remove, { messageId })).rejects.toThrow("Message not found.");
  });
});
