/**
 * The orphan sweep (convex/orphanSweep.ts, lib/orphan-sweep/): rows whose parent is gone because
 * a cascade was cut off go, each as its cascade would have taken it; rows whose parent exists
 * never do. Fake timers throughout: scheduled runs never start by themselves, as after a move
 * that lost them; the tests drive the sweep's runs one by one.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import crons from "../../convex/crons";
import type { Id, TableNames } from "../../convex/_generated/dataModel";
import type { MutationCtx } from "../../convex/_generated/server";
import { CASCADE_BATCH_SIZE } from "../../convex/cascade";
import { ORPHAN_KINDS } from "../../convex/lib/orphan-sweep/kinds";
import { CHAIN_STALLED_MS, ORPHAN_SWEEP_BATCH, PASS_INTERVAL_MS } from "../../convex/lib/orphan-sweep/sweep";
import { addPost } from "./posts-fixtures";
import { addBook, storeFile } from "./book-fixtures";
import { conversationWith } from "./conversation-fixtures";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-01T12:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
});

/** Runs the sweep's chain of runs until it has nothing left to do; returns the rows it removed. */
async function sweepUntilIdle(t: TestBackend): Promise<number> {
  await t.mutation(internal.orphanSweep.startPass, {});
  let removed = 0;
  for (let run = 0; run < 2_000; run++) {
    const step = await t.mutation(internal.orphanSweep.sweep, { chained: true });
    if (step.status !== "swept") {
      // Every table was walked in this pass, at least a batch each.
      expect(run).toBeGreaterThanOrEqual(ORPHAN_KINDS.length);
      return removed;
    }
    removed += step.removed;
  }
  throw new Error("the sweep did not finish");
}

/**
 * Moves the clock on without firing timers: the sweep's scheduled runs (and the app's) must not
 * start by themselves here, the tests drive every run.
 */
function later(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
}

/** Drops every pending scheduled run, as a move to a new deployment does. */
async function dropScheduledRuns(t: TestBackend): Promise<number> {
  return await t.run(async (ctx) => {
    const pending = (await ctx.db.system.query("_scheduled_functions").collect()).filter(
      (job) => job.state.kind === "pending",
    );
    for (const job of pending) await ctx.scheduler.cancel(job._id);
    return pending.length;
  });
}

async function exists(t: TestBackend, id: Id<TableNames>): Promise<boolean> {
  return await t.run(async (ctx) => (await ctx.db.get(id)) !== null);
}

type Fixture = {
  /** Makes the parent (and whatever it needs to be valid itself); returns its id. */
  parent: (ctx: MutationCtx, userId: Id<"users">) => Promise<Id<TableNames>>;
  /** Inserts one row depending on `parentId`; returns its id. */
  child: (ctx: MutationCtx, parentId: Id<TableNames>, userId: Id<"users">) => Promise<Id<TableNames>>;
};

const newBook = (ctx: MutationCtx, userId: Id<"users">) =>
  ctx.db.insert("books", { title: "Dune", image: { url: "https://example.com/a.png" }, userId, ...noCounts });
const newPost = (ctx: MutationCtx, userId: Id<"users">) =>
  ctx.db.insert("posts", {
    title: "On habits",
    description: "Small steps.",
    category: "productivity",
    image: { url: "https://example.com/a.png" },
    userId,
    ...noCounts,
  });
const newRoom = (ctx: MutationCtx, userId: Id<"users">) =>
  ctx.db.insert("chatRooms", { name: "Book club", createdBy: userId });
const newConversation = (ctx: MutationCtx, userId: Id<"users">) =>
  ctx.db.insert("conversations", { participants: [userId], pairKey: `${userId}:${Math.random()}`, lastMessageAt: 1 });
const noCounts = { updatedAt: 1, views: 0, likes: 0, comments: 0 };

