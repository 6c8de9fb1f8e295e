/**
 * Emoji reactions (issue 32, messageReactions.ts, lib/reactions.ts): toggling in rooms and
 * private messages, who may, the counts equal to the rows (30 people at once, mixed toggles, a
 * flood), which are mine, who gave one, and the clean-ups when messages, rooms or people go.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { REACTIONS_TOO_FAST } from "../../convex/lib/chat-limits";
import { NOT_A_PARTICIPANT, OTHER_PERSON_LEFT } from "../../convex/lib/conversations";
import { countsWith, MINE_AMONG_MAX, TOO_MANY_MESSAGES, WHO_SHOWN } from "../../convex/lib/reactions";
import { CHAT_MESSAGE_NOT_FOUND, CHAT_NOT_FOUND } from "../../convex/shared/chat-texts";
import { REACTION_EMOJI, type ReactionEmoji } from "../../convex/shared/message-extras";
import { PASSWORD } from "./auth-kit";
import { useAuthEnvironment } from "./auth-env";
import { backendWithComponents, holdersOf, passwordUser, runScheduled } from "./account-deletion-kit";
import { addRoom, firstPage } from "./chat-fixtures";
import { conversationWith } from "./conversation-fixtures";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

type MessageId = Id<"chatMessages"> | Id<"messages">;

/** Ann's room with one message of Bob's, and a conversation between Ann and Bob with one of Ann's. */
async function scene(t: TestBackend = newBackend()) {
  const ann = await signedInUser(t, { name: "Ann" });
  const bob = await signedInUser(t, { name: "Bob" });
  const carol = await signedInUser(t, { name: "Carol" });
  const roomId = await addRoom(ann.as);
  const roomMessage = await bob.as.mutation(api.chatMessages.send, { roomId, text: "Hello room" });
  const conversationId = await conversationWith(ann, bob, "Hello Bob");
  const privateMessage = await t.run(
    async (ctx) =>
      (await ctx.db
        .query("messages")
        .withIndex("by_conversationId", (q) => q.eq("conversationId", conversationId))
        .first())!._id,
  );
  return { t, ann, bob, carol, roomId, roomMessage, conversationId, privateMessage };
}

/** The message's stored counts and the counts of its rows, to compare. */
async function countsAndRows(t: TestBackend, messageId: MessageId) {
  return await t.run(async (ctx) => {
    const message = await ctx.db.get(messageId);
    const rows = await ctx.db
      .query("messageReactions")
      .withIndex("by_messageId_and_emoji_and_userId", (q) => q.eq("messageId", messageId))
      .collect();
    const fromRows = REACTION_EMOJI.flatMap((emoji) => {
      const count = rows.filter((row) => row.emoji === emoji).length;
      return count > 0 ? [{ emoji, count }] : [];
    });
    return { stored: message?.reactions ?? [], fromRows, rows: rows.length };
  });
}

async function reactionRowCount(t: TestBackend) {
  return await t.run(async (ctx) => (await ctx.db.query("messageReactions").collect()).length);
}

