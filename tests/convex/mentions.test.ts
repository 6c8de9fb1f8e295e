/**
 * @mentions (issue 31): which spans the server keeps with a chat message or comment, who is
 * notified (an event row for N1's fold), and the picker's people.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { CASCADE_BATCH_SIZE } from "../../convex/cascade";
import { NOT_SIGNED_IN } from "../../convex/lib/auth";
import { deletionWrites, withinWrites, writeMentionRefs } from "../../convex/lib/mentions";
import { ROOM_MESSAGES_SCANNED } from "../../convex/mentions";
import { type Mention, MENTION_SUGGESTIONS, wellFormedMentions } from "../../convex/shared/mentions";
import { MAX_MENTIONS } from "../../convex/shared/notifications";
import { addBook } from "./book-fixtures";
import { addRoom, firstPage } from "./chat-fixtures";
import { addPost } from "./posts-fixtures";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

async function scene() {
  const t = newBackend();
  const ann = await signedInUser(t, { name: "Ann" });
  const bob = await signedInUser(t, { name: "Bob Allen" });
  const carol = await signedInUser(t, { name: "Carol" });
  const roomId = await addRoom(ann.as);
  return { t, ann, bob, carol, roomId };
}

/** The span of the first `@Name` in `text`, for `userId`. */
function span(text: string, name: string, userId: Id<"users">, from = 0): Mention {
  const start = text.indexOf(`@${name}`, from);
  if (start < 0) throw new Error(`no @${name} in ${text}`);
  return { userId, start, length: name.length + 1 };
}

async function storedMessage(t: TestBackend, messageId: Id<"chatMessages">) {
  return await t.run(async (ctx) => (await ctx.db.get(messageId))!);
}

/** The mention events recorded for `recipientId` (N1's recordNotification writes one per mention). */
async function mentionEvents(t: TestBackend, recipientId: Id<"users">) {
  return await t.run(async (ctx) =>
    (
      await ctx.db
        .query("notificationEvents")
        .withIndex("by_recipientId", (q) => q.eq("recipientId", recipientId))
        .collect()
    ).filter((event) => event.kind === "mention"),
  );
}