/** Each swept table: a parent and a row of it (ids typed loosely: the table decides). */
const FIXTURES: Record<string, Fixture> = {
  bookComments: {
    parent: newBook,
    child: (ctx, bookId, authorId) =>
      ctx.db.insert("bookComments", { bookId: bookId as Id<"books">, authorId, text: "Nice" }),
  },
  postComments: {
    parent: newPost,
    child: (ctx, postId, authorId) =>
      ctx.db.insert("postComments", { postId: postId as Id<"posts">, authorId, text: "Nice" }),
  },
  likes: {
    parent: newPost,
    child: (ctx, targetId, userId) => ctx.db.insert("likes", { targetId: targetId as Id<"posts">, userId }),
  },
  views: {
    parent: newBook,
    child: (ctx, targetId, userId) =>
      ctx.db.insert("views", { targetId: targetId as Id<"books">, userId, viewedAt: 1 }),
  },
  chatMessages: {
    parent: newRoom,
    child: (ctx, roomId, userId) =>
      ctx.db.insert("chatMessages", { roomId: roomId as Id<"chatRooms">, userId, text: "Hi" }),
  },
  messages: {
    parent: newConversation,
    child: (ctx, conversationId, senderId) =>
      ctx.db.insert("messages", { conversationId: conversationId as Id<"conversations">, senderId, text: "Hi" }),
  },
  conversationMembers: {
    parent: newConversation,
    child: (ctx, conversationId, userId) =>
      ctx.db.insert("conversationMembers", {
        conversationId: conversationId as Id<"conversations">,
        userId,
        otherUserId: userId,
        lastMessageAt: 1,
        unreadCount: 0,
        readUpTo: 0,
      }),
  },
  conversationTyping: {
    parent: newConversation,
    child: (ctx, conversationId, userId) =>
      ctx.db.insert("conversationTyping", { conversationId: conversationId as Id<"conversations">, userId, until: 1 }),
  },
  chatTyping: {
    parent: newRoom,
    child: (ctx, roomId, userId) =>
      ctx.db.insert("chatTyping", { roomId: roomId as Id<"chatRooms">, userId, until: 1 }),
  },
  chatRoomReads: {
    parent: newRoom,
    child: (ctx, roomId, userId) =>
      ctx.db.insert("chatRoomReads", { roomId: roomId as Id<"chatRooms">, userId, readUpTo: 1 }),
  },
  chatRoomOnline: {
    parent: newRoom,
    child: (ctx, roomId) =>
      ctx.db.insert("chatRoomOnline", { roomId: roomId as Id<"chatRooms">, count: 1, updatedAt: 1 }),
  },
  chatRoomOnlineRefresh: {
    parent: newRoom,
    child: (ctx, roomId) => ctx.db.insert("chatRoomOnlineRefresh", { roomId: roomId as Id<"chatRooms">, dueAt: 1 }),
  },
  messageReactions: {
    parent: async (ctx, userId) =>
      await ctx.db.insert("chatMessages", { roomId: await newRoom(ctx, userId), userId, text: "Hi" }),
    child: (ctx, messageId, userId) =>
      ctx.db.insert("messageReactions", { messageId: messageId as Id<"chatMessages">, userId, emoji: "👍" }),
  },
  mentionRefs: {
    parent: async (ctx, userId) =>
      await ctx.db.insert("postComments", { postId: await newPost(ctx, userId), authorId: userId, text: "@Ann" }),
    child: (ctx, sourceId, userId) =>
      ctx.db.insert("mentionRefs", { sourceId: sourceId as Id<"postComments">, userId }),
  },
  reportedItems: {
    parent: newBook,
    child: (ctx, bookId, authorId) =>
      ctx.db.insert("reportedItems", {
        targetKind: "book",
        targetId: bookId,
        authorId,
        reportCount: 1,
        lastReportedAt: 1,
      }),
  },
  reports: {
    parent: async (ctx, authorId) =>
      await ctx.db.insert("reportedItems", {
        targetKind: "post",
        targetId: await newPost(ctx, authorId),
        authorId,
        reportCount: 1,
        lastReportedAt: 1,
      }),
    child: (ctx, itemId, reporterId) =>
      ctx.db.insert("reports", { itemId: itemId as Id<"reportedItems">, reporterId, reason: "spam" }),
  },
  notifications: {
    parent: newPost,
    child: (ctx, postId, recipientId) =>
      ctx.db.insert("notifications", {
        recipientId,
        kind: "comment",
        actorId: recipientId,
        targetKind: "post",
        targetId: postId,
        read: true,
        updatedAt: 1,
        actorCount: 1,
      }),
  },
  notificationActors: {
    // A friend add points at nothing but its actor: it stays while it exists.
    parent: (ctx, recipientId) =>
      ctx.db.insert("notifications", {
        recipientId,
        kind: "friendAdded",
        actorId: recipientId,
        read: true,
        updatedAt: 1,
        actorCount: 1,
      }),
    child: (ctx, notificationId, actorId) =>
      ctx.db.insert("notificationActors", { notificationId: notificationId as Id<"notifications">, actorId }),
  },
};

