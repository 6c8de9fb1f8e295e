/**
 * "Remove all content of this person" (lib/moderation/content-removal.ts): who may, what is
 * refused, batches through the scheduler (more items than a batch), resuming, the log and the
 * counts, and that other people's content stays.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import {
  CANNOT_REMOVE_OWN,
  CANNOT_REMOVE_STAFF,
  HEAVY_BATCH,
  LIGHT_BATCH,
  REMOVAL_REASON_REQUIRED,
} from "../../convex/lib/moderation/content-removal";
import { NOT_MODERATOR } from "../../convex/lib/moderation/roles";
import { addBook } from "./book-fixtures";
import { addRoom, seedHistory } from "./chat-fixtures";
import { conversationWith } from "./conversation-fixtures";
import { auditRows, reportRows, staffUser } from "./moderation-fixtures";
import { addPost, insertPosts } from "./posts-fixtures";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

const firstPage = { numItems: 10, cursor: null };

afterEach(() => {
  vi.useRealTimers();
});

/** Everything of `userId` still in the tables, per kind. */
async function contentOf(t: TestBackend, userId: Id<"users">) {
  return await t.run(async (ctx) => {
    const count = async (rows: Promise<unknown[]>) => (await rows).length;
    return {
      bookComment: await count(
        ctx.db
          .query("bookComments")
          .withIndex("by_authorId", (q) => q.eq("authorId", userId))
          .collect(),
      ),
      postComment: await count(
        ctx.db
          .query("postComments")
          .withIndex("by_authorId", (q) => q.eq("authorId", userId))
          .collect(),
      ),
      chatMessage: await count(
        ctx.db
          .query("chatMessages")
          .withIndex("by_userId", (q) => q.eq("userId", userId))
          .collect(),
      ),
      message: await count(
        ctx.db
          .query("messages")
          .withIndex("by_senderId", (q) => q.eq("senderId", userId))
          .collect(),
      ),
      post: await count(
        ctx.db
          .query("posts")
          .withIndex("by_userId", (q) => q.eq("userId", userId))
          .collect(),
      ),
      book: await count(
        ctx.db
          .query("books")
          .withIndex("by_userId", (q) => q.eq("userId", userId))
          .collect(),
      ),
      chatRoom: await count(
        ctx.db
          .query("chatRooms")
          .withIndex("by_createdBy", (q) => q.eq("createdBy", userId))
          .collect(),
      ),
    };
  });
}

/**
 * A spammer with more of each kind than one batch takes where it matters (comments and chat
 * messages past LIGHT_BATCH, posts past HEAVY_BATCH), written straight into the tables, and an
 * honest person with content of every kind, some of it next to the spammer's.
 */