describe("chat messages keep their checked mentions", () => {
  test("a valid span is stored, listed and notified once", async () => {
    const { t, ann, bob, roomId } = await scene();
    const text = "Hi @Bob Allen, and again @Bob Allen";
    const mentions = [span(text, "Bob Allen", bob.userId), span(text, "Bob Allen", bob.userId, 5)];
    const messageId = await ann.as.mutation(api.chatMessages.send, { roomId, text, mentions });

    expect((await storedMessage(t, messageId)).mentions).toEqual(mentions);
    const page = await bob.as.query(api.chatMessages.list, { roomId, paginationOpts: firstPage });
    expect(page.page[0]!.mentions).toEqual(mentions);
    const events = await mentionEvents(t, bob.userId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorId: ann.userId,
      targetKind: "chatRoom",
      targetId: roomId,
      sourceId: messageId,
    });
  });

  test("spans are moved with the trimmed text", async () => {
    const { t, ann, bob, roomId } = await scene();
    const text = "   @Bob Allen hello  ";
    const messageId = await ann.as.mutation(api.chatMessages.send, {
      roomId,
      text,
      mentions: [span(text, "Bob Allen", bob.userId)],
    });
    expect(await storedMessage(t, messageId)).toMatchObject({
      text: "@Bob Allen hello",
      mentions: [{ userId: bob.userId, start: 0, length: 10 }],
    });
  });

  test("wrong spans, names that do not match, unknown and deleted people are dropped, the message kept", async () => {
    const { t, ann, bob, carol, roomId } = await scene();
    const ghost = await t.run(async (ctx) => {
      const id = await ctx.db.insert("users", {});
      await ctx.db.delete(id);
      return id;
    });
    const text = "@Bob Allen @Carol @Ghost x";
    const mentions: Mention[] = [
      { userId: carol.userId, start: 0, length: 10 }, // Bob's name on Carol's id
      { userId: bob.userId, start: 3, length: 5 }, // not at an "@"
      { userId: bob.userId, start: 20, length: 50 }, // past the end
      { userId: bob.userId, start: -1, length: 3 },
      { userId: bob.userId, start: 1.5, length: 3 },
      span(text, "Ghost", ghost),
      span(text, "Carol", carol.userId),
    ];
    const messageId = await ann.as.mutation(api.chatMessages.send, { roomId, text, mentions });
    const stored = await storedMessage(t, messageId);
    expect(stored.text).toBe(text);
    expect(stored.mentions).toEqual([span(text, "Carol", carol.userId)]);
    expect(await mentionEvents(t, bob.userId)).toHaveLength(0);
    expect(await mentionEvents(t, carol.userId)).toHaveLength(1);
  });

  test("a name changed since typing drops the link, not the message", async () => {
    const { t, ann, bob, roomId } = await scene();
    await t.run(async (ctx) => {
      const profile = await ctx.db
        .query("profiles")
        .withIndex("by_userId", (q) => q.eq("userId", bob.userId))
        .first();
      await ctx.db.patch(profile!._id, { displayName: "Robert" });
    });
    const text = "@Bob Allen hi";
    const messageId = await ann.as.mutation(api.chatMessages.send, {
      roomId,
      text,
      mentions: [span(text, "Bob Allen", bob.userId)],
    });
    expect((await storedMessage(t, messageId)).mentions).toBeUndefined();
  });

  test("self-mentions are stored but not notified", async () => {
    const { t, ann, roomId } = await scene();
    const text = "note to @Ann";
    const messageId = await ann.as.mutation(api.chatMessages.send, {
      roomId,
      text,
      mentions: [span(text, "Ann", ann.userId)],
    });
    expect((await storedMessage(t, messageId)).mentions).toHaveLength(1);
    expect(await mentionEvents(t, ann.userId)).toHaveLength(0);
  });

  test(`at most ${MAX_MENTIONS} mentions are kept; more are ignored`, async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const people = [];
    for (let i = 0; i < MAX_MENTIONS + 2; i++) people.push(await signedInUser(t, { name: `P${i}` }));
    const roomId = await addRoom(ann.as);
    const text = people.map((_, i) => `@P${i}`).join(" ");
    const mentions = people.map((person, i) => span(text, `P${i}`, person.userId));
    const messageId = await ann.as.mutation(api.chatMessages.send, { roomId, text, mentions });
    const stored = await storedMessage(t, messageId);
    expect(stored.mentions).toEqual(mentions.slice(0, MAX_MENTIONS));
    expect(await mentionEvents(t, people[MAX_MENTIONS - 1]!.userId)).toHaveLength(1);
    expect(await mentionEvents(t, people[MAX_MENTIONS]!.userId)).toHaveLength(0);
  });

  test("500 @ in one message with 500 spans: sent, at most 10 kept, nothing blows up", async () => {
    const { t, ann, bob, roomId } = await scene();
    // 120 real "@Bob Allen" and 500 bare "@", 1,819 characters; a span claimed at every "@".
    const text = "@Bob Allen ".repeat(120) + "@".repeat(500);
    const mentions: Mention[] = [];
    for (let i = 0; i < 120; i++) mentions.push({ userId: bob.userId, start: i * 11, length: 10 });
    for (let i = 0; i < 500; i++) mentions.push({ userId: bob.userId, start: 1320 + i, length: 10 });
    const messageId = await ann.as.mutation(api.chatMessages.send, { roomId, text, mentions });
    const stored = await storedMessage(t, messageId);
    expect(stored.mentions).toHaveLength(MAX_MENTIONS);
    expect(await mentionEvents(t, bob.userId)).toHaveLength(1);
  });

  test("a message without mentions stores no field", async () => {
    const { t, ann, roomId } = await scene();
    const messageId = await ann.as.mutation(api.chatMessages.send, { roomId, text: "@nobody", mentions: [] });
    expect((await storedMessage(t, messageId)).mentions).toBeUndefined();
    const page = await ann.as.query(api.chatMessages.list, { roomId, paginationOpts: firstPage });
    expect(page.page[0]!.mentions).toEqual([]);
  });
});