describe("each dependent kind", () => {
  test("every swept table has a fixture here", () => {
    expect(ORPHAN_KINDS.map(({ kind }) => kind).sort()).toEqual(Object.keys(FIXTURES).sort());
  });

  test.each(Object.keys(FIXTURES))("an orphaned %s row goes; the rows of a live parent stay", async (table) => {
    const fixture = FIXTURES[table]!;
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const { kept, orphans } = await t.run(async (ctx) => {
      const liveParent = await fixture.parent(ctx, ann.userId);
      const goneParent = await fixture.parent(ctx, ann.userId);
      const kept = [await fixture.child(ctx, liveParent, ann.userId), await fixture.child(ctx, liveParent, ann.userId)];
      const orphans = [await fixture.child(ctx, goneParent, ann.userId)];
      // The cascade cut off: the parent went, its rows did not.
      await ctx.db.delete(goneParent);
      return { kept, orphans };
    });

    expect(await sweepUntilIdle(t)).toBe(1);

    for (const id of orphans) expect(await exists(t, id)).toBe(false);
    for (const id of kept) expect(await exists(t, id)).toBe(true);
  });
});

describe("rows whose parent exists", () => {
  test("a whole pass over live data of every kind, and what the app itself made, removes nothing", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const bob = await signedInUser(t, { name: "Bob" });
    await t.run(async (ctx) => {
      for (const fixture of Object.values(FIXTURES)) {
        const parentId = await fixture.parent(ctx, ann.userId);
        await fixture.child(ctx, parentId, ann.userId);
      }
    });
    // Through the app: a room with a reacted message, a conversation, a commented, liked book.
    const roomId = await ann.as.mutation(api.chats.create, { name: "Book club" });
    const messageId = await ann.as.mutation(api.chatMessages.send, { roomId, text: "Hello" });
    await bob.as.mutation(api.messageReactions.toggle, { messageId, emoji: "👍" });
    await conversationWith(ann, bob, "Hi Bob");
    const { bookId } = await addBook(t, ann.as);
    await bob.as.mutation(api.bookComments.add, { bookId, text: "Nice" });
    await bob.as.mutation(api.books.toggleLike, { bookId });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const snapshot = async () =>
      await t.run(async (ctx) => {
        const ids: Record<string, string[]> = {};
        for (const { kind } of ORPHAN_KINDS) ids[kind] = (await ctx.db.query(kind).collect()).map((row) => row._id);
        return ids;
      });
    const before = await snapshot();
    expect(Object.values(before).every((ids) => ids.length > 0)).toBe(true);

    expect(await sweepUntilIdle(t)).toBe(0);

    expect(await snapshot()).toEqual(before);
  });
});