async function scene(t: TestBackend) {
  const spammer = await signedInUser(t, { name: "Spammer" });
  const honest = await signedInUser(t, { name: "Honest" });
  const { postId: honestPost } = await addPost(t, honest.as, { title: "Honest post" });
  const { bookId: honestBook } = await addBook(t, honest.as, "Honest book");
  const honestRoom = await addRoom(honest.as, { name: "Honest room" });
  await honest.as.mutation(api.postComments.add, { postId: honestPost, text: "My own comment" });
  await honest.as.mutation(api.bookComments.add, { bookId: honestBook, text: "My own note" });
  await seedHistory(t, honestRoom, honest.userId, 3);
  const conversationId = await conversationWith(honest, spammer, "Hello");
  await conversationWith(spammer, honest, "Buy now", "Really, buy");

  const postComments = LIGHT_BATCH + 30;
  const chatMessages = LIGHT_BATCH + 20;
  const posts = HEAVY_BATCH + 2;
  await insertPosts(
    t,
    spammer.userId,
    Array.from({ length: posts }, () => ({ category: "productivity" as const })),
  );
  await t.run(async (ctx) => {
    for (let i = 0; i < postComments; i++) {
      await ctx.db.insert("postComments", { postId: honestPost, authorId: spammer.userId, text: `Spam ${i}` });
    }
    for (let i = 0; i < 3; i++) {
      await ctx.db.insert("bookComments", { bookId: honestBook, authorId: spammer.userId, text: `Spam ${i}` });
    }
  });
  await seedHistory(t, honestRoom, spammer.userId, chatMessages);
  const { bookId: spamBook } = await addBook(t, spammer.as, "Spam book");
  const spamRoom = await addRoom(spammer.as, { name: "Spam room" });
  // Someone reported one of the spammer's posts: the removal closes the report.
  const reporter = await signedInUser(t, { name: "Reporter" });
  const { postId: reportedPost } = await addPost(t, spammer.as, { title: "Reported spam" });
  await reporter.as.mutation(api.reports.report, { target: { kind: "post", id: reportedPost }, reason: "spam" });
  const expected = {
    bookComment: 3,
    postComment: postComments,
    chatMessage: chatMessages,
    message: 2,
    post: posts + 1,
    book: 1,
    chatRoom: 1,
  };
  return { spammer, honest, honestPost, honestBook, honestRoom, conversationId, spamBook, spamRoom, expected };
}

async function runAll(t: TestBackend) {
  await t.finishAllScheduledFunctions(vi.runAllTimers);
}