describe("toggle", () => {
  test("in a room: on adds a row and a count, off takes both away; the list shows the counts", async () => {
    const { t, ann, carol, roomId, roomMessage } = await scene();
    expect(await ann.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "❤️" })).toEqual({
      reacted: true,
    });
    await carol.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "❤️" });
    await carol.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "👍" });
    const page = await carol.as.query(api.chatMessages.list, { roomId, paginationOpts: firstPage });
    // The set's order, whatever the order they were given in.
    expect(page.page[0]!.reactions).toEqual([
      { emoji: "👍", count: 1 },
      { emoji: "❤️", count: 2 },
    ]);
    expect(await ann.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "❤️" })).toEqual({
      reacted: false,
    });
    await carol.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "👍" });
    const after = await countsAndRows(t, roomMessage);
    expect(after.stored).toEqual([{ emoji: "❤️", count: 1 }]);
    expect(after.stored).toEqual(after.fromRows);
    await carol.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "❤️" });
    // Nobody's reaction left: the field is gone, as on a message never reacted to.
    expect(await t.run(async (ctx) => "reactions" in (await ctx.db.get(roomMessage))!)).toBe(false);
    expect(
      (await carol.as.query(api.chatMessages.list, { roomId, paginationOpts: firstPage })).page[0]!.reactions,
    ).toEqual([]);
  });

  test("in a private message: both participants may react, anyone else is refused and nothing changes", async () => {
    const { t, ann, bob, carol, conversationId, privateMessage } = await scene();
    await ann.as.mutation(api.messageReactions.toggle, { messageId: privateMessage, emoji: "😂" });
    await bob.as.mutation(api.messageReactions.toggle, { messageId: privateMessage, emoji: "😂" });
    await expect(
      carol.as.mutation(api.messageReactions.toggle, { messageId: privateMessage, emoji: "😂" }),
    ).rejects.toThrow(NOT_A_PARTICIPANT);
    await expect(carol.as.query(api.messageReactions.who, { messageId: privateMessage, emoji: "😂" })).rejects.toThrow(
      NOT_A_PARTICIPANT,
    );
    const page = await bob.as.query(api.messages.list, { conversationId, paginationOpts: firstPage });
    expect(page.page[0]!.reactions).toEqual([{ emoji: "😂", count: 2 }]);
    expect(await reactionRowCount(t)).toBe(2);
  });

  test("an emoji outside the set, a missing message or a deleted room is refused with a clear message", async () => {
    const { t, ann, bob, roomId, roomMessage } = await scene();
    await expect(
      ann.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "🍕" as ReactionEmoji }),
    ).rejects.toThrow(/Validator error: Expected one of literal.*got `"🍕"`/);
    const otherMessage = await bob.as.mutation(api.chatMessages.send, { roomId, text: "Second" });
    await bob.as.mutation(api.chatMessages.remove, { messageId: otherMessage });
    await expect(
      ann.as.mutation(api.messageReactions.toggle, { messageId: otherMessage, emoji: "👍" }),
    ).rejects.toThrow(CHAT_MESSAGE_NOT_FOUND);
    // A message whose room is being deleted (its messages go in batches) takes no new reaction.
    await t.run(async (ctx) => ctx.db.delete(roomId));
    await expect(ann.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "👍" })).rejects.toThrow(
      CHAT_NOT_FOUND,
    );
    expect(await reactionRowCount(t)).toBe(0);
  });

  test("anonymous and unverified callers are refused", async () => {
    const { t, roomMessage } = await scene();
    const unverified = await signedInUser(t, { name: "Una", verified: false });
    await expect(t.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "👍" })).rejects.toThrow();
    await expect(
      unverified.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "👍" }),
    ).rejects.toThrow();
    expect(await reactionRowCount(t)).toBe(0);
  });
});

describe("counts equal rows", () => {
  test("30 people reacting to one message at the same moment", async () => {
    const { t, roomMessage } = await scene();
    const people = await Promise.all(Array.from({ length: 30 }, (_, i) => signedInUser(t, { name: `Reader ${i}` })));
    await Promise.all(
      people.map((person, i) =>
        person.as.mutation(api.messageReactions.toggle, {
          messageId: roomMessage,
          emoji: REACTION_EMOJI[i % REACTION_EMOJI.length]!,
        }),
      ),
    );
    const result = await countsAndRows(t, roomMessage);
    expect(result.rows).toBe(30);
    expect(result.stored).toEqual(result.fromRows);
    expect(result.stored.map(({ count }) => count)).toEqual([5, 5, 5, 5, 5, 5]);
  });

  test("mixed toggles at once (on, off, several emoji per person) end with counts equal to rows", async () => {
    const { t, privateMessage, ann, bob, roomMessage } = await scene();
    const people = [ann, bob, ...(await Promise.all([1, 2, 3, 4].map((i) => signedInUser(t, { name: `P${i}` }))))];
    const toggles = people.flatMap((person, i) =>
      ["👍", "❤️", "👍", "😮", i % 2 === 0 ? "❤️" : "🙏"].map((emoji) => ({ person, emoji: emoji as ReactionEmoji })),
    );
    await Promise.all(
      toggles.map(({ person, emoji }) =>
        person.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji }),
      ),
    );
    const result = await countsAndRows(t, roomMessage);
    expect(result.stored).toEqual(result.fromRows);
    // 👍 twice = off; ❤️ twice for even people = off: ❤️ 3 (odd), 😮 6, 🙏 3.
    expect(result.stored).toEqual([
      { emoji: "❤️", count: 3 },
      { emoji: "😮", count: 6 },
      { emoji: "🙏", count: 3 },
    ]);
    await Promise.all(
      [ann, bob, ann].map((person) =>
        person.as.mutation(api.messageReactions.toggle, { messageId: privateMessage, emoji: "🙏" }),
      ),
    );
    const dm = await countsAndRows(t, privateMessage);
    expect(dm.stored).toEqual(dm.fromRows);
    expect(dm.stored).toEqual([{ emoji: "🙏", count: 1 }]);
  });

  test("countsWith keeps the set's order and drops an emoji at 0", () => {
    expect(countsWith(undefined, "🙏", 1)).toEqual([{ emoji: "🙏", count: 1 }]);
    expect(
      countsWith(
        [
          { emoji: "👍", count: 1 },
          { emoji: "🙏", count: 2 },
        ],
        "😂",
        1,
      ),
    ).toEqual([
      { emoji: "👍", count: 1 },
      { emoji: "😂", count: 1 },
      { emoji: "🙏", count: 2 },
    ]);
    expect(countsWith([{ emoji: "👍", count: 1 }], "👍", -1)).toEqual([]);
  });
});