describe("removing an orphan as its cascade would", () => {
  test("an orphaned chat message takes its picture, mention rows, reactions and open reports with it", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const bob = await signedInUser(t, { name: "Bob" });
    const storageId = await storeFile(t);
    const { messageId, itemId } = await t.run(async (ctx) => {
      await ctx.db.insert("uploads", { storageId, ownerId: ann.userId, attached: true });
      const roomId = await newRoom(ctx, ann.userId);
      const messageId = await ctx.db.insert("chatMessages", {
        roomId,
        userId: ann.userId,
        text: "@Bob look",
        mentions: [{ userId: bob.userId, start: 0, length: 4 }],
        image: { storageId },
        reactions: [{ emoji: "👍", count: 1 }],
      });
      await ctx.db.insert("mentionRefs", { userId: bob.userId, sourceId: messageId });
      await ctx.db.insert("messageReactions", { messageId, userId: bob.userId, emoji: "👍" });
      const itemId = await ctx.db.insert("reportedItems", {
        targetKind: "chatMessage",
        targetId: messageId,
        authorId: ann.userId,
        reportCount: 1,
        lastReportedAt: 1,
      });
      await ctx.db.insert("reports", { itemId, reporterId: bob.userId, reason: "spam" });
      await ctx.db.delete(roomId);
      return { messageId, itemId };
    });

    // Found as orphans: the message (its mention row, file and queue row go with it), then its
    // reaction and report, whose runs of their own (scheduled by the removal) never start here.
    expect(await sweepUntilIdle(t)).toBe(3);

    expect(await exists(t, messageId)).toBe(false);
    expect(await exists(t, itemId)).toBe(false);
    await t.run(async (ctx) => {
      expect(await ctx.db.system.get(storageId)).toBeNull();
      for (const table of ["uploads", "mentionRefs", "messageReactions", "reports"] as const) {
        expect(await ctx.db.query(table).collect()).toEqual([]);
      }
    });
  });

  test("an orphaned unread notification leaves its recipient's unread count", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    await t.run(async (ctx) => {
      const postId = await newPost(ctx, ann.userId);
      for (const read of [false, true]) {
        await ctx.db.insert("notifications", {
          recipientId: ann.userId,
          kind: "like",
          actorId: ann.userId,
          targetKind: "post",
          targetId: postId,
          read,
          updatedAt: 1,
          actorCount: 1,
        });
      }
      await ctx.db.insert("notificationCounts", { userId: ann.userId, unread: 1 });
      await ctx.db.delete(postId);
    });

    expect(await sweepUntilIdle(t)).toBe(2);

    expect(await ann.as.query(api.notifications.unreadCount, {})).toBe(0);
  });
});

describe("the walk", () => {
  test("takes more rows than a batch over several runs, and a second pass finds nothing", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const total = ORPHAN_SWEEP_BATCH * 2 + 30;
    await t.run(async (ctx) => {
      const roomId = await newRoom(ctx, ann.userId);
      const liveRoomId = await newRoom(ctx, ann.userId);
      for (let i = 0; i < total; i++) {
        await ctx.db.insert("chatMessages", { roomId, userId: ann.userId, text: `Gone ${i}` });
        // Interleaved, so live rows sit on every page.
        await ctx.db.insert("chatMessages", { roomId: liveRoomId, userId: ann.userId, text: `Kept ${i}` });
      }
      await ctx.db.delete(roomId);
    });

    expect(await sweepUntilIdle(t)).toBe(total);
    expect(await t.run(async (ctx) => (await ctx.db.query("chatMessages").collect()).length)).toBe(total);
    expect(await sweepUntilIdle(t)).toBe(0);
  });

  test("the cron stays idle until the next pass is due, starts it, and leaves its chain alone while it walks", async () => {
    const t = newBackend();
    await sweepUntilIdle(t);
    const scheduled = async () =>
      await t.run(async (ctx) => (await ctx.db.system.query("_scheduled_functions").collect()).length);
    const scheduledBefore = await scheduled();
    // Nothing due: it reads the cursor rows, writes nothing, schedules nothing.
    expect(await t.mutation(internal.orphanSweep.sweep, {})).toEqual({ status: "idle" });
    expect(await scheduled()).toBe(scheduledBefore);

    later(PASS_INTERVAL_MS);
    expect(await t.mutation(internal.orphanSweep.sweep, {})).toMatchObject({
      status: "swept",
      kind: ORPHAN_KINDS[0]!.kind,
    });
    // Its chain goes on by itself: the next cron run leaves it alone…
    later(CHAIN_STALLED_MS - 1);
    expect(await t.mutation(internal.orphanSweep.sweep, {})).toEqual({ status: "busy" });
    // …until it has been silent for CHAIN_STALLED_MS: then the cron takes over where it stopped.
    later(1);
    expect(await t.mutation(internal.orphanSweep.sweep, {})).toMatchObject({
      status: "swept",
      kind: ORPHAN_KINDS[1]!.kind,
    });
  });

  test("runs on a schedule", () => {
    const jobs = (crons as unknown as { crons: Record<string, { name: string }> }).crons;
    expect(jobs["sweep orphaned rows"]?.name).toBe("orphanSweep:sweep");
  });

  test("a pass cut off half-way goes on from its cursor when the cron takes over", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    await t.run(async (ctx) => {
      const bookId = await newBook(ctx, ann.userId);
      for (let i = 0; i < ORPHAN_SWEEP_BATCH + 10; i++) {
        await ctx.db.insert("bookComments", { bookId, authorId: ann.userId, text: `Gone ${i}` });
      }
      await ctx.db.delete(bookId);
    });
    await t.mutation(internal.orphanSweep.startPass, {});
    expect(await t.mutation(internal.orphanSweep.sweep, { chained: true })).toMatchObject({
      kind: "bookComments",
      removed: ORPHAN_SWEEP_BATCH,
      finished: false,
    });
    // The chain's next run is lost.
    await dropScheduledRuns(t);
    later(CHAIN_STALLED_MS);

    expect(await t.mutation(internal.orphanSweep.sweep, {})).toMatchObject({
      kind: "bookComments",
      removed: 10,
      finished: true,
    });
  });
});

