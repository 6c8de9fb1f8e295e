/**
 * Replies and edits of chat-room and private messages (issue 32, C3): a reply names a message of
 * the same room or conversation that still exists, its quote follows the original (or says it is
 * gone); the author edits within 15 minutes, with the send's text rules, mentions and flood control.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { CHAT_TOO_FAST } from "../../convex/lib/chat-limits";
import { MESSAGE_REQUIRED, NOT_A_PARTICIPANT } from "../../convex/lib/conversations";
import { EDIT_WINDOW_PASSED, NOT_YOUR_MESSAGE_TO_EDIT } from "../../convex/lib/message-edits";
import { EXCERPT_LENGTH, excerptOf } from "../../convex/shared/message-excerpt";
import { REPLY_OUTSIDE_CONVERSATION, REPLY_OUTSIDE_ROOM, REPLY_TO_DELETED } from "../../convex/lib/message-replies";
import { CHAT_MESSAGE_REQUIRED, CHAT_MESSAGE_TOO_LONG } from "../../convex/shared/chat-texts";
import { MESSAGE_EDIT_WINDOW_MS } from "../../convex/shared/message-extras";
import type { Mention } from "../../convex/shared/mentions";
import { addRoom, firstPage } from "./chat-fixtures";
import { conversationWith } from "./conversation-fixtures";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

afterEach(() => {
  vi.useRealTimers();
});

async function scene() {
  const t = newBackend();
  const ann = await signedInUser(t, { name: "Ann" });
  const bob = await signedInUser(t, { name: "Bob" });
  const carol = await signedInUser(t, { name: "Carol" });
  const roomId = await addRoom(ann.as);
  return { t, ann, bob, carol, roomId };
}

async function roomPage(as: Awaited<ReturnType<typeof scene>>["ann"]["as"], roomId: Id<"chatRooms">) {
  return (await as.query(api.chatMessages.list, { roomId, paginationOpts: firstPage })).page;
}

/** The span of the first `@Name` in `text`, for `userId`. */
function span(text: string, name: string, userId: Id<"users">): Mention {
  return { userId, start: text.indexOf(`@${name}`), length: name.length + 1 };
}

async function mentionEventsFor(t: TestBackend, recipientId: Id<"users">) {
  return await t.run(async (ctx) =>
    (
      await ctx.db
        .query("notificationEvents")
        .withIndex("by_recipientId", (q) => q.eq("recipientId", recipientId))
        .collect()
    ).filter((event) => event.kind === "mention"),
  );
}

async function refsOf(t: TestBackend, sourceId: Id<"chatMessages">) {
  return await t.run(async (ctx) =>
    (
      await ctx.db
        .query("mentionRefs")
        .withIndex("by_sourceId", (q) => q.eq("sourceId", sourceId))
        .collect()
    ).map((ref) => ref.userId),
  );
}