describe("flood control", () => {
  test("a burst of toggles: 30 go through, the rest are refused, counts equal rows", async () => {
    const { t, ann, roomId } = await scene();
    const messages: Id<"chatMessages">[] = await t.run(async (ctx) => {
      const ids: Id<"chatMessages">[] = [];
      for (let i = 0; i < 100; i++)
        ids.push(await ctx.db.insert("chatMessages", { roomId, userId: ann.userId, text: `${i}` }));
      return ids;
    });
    const results = await Promise.allSettled(
      messages.map((messageId) => ann.as.mutation(api.messageReactions.toggle, { messageId, emoji: "👍" })),
    );
    const refused = results.filter((result) => result.status === "rejected");
    expect(results.length - refused.length).toBe(30);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toContain(REACTIONS_TOO_FAST);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(/You can react again in \d+ s\./);
    expect(await reactionRowCount(t)).toBe(30);
    const stored = await t.run(async (ctx) =>
      (await Promise.all(messages.map((id) => ctx.db.get(id)))).reduce(
        (sum, m) => sum + (m?.reactions?.[0]?.count ?? 0),
        0,
      ),
    );
    expect(stored).toBe(30);
    // Three more a second after that.
    vi.advanceTimersByTime(1_000);
    await ann.as.mutation(api.messageReactions.toggle, { messageId: messages[99]!, emoji: "😮" });
  });
});

describe("mine and who", () => {
  test("mineAmong: only my own reactions on the messages asked about; at most 100 ids", async () => {
    const { ann, bob, carol, roomMessage, privateMessage } = await scene();
    await ann.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "❤️" });
    await ann.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "👍" });
    await ann.as.mutation(api.messageReactions.toggle, { messageId: privateMessage, emoji: "😢" });
    await bob.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "😂" });
    const mine = await ann.as.query(api.messageReactions.mineAmong, { messageIds: [roomMessage, privateMessage] });
    expect(mine).toHaveLength(3);
    expect(mine).toEqual(
      expect.arrayContaining([
        { messageId: roomMessage, emoji: "❤️" },
        { messageId: roomMessage, emoji: "👍" },
        { messageId: privateMessage, emoji: "😢" },
      ]),
    );
    // Carol gave nothing: asking about Ann and Bob's message tells her nothing either.
    expect(await carol.as.query(api.messageReactions.mineAmong, { messageIds: [roomMessage, privateMessage] })).toEqual(
      [],
    );
    await expect(
      ann.as.query(api.messageReactions.mineAmong, {
        messageIds: Array.from({ length: MINE_AMONG_MAX + 1 }, () => roomMessage),
      }),
    ).rejects.toThrow(TOO_MANY_MESSAGES);
  });

  test("who: the first 20 names and the total; the caller is 'You'", async () => {
    const { t, ann, roomMessage } = await scene();
    const people = await Promise.all(
      Array.from({ length: WHO_SHOWN + 2 }, (_, i) => signedInUser(t, { name: `Fan ${i}` })),
    );
    for (const person of people) {
      await person.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "❤️" });
    }
    const hearts = await people[0]!.as.query(api.messageReactions.who, { messageId: roomMessage, emoji: "❤️" });
    expect(hearts.total).toBe(WHO_SHOWN + 2);
    expect(hearts.people).toHaveLength(WHO_SHOWN);
    expect(hearts.people.map((person) => person.displayName)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Fan \d+$/)]),
    );
    const asFan0 = hearts.people.find((person) => person.userId === people[0]!.userId);
    if (asFan0) expect(asFan0.displayName).toBe("You");
    expect(await ann.as.query(api.messageReactions.who, { messageId: roomMessage, emoji: "😂" })).toEqual({
      people: [],
      total: 0,
    });
  });
});