describe("a real cascade cut off", () => {
  test("a post deleted with more comments than a batch, its follow-up run lost: the sweep finishes the job", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const { postId } = await addPost(t, ann.as);
    const { postId: keptId } = await addPost(t, ann.as, { title: "Kept" });
    const extra = CASCADE_BATCH_SIZE + 120;
    await t.run(async (ctx) => {
      for (let i = 0; i < extra; i++) {
        const userId = await ctx.db.insert("users", { email: `reader${i}@example.com` });
        await ctx.db.insert("postComments", { postId, authorId: userId, text: `Comment ${i}` });
        await ctx.db.insert("likes", { targetId: postId, userId });
        await ctx.db.insert("views", { targetId: postId, userId, viewedAt: 0 });
      }
      await ctx.db.insert("postComments", { postId: keptId, authorId: ann.userId, text: "Stays" });
      await ctx.db.insert("likes", { targetId: keptId, userId: ann.userId });
    });

    await ann.as.mutation(api.posts.remove, { postId });
    // continueDeletingDependents was scheduled; the move loses it.
    expect(await dropScheduledRuns(t)).toBeGreaterThan(0);
    const leftOf = async (id: Id<"posts">) =>
      await t.run(async (ctx) => {
        const comments = await ctx.db
          .query("postComments")
          .withIndex("by_postId", (q) => q.eq("postId", id))
          .collect();
        const likes = await ctx.db
          .query("likes")
          .withIndex("by_targetId_and_userId", (q) => q.eq("targetId", id))
          .collect();
        const views = await ctx.db
          .query("views")
          .withIndex("by_targetId_and_userId", (q) => q.eq("targetId", id))
          .collect();
        return comments.length + likes.length + views.length;
      });
    expect(await leftOf(postId)).toBe(extra * 3 - CASCADE_BATCH_SIZE);

    expect(await sweepUntilIdle(t)).toBe(extra * 3 - CASCADE_BATCH_SIZE);

    expect(await leftOf(postId)).toBe(0);
    expect(await leftOf(keptId)).toBe(2);
    expect(await sweepUntilIdle(t)).toBe(0);
  });

  test("a room deleted with reacted messages, its reaction run lost: the sweep takes the reactions", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const bob = await signedInUser(t, { name: "Bob" });
    const roomId = await ann.as.mutation(api.chats.create, { name: "Book club" });
    const messageId = await ann.as.mutation(api.chatMessages.send, { roomId, text: "Hello" });
    await bob.as.mutation(api.messageReactions.toggle, { messageId, emoji: "👍" });
    await ann.as.mutation(api.messageReactions.toggle, { messageId, emoji: "❤️" });

    await ann.as.mutation(api.chats.remove, { roomId });
    await dropScheduledRuns(t);
    expect(await t.run(async (ctx) => (await ctx.db.query("messageReactions").collect()).length)).toBe(2);

    await sweepUntilIdle(t);

    expect(await t.run(async (ctx) => (await ctx.db.query("messageReactions").collect()).length)).toBe(0);
  });
});