describe("replies in chat rooms", () => {
  test("a reply stores its original and lists a one-line quote of it", async () => {
    const { t, bob, carol, roomId } = await scene();
    const long = `Who has read\n${"the whole of Dune ".repeat(10)}`;
    const original = await bob.as.mutation(api.chatMessages.send, { roomId, text: long });
    const reply = await carol.as.mutation(api.chatMessages.send, { roomId, text: "Me!", replyToId: original });

    expect(await t.run(async (ctx) => (await ctx.db.get(reply))!.replyToId)).toBe(original);
    const [newest, older] = await roomPage(bob.as, roomId);
    expect(newest!.replyTo).toEqual({ _id: original, authorName: "Bob", excerpt: excerptOf(long), hasPicture: false });
    expect(excerptOf(long)).not.toContain("\n");
    expect(excerptOf(long).length).toBeLessThanOrEqual(EXCERPT_LENGTH);
    expect(older!.replyTo).toBeNull();
  });

  test("the quote of an original not on the page is looked up, with its author's name", async () => {
    const { t, bob, carol, roomId } = await scene();
    const original = await bob.as.mutation(api.chatMessages.send, { roomId, text: "First" });
    await t.run(async (ctx) => {
      for (let i = 0; i < 3; i++) await ctx.db.insert("chatMessages", { roomId, userId: bob.userId, text: `m${i}` });
    });
    await carol.as.mutation(api.chatMessages.send, { roomId, text: "Late answer", replyToId: original });
    const { page } = await carol.as.query(api.chatMessages.list, {
      roomId,
      paginationOpts: { numItems: 2, cursor: null },
    });
    expect(page[0]!.replyTo).toMatchObject({ _id: original, authorName: "Bob", excerpt: "First" });
  });

  test("a reply to another room's message is refused and stores nothing", async () => {
    const { ann, bob, roomId } = await scene();
    const elsewhere = await ann.as.mutation(api.chatMessages.send, {
      roomId: await addRoom(ann.as, { name: "Other" }),
      text: "Over here",
    });
    await expect(
      bob.as.mutation(api.chatMessages.send, { roomId, text: "Answer", replyToId: elsewhere }),
    ).rejects.toThrow(REPLY_OUTSIDE_ROOM);
    expect(await roomPage(bob.as, roomId)).toHaveLength(0);
  });

  test("a reply to a deleted message is refused; an original deleted later shows as deleted", async () => {
    const { bob, carol, roomId } = await scene();
    const gone = await bob.as.mutation(api.chatMessages.send, { roomId, text: "Oops" });
    await bob.as.mutation(api.chatMessages.remove, { messageId: gone });
    await expect(carol.as.mutation(api.chatMessages.send, { roomId, text: "Answer", replyToId: gone })).rejects.toThrow(
      REPLY_TO_DELETED,
    );

    const original = await bob.as.mutation(api.chatMessages.send, { roomId, text: "Keep this?" });
    await carol.as.mutation(api.chatMessages.send, { roomId, text: "Yes", replyToId: original });
    await bob.as.mutation(api.chatMessages.remove, { messageId: original });
    const page = await roomPage(carol.as, roomId);
    expect(page.map((message) => [message.text, message.replyTo])).toEqual([["Yes", { deleted: true }]]);
  });
});

describe("replies in private messages", () => {
  test("a reply quotes the original with its sender's name", async () => {
    const { ann, bob } = await scene();
    const conversationId = await conversationWith(ann, bob, "Coffee tomorrow?");
    const [original] = (await bob.as.query(api.messages.list, { conversationId, paginationOpts: firstPage })).page;
    await bob.as.mutation(api.messages.send, { conversationId, text: "Sure", replyToId: original!._id });

    const [reply] = (await ann.as.query(api.messages.list, { conversationId, paginationOpts: firstPage })).page;
    expect(reply!.replyTo).toEqual({
      _id: original!._id,
      authorName: "Ann",
      excerpt: "Coffee tomorrow?",
      hasPicture: false,
    });
  });

  test("a reply to another conversation's message, or a deleted one, is refused", async () => {
    const { ann, bob, carol } = await scene();
    const withBob = await conversationWith(ann, bob, "Hi Bob");
    const withCarol = await conversationWith(ann, carol, "Hi Carol");
    const [carols] = (await ann.as.query(api.messages.list, { conversationId: withCarol, paginationOpts: firstPage }))
      .page;
    await expect(
      bob.as.mutation(api.messages.send, { conversationId: withBob, text: "Hm", replyToId: carols!._id }),
    ).rejects.toThrow(REPLY_OUTSIDE_CONVERSATION);

    const [bobs] = (await ann.as.query(api.messages.list, { conversationId: withBob, paginationOpts: firstPage })).page;
    await ann.as.mutation(api.messages.remove, { messageId: bobs!._id });
    await expect(
      bob.as.mutation(api.messages.send, { conversationId: withBob, text: "Hm", replyToId: bobs!._id }),
    ).rejects.toThrow(REPLY_TO_DELETED);
    expect(
      (await bob.as.query(api.messages.list, { conversationId: withBob, paginationOpts: firstPage })).page,
    ).toEqual([]);
  });
});