describe("comments keep their checked mentions", () => {
  test("a book comment mentions and notifies; the list returns the spans", async () => {
    const { t, ann, bob } = await scene();
    const { bookId } = await addBook(t, ann.as);
    const text = "Ask @Bob Allen";
    const mentions = [span(text, "Bob Allen", bob.userId)];
    const commentId = await ann.as.mutation(api.bookComments.add, { bookId, text, mentions });
    const page = await bob.as.query(api.bookComments.list, { bookId, paginationOpts: firstPage });
    expect(page.page[0]!.mentions).toEqual(mentions);
    const events = await mentionEvents(t, bob.userId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ targetKind: "book", targetId: bookId, sourceId: commentId });
  });

  test("the item's owner mentioned in a comment hears of it once, as a comment", async () => {
    const { t, ann, bob } = await scene();
    const { bookId } = await addBook(t, ann.as);
    const text = "@Ann what a find";
    await bob.as.mutation(api.bookComments.add, { bookId, text, mentions: [span(text, "Ann", ann.userId)] });
    const events = await t.run(async (ctx) =>
      ctx.db
        .query("notificationEvents")
        .withIndex("by_recipientId", (q) => q.eq("recipientId", ann.userId))
        .collect(),
    );
    expect(events.map((event) => event.kind)).toEqual(["comment"]);
  });

  test("a post comment mentions; an edit keeps what still matches and notifies only people it adds", async () => {
    const { t, ann, bob, carol } = await scene();
    const { postId } = await addPost(t, ann.as);
    const text = "Hi @Bob Allen";
    const commentId = await ann.as.mutation(api.postComments.add, {
      postId,
      text,
      mentions: [span(text, "Bob Allen", bob.userId)],
    });
    expect(await mentionEvents(t, bob.userId)).toHaveLength(1);

    // An edit that sends no mentions keeps the old spans that still read "@Name".
    await ann.as.mutation(api.postComments.edit, { commentId, text: "Hi @Bob Allen!" });
    let page = await ann.as.query(api.postComments.list, { postId, paginationOpts: firstPage });
    expect(page.page[0]!.mentions).toEqual([{ userId: bob.userId, start: 3, length: 10 }]);

    // An edit that adds Carol notifies Carol, not Bob again.
    const edited = "@Carol and @Bob Allen";
    await ann.as.mutation(api.postComments.edit, {
      commentId,
      text: edited,
      mentions: [span(edited, "Carol", carol.userId), span(edited, "Bob Allen", bob.userId)],
    });
    page = await ann.as.query(api.postComments.list, { postId, paginationOpts: firstPage });
    expect(page.page[0]!.mentions).toHaveLength(2);
    expect(await mentionEvents(t, bob.userId)).toHaveLength(1);
    expect(await mentionEvents(t, carol.userId)).toHaveLength(1);

    // An edit whose text no longer holds the name drops the mention.
    await ann.as.mutation(api.postComments.edit, { commentId, text: "nobody now" });
    page = await ann.as.query(api.postComments.list, { postId, paginationOpts: firstPage });
    expect(page.page[0]!.mentions).toEqual([]);
  });
});

/** Who the mentionRefs rows of `sourceId` name, sorted. */
async function refsOf(t: TestBackend, sourceId: string) {
  return await t.run(async (ctx) =>
    (
      await ctx.db
        .query("mentionRefs")
        .withIndex("by_sourceId", (q) => q.eq("sourceId", sourceId as Id<"chatMessages">))
        .collect()
    )
      .map((ref) => ref.userId)
      .sort(),
  );
}

async function allRefs(t: TestBackend) {
  return await t.run(async (ctx) => await ctx.db.query("mentionRefs").collect());
}