describe("moderation:removeAllContent", () => {
  test("removes every kind of the person's content in batches, counts it, logs it, and leaves others' alone", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const s = await scene(t);
    const before = await contentOf(t, s.spammer.userId);
    expect(before).toEqual(s.expected);
    const honestBefore = await contentOf(t, s.honest.userId);
    const mod = await staffUser(t, "moderator", "Mod");

    const removalId = await mod.as.mutation(api.moderation.removeAllContent, {
      userId: s.spammer.userId,
      reason: "  Spam everywhere  ",
    });
    // Started: logged at once, the work not done yet.
    const started = await mod.as.query(api.moderationLists.contentRemovals, { paginationOpts: firstPage });
    expect(started.page).toEqual([
      expect.objectContaining({ _id: removalId, removed: 0, finishedAt: null, reason: "Spam everywhere", by: "Mod" }),
    ]);
    expect(await auditRows(t)).toEqual([
      expect.objectContaining({
        action: "remove",
        actorId: mod.userId,
        subjectId: s.spammer.userId,
        reason: "Spam everywhere",
        detail: "started",
      }),
    ]);

    await runAll(t);

    expect(await contentOf(t, s.spammer.userId)).toEqual({
      bookComment: 0,
      postComment: 0,
      chatMessage: 0,
      message: 0,
      post: 0,
      book: 0,
      chatRoom: 0,
    });
    // Other people's content stays (the counts on it follow through the owner's deletes, cascade.ts).
    expect(await contentOf(t, s.honest.userId)).toEqual(honestBefore);
    expect(await t.run((ctx) => ctx.db.get(s.honestPost))).not.toBeNull();
    expect(await t.run((ctx) => ctx.db.get(s.honestRoom))).not.toBeNull();
    expect(await t.run((ctx) => ctx.db.get(s.conversationId))).not.toBeNull();
    // The spammer's report is closed with the post.
    expect(await reportRows(t)).toEqual({ items: [], reports: [] });

    const total = Object.values(s.expected).reduce((sum, n) => sum + n, 0);
    const done = await mod.as.query(api.moderationLists.contentRemovals, { paginationOpts: firstPage });
    expect(done.page[0]).toMatchObject({ removed: total, finishedAt: expect.any(Number) });
    const removal = await t.run((ctx) => ctx.db.get(removalId));
    expect(removal?.counts).toEqual(s.expected);
    const log = await auditRows(t);
    expect(log).toHaveLength(2);
    expect(log[1]).toMatchObject({
      action: "remove",
      actorId: mod.userId,
      subjectId: s.spammer.userId,
      detail: `finished: ${total} items: 3 book comments, ${s.expected.postComment} post comments, ${s.expected.chatMessage} chat messages, 2 private messages, ${s.expected.post} posts, 1 book, 1 chat room`,
    });
  });

  test("works in batches: one run removes at most a batch and schedules the next", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const s = await scene(t);
    const mod = await staffUser(t);
    const removalId = await mod.as.mutation(api.moderation.removeAllContent, {
      userId: s.spammer.userId,
      reason: "Spam",
    });
    // Run the batches one at a time, by hand, as the scheduler would.
    const batches: number[] = [];
    for (let i = 0; i < 50; i++) {
      const before = (await t.run((ctx) => ctx.db.get(removalId)))!;
      if (before.finishedAt !== undefined) break;
      await t.mutation(internal.moderationSweep.removeNextBatch, { removalId });
      const after = (await t.run((ctx) => ctx.db.get(removalId)))!;
      batches.push(after.removed - before.removed);
    }
    expect(Math.max(...batches)).toBeLessThanOrEqual(LIGHT_BATCH);
    // 3 book comments; post comments 100 + 30; chat messages 100 + 20; 2 messages; posts 4 + 3; 1 book; 1 room; the end.
    expect(batches).toEqual([3, LIGHT_BATCH, 30, LIGHT_BATCH, 20, 2, HEAVY_BATCH, 3, 1, 1, 0]);
    expect(await contentOf(t, s.spammer.userId)).toMatchObject({ postComment: 0, post: 0, chatRoom: 0 });
  });

  test("is resumable: a start while it runs changes nothing, a start after it stopped carries on", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const s = await scene(t);
    const mod = await staffUser(t);
    const removalId = await mod.as.mutation(api.moderation.removeAllContent, {
      userId: s.spammer.userId,
      reason: "Spam",
    });
    // One batch ran, then the scheduled chain was lost (as if a run failed for good).
    await t.mutation(internal.moderationSweep.removeNextBatch, { removalId });
    await t.mutation(internal.moderationSweep.removeNextBatch, { removalId });
    await t.run(async (ctx) => {
      for (const job of await ctx.db.system.query("_scheduled_functions").collect()) {
        if (job.state.kind === "pending") await ctx.scheduler.cancel(job._id);
      }
    });
    // Started again at once: the same run, nothing new logged.
    expect(await mod.as.mutation(api.moderation.removeAllContent, { userId: s.spammer.userId, reason: "Again" })).toBe(
      removalId,
    );
    expect((await auditRows(t)).map((row) => row.detail)).toEqual(["started"]);
    // A minute later it counts as stopped: starting again sets it going from what is left.
    vi.advanceTimersByTime(61_000);
    expect(await mod.as.mutation(api.moderation.removeAllContent, { userId: s.spammer.userId, reason: "Again" })).toBe(
      removalId,
    );
    await runAll(t);
    expect(await contentOf(t, s.spammer.userId)).toMatchObject({ postComment: 0, chatMessage: 0, post: 0 });
    const removal = await t.run((ctx) => ctx.db.get(removalId));
    expect(removal?.counts).toEqual(s.expected);
    expect((await auditRows(t)).map((row) => row.detail?.split(":")[0])).toEqual(["started", "finished"]);
  });

  test("refuses without a reason, with a reason past the limit, on oneself and on an unknown person", async () => {
    const t = newBackend();
    const mod = await staffUser(t);
    const bob = await signedInUser(t, { name: "Bob" });
    await expect(
      mod.as.mutation(api.moderation.removeAllContent, { userId: bob.userId, reason: "  " }),
    ).rejects.toThrow(REMOVAL_REASON_REQUIRED);
    await expect(
      mod.as.mutation(api.moderation.removeAllContent, { userId: bob.userId, reason: "x".repeat(501) }),
    ).rejects.toThrow("Reason must be at most 500 characters");
    await expect(
      mod.as.mutation(api.moderation.removeAllContent, { userId: mod.userId, reason: "Me" }),
    ).rejects.toThrow(CANNOT_REMOVE_OWN);
    const gone = await signedInUser(t, { name: "Gone" });
    await t.run((ctx) => ctx.db.delete(gone.userId));
    await expect(
      mod.as.mutation(api.moderation.removeAllContent, { userId: gone.userId, reason: "Spam" }),
    ).rejects.toThrow("User not found.");
    expect(await auditRows(t)).toEqual([]);
    expect(await t.run((ctx) => ctx.db.query("contentRemovals").collect())).toEqual([]);
  });

  test("only an admin may remove all content of a moderator or an admin; ordinary users may not at all", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const mod = await staffUser(t, "moderator", "Mod");
    const otherMod = await staffUser(t, "moderator", "Other mod");
    const admin = await staffUser(t, "admin", "Admin");
    const bob = await signedInUser(t, { name: "Bob" });
    await expect(
      mod.as.mutation(api.moderation.removeAllContent, { userId: otherMod.userId, reason: "Spam" }),
    ).rejects.toThrow(CANNOT_REMOVE_STAFF);
    await expect(
      mod.as.mutation(api.moderation.removeAllContent, { userId: admin.userId, reason: "Spam" }),
    ).rejects.toThrow(CANNOT_REMOVE_STAFF);
    await expect(
      bob.as.mutation(api.moderation.removeAllContent, { userId: mod.userId, reason: "Spam" }),
    ).rejects.toThrow(NOT_MODERATOR);
    await admin.as.mutation(api.moderation.removeAllContent, { userId: otherMod.userId, reason: "Abuse" });
    await runAll(t);
    expect((await auditRows(t)).map((row) => row.detail)).toEqual(["started", "finished: nothing"]);
  });

  test("the dashboard's twin names the person by address and is logged as the dashboard", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const bob = await signedInUser(t, { name: "Bob" });
    const email = await t.run(async (ctx) => (await ctx.db.get(bob.userId))!.email!);
    const { postId } = await addPost(t, bob.as);
    await t.mutation(internal.moderation.removeAllContentOf, { email, reason: "Spam" });
    await runAll(t);
    expect(await t.run((ctx) => ctx.db.get(postId))).toBeNull();
    const log = await auditRows(t);
    expect(log.map((row) => row.actorId)).toEqual([undefined, undefined]);
  });
});