describe("editing a room message", () => {
  test("the author edits within the window: new text, editedAt listed, nothing else kept", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-04T12:00:00Z") });
    const { ann, bob, roomId } = await scene();
    const messageId = await bob.as.mutation(api.chatMessages.send, { roomId, text: "Helo" });
    expect((await roomPage(ann.as, roomId))[0]!.editedAt).toBeNull();

    vi.advanceTimersByTime(MESSAGE_EDIT_WINDOW_MS - 1_000);
    await bob.as.mutation(api.chatMessages.edit, { messageId, text: "  Hello  " });
    const [edited] = await roomPage(ann.as, roomId);
    expect(edited).toMatchObject({ _id: messageId, text: "Hello", editedAt: Date.now() });
  });

  test("someone else's message, a missing one, and one past 15 minutes are refused", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-04T12:00:00Z") });
    const { ann, bob, roomId } = await scene();
    const messageId = await bob.as.mutation(api.chatMessages.send, { roomId, text: "Mine" });
    await expect(ann.as.mutation(api.chatMessages.edit, { messageId, text: "Yours" })).rejects.toThrow(
      NOT_YOUR_MESSAGE_TO_EDIT,
    );

    vi.advanceTimersByTime(MESSAGE_EDIT_WINDOW_MS + 1);
    await expect(bob.as.mutation(api.chatMessages.edit, { messageId, text: "Late" })).rejects.toThrow(
      EDIT_WINDOW_PASSED,
    );
    expect((await roomPage(ann.as, roomId))[0]).toMatchObject({ text: "Mine", editedAt: null });
  });

  test("blank and too long edits are refused and change nothing", async () => {
    const { ann, roomId } = await scene();
    const messageId = await ann.as.mutation(api.chatMessages.send, { roomId, text: "Keep" });
    await expect(ann.as.mutation(api.chatMessages.edit, { messageId, text: " \n " })).rejects.toThrow(
      CHAT_MESSAGE_REQUIRED,
    );
    await expect(ann.as.mutation(api.chatMessages.edit, { messageId, text: "x".repeat(2001) })).rejects.toThrow(
      CHAT_MESSAGE_TOO_LONG,
    );
    expect((await roomPage(ann.as, roomId))[0]).toMatchObject({ text: "Keep", editedAt: null });
  });

  test("an edit's mentions replace the old ones; only newly mentioned people are notified", async () => {
    const { t, ann, bob, carol, roomId } = await scene();
    const first = "Hi @Bob";
    const messageId = await ann.as.mutation(api.chatMessages.send, {
      roomId,
      text: first,
      mentions: [span(first, "Bob", bob.userId)],
    });
    expect(await mentionEventsFor(t, bob.userId)).toHaveLength(1);

    const second = "Hi @Bob and @Carol";
    await ann.as.mutation(api.chatMessages.edit, {
      messageId,
      text: second,
      mentions: [span(second, "Bob", bob.userId), span(second, "Carol", carol.userId)],
    });
    expect(await mentionEventsFor(t, bob.userId)).toHaveLength(1);
    expect(await mentionEventsFor(t, carol.userId)).toHaveLength(1);
    expect((await refsOf(t, messageId)).sort()).toEqual([bob.userId, carol.userId].sort());

    const third = "Hi @Carol";
    await ann.as.mutation(api.chatMessages.edit, {
      messageId,
      text: third,
      mentions: [span(third, "Carol", carol.userId)],
    });
    expect(await refsOf(t, messageId)).toEqual([carol.userId]);
    expect(await mentionEventsFor(t, carol.userId)).toHaveLength(1);
    expect((await roomPage(bob.as, roomId))[0]!.mentions).toEqual([span(third, "Carol", carol.userId)]);
  });

  test("edits share the message allowance; the same text again takes nothing", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-04T12:00:00Z") });
    const { ann, roomId } = await scene();
    const messageId = await ann.as.mutation(api.chatMessages.send, { roomId, text: "v0" });
    for (let i = 0; i < 20; i++) await ann.as.mutation(api.chatMessages.edit, { messageId, text: "v0" });
    for (let i = 1; i < 10; i++) await ann.as.mutation(api.chatMessages.edit, { messageId, text: `v${i}` });
    await expect(ann.as.mutation(api.chatMessages.edit, { messageId, text: "v10" })).rejects.toThrow(CHAT_TOO_FAST);
    expect((await roomPage(ann.as, roomId))[0]!.text).toBe("v9");
  });
});