describe("who is mentioned where (mentionRefs, for account deletion)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test("a message keeps a row per person it mentions; deleting it deletes them", async () => {
    const { t, ann, bob, carol, roomId } = await scene();
    const text = "@Bob Allen @Carol @Bob Allen";
    const messageId = await ann.as.mutation(api.chatMessages.send, {
      roomId,
      text,
      mentions: [
        span(text, "Bob Allen", bob.userId),
        span(text, "Carol", carol.userId),
        span(text, "Bob Allen", bob.userId, 5),
      ],
    });
    expect(await refsOf(t, messageId)).toEqual([bob.userId, carol.userId].sort());
    // A message without mentions has none.
    const plain = await ann.as.mutation(api.chatMessages.send, { roomId, text: "hello" });
    expect(await refsOf(t, plain)).toEqual([]);

    await ann.as.mutation(api.chatMessages.remove, { messageId });
    expect(await allRefs(t)).toEqual([]);
  });

  test("a post comment's edit replaces its rows; deleting it deletes them", async () => {
    const { t, ann, bob, carol } = await scene();
    const { postId } = await addPost(t, ann.as);
    const text = "Hi @Bob Allen";
    const commentId = await ann.as.mutation(api.postComments.add, {
      postId,
      text,
      mentions: [span(text, "Bob Allen", bob.userId)],
    });
    expect(await refsOf(t, commentId)).toEqual([bob.userId]);

    const edited = "@Carol and @Bob Allen";
    await ann.as.mutation(api.postComments.edit, {
      commentId,
      text: edited,
      mentions: [span(edited, "Carol", carol.userId), span(edited, "Bob Allen", bob.userId)],
    });
    expect(await refsOf(t, commentId)).toEqual([bob.userId, carol.userId].sort());

    const onlyCarol = "just @Carol";
    await ann.as.mutation(api.postComments.edit, {
      commentId,
      text: onlyCarol,
      mentions: [span(onlyCarol, "Carol", carol.userId)],
    });
    expect(await refsOf(t, commentId)).toEqual([carol.userId]);

    await ann.as.mutation(api.postComments.edit, { commentId, text: "nobody now" });
    expect(await refsOf(t, commentId)).toEqual([]);

    const again = "@Bob Allen once more";
    const secondId = await ann.as.mutation(api.postComments.add, {
      postId,
      text: again,
      mentions: [span(again, "Bob Allen", bob.userId)],
    });
    await ann.as.mutation(api.postComments.remove, { commentId: secondId });
    expect(await allRefs(t)).toEqual([]);
  });

  test("a book comment's rows go with the comment, and with its book", async () => {
    const { t, ann, bob, carol } = await scene();
    const { bookId } = await addBook(t, ann.as);
    const text = "Ask @Carol";
    const first = await bob.as.mutation(api.bookComments.add, {
      bookId,
      text,
      mentions: [span(text, "Carol", carol.userId)],
    });
    await bob.as.mutation(api.bookComments.add, { bookId, text, mentions: [span(text, "Carol", carol.userId)] });
    await bob.as.mutation(api.bookComments.remove, { commentId: first });
    expect(await allRefs(t)).toHaveLength(1);
    await ann.as.mutation(api.books.remove, { bookId });
    expect(await allRefs(t)).toEqual([]);
  });

  test("a deleted post or room takes the rows of its comments and messages along", async () => {
    const { t, ann, bob, carol, roomId } = await scene();
    const { postId } = await addPost(t, ann.as);
    const text = "Ask @Carol";
    await bob.as.mutation(api.postComments.add, { postId, text, mentions: [span(text, "Carol", carol.userId)] });
    await bob.as.mutation(api.chatMessages.send, { roomId, text, mentions: [span(text, "Carol", carol.userId)] });
    expect(await allRefs(t)).toHaveLength(2);
    await ann.as.mutation(api.posts.remove, { postId });
    await ann.as.mutation(api.chats.remove, { roomId });
    expect(await allRefs(t)).toEqual([]);
  });

  test(`a cascade batch counts each comment with its rows: at most ${CASCADE_BATCH_SIZE} writes`, async () => {
    vi.useFakeTimers();
    const { t, ann } = await scene();
    const { bookId } = await addBook(t, ann.as);
    const COMMENTS = 60;
    await t.run(async (ctx) => {
      const people: Id<"users">[] = [];
      for (let i = 0; i < MAX_MENTIONS; i++) people.push(await ctx.db.insert("users", {}));
      const mentions = people.map((userId, i) => ({ userId, start: i * 3, length: 2 }));
      for (let i = 0; i < COMMENTS; i++) {
        const commentId = await ctx.db.insert("bookComments", {
          bookId,
          authorId: ann.userId,
          text: "@a ".repeat(10),
          mentions,
        });
        await writeMentionRefs(ctx, commentId, mentions);
      }
    });
    const perComment = 1 + MAX_MENTIONS;
    expect(await allRefs(t)).toHaveLength(COMMENTS * MAX_MENTIONS);

    await ann.as.mutation(api.books.remove, { bookId });
    const fitting = Math.floor(CASCADE_BATCH_SIZE / perComment);
    const left = await t.run(async (ctx) => (await ctx.db.query("bookComments").collect()).length);
    expect(left).toBe(COMMENTS - fitting);
    expect(await allRefs(t)).toHaveLength(left * MAX_MENTIONS);

    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await t.run(async (ctx) => await ctx.db.query("bookComments").collect())).toEqual([]);
    expect(await allRefs(t)).toEqual([]);
  });

  test("withinWrites keeps the front that fits and counts a row per distinct person", () => {
    const a = "a" as Id<"users">;
    const b = "b" as Id<"users">;
    const twoPeople = {
      mentions: [
        { userId: a, start: 0, length: 2 },
        { userId: b, start: 3, length: 2 },
        { userId: a, start: 6, length: 2 },
      ],
    };
    expect(deletionWrites({})).toBe(1);
    expect(deletionWrites(twoPeople)).toBe(3);
    expect(withinWrites([twoPeople, {}, twoPeople], 4)).toEqual({ fitting: [twoPeople, {}], writes: 4 });
    expect(withinWrites([{}, {}], 10)).toEqual({ fitting: [{}, {}], writes: 2 });
  });
});