describe("the queue offers Remove all content only where the viewer may", () => {
  test("a moderator sees it for an ordinary author, not for a moderator's content; an admin does", async () => {
    const t = newBackend();
    const mod = await staffUser(t, "moderator", "Mod");
    const admin = await staffUser(t, "admin", "Admin");
    const otherMod = await staffUser(t, "moderator", "Other mod");
    const bob = await signedInUser(t, { name: "Bob" });
    const reader = await signedInUser(t, { name: "Reader" });
    for (const author of [bob, otherMod]) {
      const { postId } = await addPost(t, author.as, { title: `By ${author.userId}` });
      await reader.as.mutation(api.reports.report, { target: { kind: "post", id: postId }, reason: "spam" });
    }
    const offered = async (viewer: typeof mod) => {
      const { page } = await viewer.as.query(api.moderationLists.openItems, {
        sort: "newest",
        now: Math.floor(Date.now() / 60_000) * 60_000,
        paginationOpts: firstPage,
      });
      return Object.fromEntries(page.map((item) => [item.author.userId, item.canRemoveAllOfAuthor]));
    };
    expect(await offered(mod)).toEqual({ [bob.userId]: true, [otherMod.userId]: false });
    expect(await offered(admin)).toEqual({ [bob.userId]: true, [otherMod.userId]: true });
    expect(await offered(otherMod)).toEqual({ [bob.userId]: true, [otherMod.userId]: false });
  });
});