describe("editing a private message", () => {
  test("the sender edits; the preview follows only an edit of the newest message", async () => {
    const { t, ann, bob } = await scene();
    const conversationId = await conversationWith(ann, bob, "First", "Secnd");
    const [newest, older] = (await ann.as.query(api.messages.list, { conversationId, paginationOpts: firstPage })).page;

    await ann.as.mutation(api.messages.edit, { messageId: older!._id, text: "First!" });
    const preview = async () =>
      await t.run(async (ctx) => (await ctx.db.get(conversationId as Id<"conversations">))!.lastMessageText);
    expect(await preview()).toBe("Secnd");

    await ann.as.mutation(api.messages.edit, { messageId: newest!._id, text: "Second" });
    expect(await preview()).toBe("Second");
    const page = (await bob.as.query(api.messages.list, { conversationId, paginationOpts: firstPage })).page;
    expect(page.map((message) => [message.text, message.editedAt !== null])).toEqual([
      ["Second", true],
      ["First!", true],
    ]);
  });

  test("the other person, an outsider, a blank text and a late edit are refused", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-04T12:00:00Z") });
    const { ann, bob, carol } = await scene();
    const conversationId = await conversationWith(ann, bob, "Hello");
    const [message] = (await ann.as.query(api.messages.list, { conversationId, paginationOpts: firstPage })).page;
    const messageId = message!._id;

    await expect(bob.as.mutation(api.messages.edit, { messageId, text: "Hi" })).rejects.toThrow(
      NOT_YOUR_MESSAGE_TO_EDIT,
    );
    await expect(carol.as.mutation(api.messages.edit, { messageId, text: "Hi" })).rejects.toThrow(NOT_A_PARTICIPANT);
    await expect(ann.as.mutation(api.messages.edit, { messageId, text: "  " })).rejects.toThrow(MESSAGE_REQUIRED);
    vi.advanceTimersByTime(MESSAGE_EDIT_WINDOW_MS + 1);
    await expect(ann.as.mutation(api.messages.edit, { messageId, text: "Hi" })).rejects.toThrow(EDIT_WINDOW_PASSED);
    const [after] = (await bob.as.query(api.messages.list, { conversationId, paginationOpts: firstPage })).page;
    expect(after).toMatchObject({ text: "Hello", editedAt: null });
  });

  test("edits share the sender's private-message allowance", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-04T12:00:00Z") });
    const { ann, bob } = await scene();
    const conversationId = await conversationWith(ann, bob, "m0");
    const [message] = (await ann.as.query(api.messages.list, { conversationId, paginationOpts: firstPage })).page;
    // One send used one of twenty: nineteen edits go, the twentieth is refused.
    for (let i = 1; i < 20; i++) await ann.as.mutation(api.messages.edit, { messageId: message!._id, text: `m${i}` });
    await expect(ann.as.mutation(api.messages.edit, { messageId: message!._id, text: "m20" })).rejects.toThrow(
      CHAT_TOO_FAST,
    );
  });
});