describe("clean-ups", () => {
  test("deleting a message deletes its reaction rows (a room's and a private one)", async () => {
    const { t, ann, bob, carol, roomMessage, privateMessage } = await scene();
    for (const person of [ann, carol]) {
      await person.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "👍" });
    }
    await bob.as.mutation(api.messageReactions.toggle, { messageId: privateMessage, emoji: "👍" });
    await bob.as.mutation(api.chatMessages.remove, { messageId: roomMessage });
    await ann.as.mutation(api.messages.remove, { messageId: privateMessage });
    expect(await reactionRowCount(t)).toBe(0);
  });

  test("deleting a room deletes the reactions of its messages, in runs of their own", async () => {
    const { t, ann, carol, roomId, roomMessage } = await scene();
    await carol.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "😮" });
    await ann.as.mutation(api.chats.remove, { roomId });
    await runScheduled(t);
    expect(await reactionRowCount(t)).toBe(0);
  });

  test("a private message whose other person left: no new reaction, but mine can be taken back", async () => {
    const { t, ann, bob, privateMessage } = await scene();
    await ann.as.mutation(api.messageReactions.toggle, { messageId: privateMessage, emoji: "👍" });
    await t.run(async (ctx) => {
      const profile = await ctx.db
        .query("profiles")
        .withIndex("by_userId", (q) => q.eq("userId", bob.userId))
        .first();
      await ctx.db.delete(profile!._id);
    });
    await expect(
      ann.as.mutation(api.messageReactions.toggle, { messageId: privateMessage, emoji: "❤️" }),
    ).rejects.toThrow(OTHER_PERSON_LEFT);
    await ann.as.mutation(api.messageReactions.toggle, { messageId: privateMessage, emoji: "👍" });
    expect(await reactionRowCount(t)).toBe(0);
  });

  test("'Download my data' lists the reactions I gave, with where the message is", async () => {
    const { t, ann, roomId, roomMessage, conversationId, privateMessage } = await scene();
    await ann.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "😮" });
    await ann.as.mutation(api.messageReactions.toggle, { messageId: privateMessage, emoji: "🙏" });
    const page = await t.query(internal.dataExport.sectionPage, {
      userId: ann.userId,
      section: "reactions",
      cursor: null,
    });
    expect(page.isDone).toBe(true);
    expect(page.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          emoji: "😮",
          message: { id: roomMessage, kind: "chat room", roomId, conversationId: null },
        }),
        expect.objectContaining({
          emoji: "🙏",
          message: { id: privateMessage, kind: "private", roomId: null, conversationId },
        }),
      ]),
    );
  });

  test("deleting an account deletes their reactions, lowers the counts, keeps no trace of them", async () => {
    await useAuthEnvironment();
    const { t, components } = backendWithComponents();
    const { ann, bob, roomMessage, privateMessage } = await scene(t);
    const dora = await passwordUser(t, "dora@example.com");
    await dora.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "❤️" });
    await dora.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "👍" });
    await ann.as.mutation(api.messageReactions.toggle, { messageId: roomMessage, emoji: "❤️" });
    await bob.as.mutation(api.messageReactions.toggle, { messageId: privateMessage, emoji: "❤️" });
    await dora.as.action(api.accountDeletion.deleteMyAccount, { password: PASSWORD, confirmation: "DELETE" });
    await runScheduled(t);
    const result = await countsAndRows(t, roomMessage);
    expect(result.stored).toEqual([{ emoji: "❤️", count: 1 }]);
    expect(result.stored).toEqual(result.fromRows);
    expect(await holdersOf(t, components, dora.userId)).toEqual([]);
    expect(await reactionRowCount(t)).toBe(2);
    // A whole deletion runs every stage: slow on a busy machine, as account-deletion.test.ts.
  }, 30_000);
});