describe("the picker's people", () => {
  test("matches a prefix of the name or a word of it, never the caller", async () => {
    const { ann } = await scene();
    const names = async (query: string) =>
      (await ann.as.query(api.mentions.candidates, { query })).map((person) => person.displayName);
    expect(await names("bo")).toEqual(["Bob Allen"]);
    expect(await names("al")).toEqual(["Bob Allen"]);
    expect(await names("an")).toEqual([]);
    expect(await names("")).toEqual([]);
    const [person] = await ann.as.query(api.mentions.candidates, { query: "car" });
    expect(Object.keys(person!).sort()).toEqual(["displayName", "photoURL", "userId"]);
  });

  test("in a room, its recent authors come first, with an empty query too", async () => {
    const { ann, bob, carol, roomId } = await scene();
    await bob.as.mutation(api.chatMessages.send, { roomId, text: "hello" });
    const inRoom = await carol.as.query(api.mentions.candidates, { query: "", roomId });
    expect(inRoom.map((person) => person.userId)).toEqual([bob.userId]);
    await ann.as.mutation(api.chatMessages.send, { roomId, text: "hi" });
    const both = await carol.as.query(api.mentions.candidates, { query: "", roomId });
    expect(both.map((person) => person.displayName).sort()).toEqual(["Ann", "Bob Allen"]);
  });

  test(`at most ${MENTION_SUGGESTIONS} people, and only the newest ${ROOM_MESSAGES_SCANNED} messages are read`, async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    for (let i = 0; i < MENTION_SUGGESTIONS + 3; i++) await signedInUser(t, { name: `Zed ${i}` });
    const found = await ann.as.query(api.mentions.candidates, { query: "zed" });
    expect(found).toHaveLength(MENTION_SUGGESTIONS);
  });

  test("refuses anonymous callers", async () => {
    const t = newBackend();
    await expect(t.query(api.mentions.candidates, { query: "a" })).rejects.toThrow(NOT_SIGNED_IN);
  });
});

describe("wellFormedMentions", () => {
  test("keeps spans in text order, drops overlaps and exact repeats", () => {
    const id = "u1" as Id<"users">;
    const text = "@ab @cd";
    expect(
      wellFormedMentions(text, [
        { userId: id, start: 4, length: 3 },
        { userId: id, start: 0, length: 3 },
        { userId: id, start: 0, length: 3 },
        { userId: id, start: 1, length: 2 },
        { userId: id, start: 0, length: 1 },
      ]),
    ).toEqual([
      { userId: id, start: 0, length: 3 },
      { userId: id, start: 4, length: 3 },
    ]);
  });
});
