import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { NOT_A_PARTICIPANT } from "../../convex/lib/conversations";
import { minuteAt } from "../../convex/lib/moderation/now";
import { UNCOUNTED_READ_LIMIT } from "../../convex/lib/moderation/reported-items";
import { ALREADY_REPORTED, CANNOT_REPORT_OWN, REPORT_TARGET_GONE } from "../../convex/reports";
import { addBook } from "./book-fixtures";
import { addRoom } from "./chat-fixtures";
import { conversationWith } from "./conversation-fixtures";
import { auditRows, reportRows, staffUser } from "./moderation-fixtures";
import { addPost } from "./posts-fixtures";
import { newBackend, signedInUser } from "./test-env";

const firstPage = { numItems: 10, cursor: null };

describe("reports:report", () => {
  test("files one report per person per item, and a repeat is refused with a clear message", async () => {
    const t = newBackend();
    const author = await signedInUser(t, { name: "Author" });
    const rui = await signedInUser(t, { name: "Rui" });
    const { postId } = await addPost(t, author.as);
    const target = { kind: "post" as const, id: postId };

    await rui.as.mutation(api.reports.report, { target, reason: "spam", text: "  Buy now links  " });
    await expect(rui.as.mutation(api.reports.report, { target, reason: "hate" })).rejects.toThrow(ALREADY_REPORTED);

    const { items, reports } = await reportRows(t);
    expect(items).toEqual([expect.objectContaining({ targetKind: "post", targetId: postId, reportCount: 1 })]);
    expect(reports).toEqual([
      expect.objectContaining({ reporterId: rui.userId, reason: "spam", text: "Buy now links" }),
    ]);
  });

  test("groups reports of different people under one item and counts them", async () => {
    const t = newBackend();
    const author = await signedInUser(t, { name: "Author" });
    const [a, b] = [await signedInUser(t, { name: "A" }), await signedInUser(t, { name: "B" })];
    const { bookId } = await addBook(t, author.as);
    await a.as.mutation(api.reports.report, { target: { kind: "book", id: bookId }, reason: "spam" });
    await b.as.mutation(api.reports.report, { target: { kind: "book", id: bookId }, reason: "other", text: "Fake" });

    const mod = await staffUser(t);
    const { page } = await mod.as.query(api.moderationLists.openItems, {
      sort: "most",
      now: minuteAt(Date.now()),
      paginationOpts: firstPage,
    });
    expect(page).toHaveLength(1);
    expect(page[0]).toMatchObject({
      target: { kind: "book", id: bookId },
      // The stored count: the second report of the minute is counted when the minute is over.
      reportCount: 1,
      author: { displayName: "Author" },
      content: { title: "Dune" },
    });
    // The card's own query: the reports with their reporters, and the exact count.
    const card = await mod.as.query(api.moderationLists.reportsOf, { itemId: page[0]!._id });
    expect(card).toMatchObject({ reportCount: 2, reportCountIsLowerBound: false });
    expect(card!.reports.map((report) => [report.reason, report.reporter.displayName]).sort()).toEqual([
      ["other", "B"],
      ["spam", "A"],
    ]);
    expect(card!.reports.find((report) => report.reason === "other")).toMatchObject({ text: "Fake" });
  });

  test("refuses reports of one's own content", async () => {
    const t = newBackend();
    const author = await signedInUser(t);
    const { postId } = await addPost(t, author.as);
    await expect(
      author.as.mutation(api.reports.report, { target: { kind: "post", id: postId }, reason: "spam" }),
    ).rejects.toThrow(CANNOT_REPORT_OWN);
    await expect(
      author.as.mutation(api.reports.report, { target: { kind: "profile", id: author.userId }, reason: "spam" }),
    ).rejects.toThrow(CANNOT_REPORT_OWN);
  });

  test("lets only a participant report a private message", async () => {
    const t = newBackend();
    const [ann, bob, eve] = [
      await signedInUser(t, { name: "Ann" }),
      await signedInUser(t, { name: "Bob" }),
      await signedInUser(t, { name: "Eve" }),
    ];
    const conversationId = await conversationWith(ann, bob);
    const messageId = await ann.as.mutation(api.messages.send, { conversationId, text: "You are awful" });
    const target = { kind: "message" as const, id: messageId };

    await expect(eve.as.mutation(api.reports.report, { target, reason: "harassment" })).rejects.toThrow(
      NOT_A_PARTICIPANT,
    );
    await bob.as.mutation(api.reports.report, { target, reason: "harassment" });
    expect((await reportRows(t)).reports).toHaveLength(1);
  });

  test("takes every kind of target: comments, chat rooms, chat messages and profiles", async () => {
    const t = newBackend();
    const author = await signedInUser(t, { name: "Author" });
    const reader = await signedInUser(t, { name: "Reader" });
    const { bookId } = await addBook(t, author.as);
    const { postId } = await addPost(t, author.as);
    const bookCommentId = await author.as.mutation(api.bookComments.add, { bookId, text: "Mine" });
    const postCommentId = await author.as.mutation(api.postComments.add, { postId, text: "Mine" });
    const roomId = await addRoom(author.as);
    const chatMessageId = await author.as.mutation(api.chatMessages.send, { roomId, text: "Hi" });
    const targets = [
      { kind: "bookComment", id: bookCommentId },
      { kind: "postComment", id: postCommentId },
      { kind: "chatRoom", id: roomId },
      { kind: "chatMessage", id: chatMessageId },
      { kind: "profile", id: author.userId },
    ] as const;
    for (const target of targets) await reader.as.mutation(api.reports.report, { target, reason: "other" });
    const { items } = await reportRows(t);
    expect(items.map((item) => item.targetKind).sort()).toEqual(targets.map((target) => target.kind).sort());
    expect(items.every((item) => item.authorId === author.userId)).toBe(true);
  });

  test("refuses a report of something deleted, and details past the limit", async () => {
    const t = newBackend();
    const author = await signedInUser(t);
    const reader = await signedInUser(t);
    const { postId } = await addPost(t, author.as);
    await expect(
      reader.as.mutation(api.reports.report, {
        target: { kind: "post", id: postId },
        reason: "other",
        text: "x".repeat(501),
      }),
    ).rejects.toThrow("Details must be at most 500 characters");
    await author.as.mutation(api.posts.remove, { postId });
    await expect(
      reader.as.mutation(api.reports.report, { target: { kind: "post", id: postId }, reason: "spam" }),
    ).rejects.toThrow(REPORT_TARGET_GONE);
  });

  test("an owner deleting reported content takes it out of the queue at once, and its reports after", async () => {
    vi.useFakeTimers();
    try {
      const t = newBackend();
      const author = await signedInUser(t);
      const reader = await signedInUser(t);
      const mod = await staffUser(t);
      const { postId } = await addPost(t, author.as);
      await reader.as.mutation(api.reports.report, { target: { kind: "post", id: postId }, reason: "spam" });
      const itemId = (await reportRows(t)).items[0]!._id;
      await author.as.mutation(api.posts.remove, { postId });
      // The post's delete spends its mutation on one batch of the post's dependents; the reports
      // go in a run of their own. The queue and the card forget the item at once.
      expect((await reportRows(t)).items).toEqual([]);
      expect(await mod.as.query(api.moderationLists.reportsOf, { itemId })).toBeNull();
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      expect(await reportRows(t)).toEqual({ items: [], reports: [] });
    } finally {
      vi.useRealTimers();
    }
  });

  test("deleting a post takes its comments' reports out of the queue at once, and their rows after", async () => {
    vi.useFakeTimers();
    try {
      const t = newBackend();
      const author = await signedInUser(t);
      const [a, b] = [await signedInUser(t, { name: "A" }), await signedInUser(t, { name: "B" })];
      const { postId } = await addPost(t, author.as);
      const commentId = await a.as.mutation(api.postComments.add, { postId, text: "Buy followers here" });
      for (const reporter of [author, b]) {
        await reporter.as.mutation(api.reports.report, {
          target: { kind: "postComment", id: commentId },
          reason: "spam",
        });
      }
      await author.as.mutation(api.posts.remove, { postId });
      expect((await reportRows(t)).items).toEqual([]);
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      expect(await reportRows(t)).toEqual({ items: [], reports: [] });
    } finally {
      vi.useRealTimers();
    }
  });

  test("refuses a flood of reports from one person, saying how long to wait", async () => {
    const t = newBackend();
    const author = await signedInUser(t);
    const reporter = await signedInUser(t, { name: "Busy" });
    const { postId } = await addPost(t, author.as);
    const comments = [];
    for (let index = 0; index < 11; index++) {
      comments.push(await author.as.mutation(api.postComments.add, { postId, text: `Comment ${index}` }));
    }
    for (const commentId of comments.slice(0, 10)) {
      await reporter.as.mutation(api.reports.report, {
        target: { kind: "postComment", id: commentId },
        reason: "spam",
      });
    }
    await expect(
      reporter.as.mutation(api.reports.report, { target: { kind: "postComment", id: comments[10]! }, reason: "spam" }),
    ).rejects.toThrow(/You have sent many reports in a short time\. You can report again in \d+ min\./);
    expect((await reportRows(t)).reports).toHaveLength(10);
    // Someone else is not held back by it.
    await author.as.mutation(api.reports.report, { target: { kind: "profile", id: reporter.userId }, reason: "spam" });
  });
});

describe("counting reports without a hot row", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A queue card's reports and exact count (moderationLists.reportsOf), as a moderator sees them now. */
  async function card(mod: Awaited<ReturnType<typeof staffUser>>, itemId: Id<"reportedItems">) {
    return await mod.as.query(api.moderationLists.reportsOf, { itemId });
  }

  /** The queue as a moderator sees it now. */
  async function queue(mod: Awaited<ReturnType<typeof staffUser>>, sort: "newest" | "most" = "most") {
    return (
      await mod.as.query(api.moderationLists.openItems, { sort, now: minuteAt(Date.now()), paginationOpts: firstPage })
    ).page;
  }

  test("30 people reporting one item at once all succeed, and the queue shows 30", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 10, 27, 12, 0, 10));
    const t = newBackend();
    const author = await signedInUser(t, { name: "Author" });
    const { postId } = await addPost(t, author.as, { title: "Viral" });
    const reporters = [];
    for (let i = 0; i < 30; i++) reporters.push(await signedInUser(t, { name: `Reader ${i}` }));
    const mod = await staffUser(t);
    const target = { kind: "post" as const, id: postId };

    await Promise.all(reporters.map((reader) => reader.as.mutation(api.reports.report, { target, reason: "spam" })));

    const { items, reports } = await reportRows(t);
    expect(reports).toHaveLength(30);
    expect(items).toHaveLength(1);
    // Within the minute the stored count is the first report's (the queue's row, which orders
    // "Most reported"); the card adds the newest reports it reads and says "at least".
    expect(items[0]).toMatchObject({ reportCount: 1 });
    expect((await queue(mod))[0]).toMatchObject({ reportCount: 1 });
    const card30 = await card(mod, items[0]!._id);
    expect(card30).toMatchObject({ reportCount: 11, reportCountIsLowerBound: true });
    expect(card30!.reports).toHaveLength(10);

    // When the minute is over one recount takes them all in.
    vi.advanceTimersByTime(60_000);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await queue(mod))[0]).toMatchObject({ reportCount: 30 });
    expect(await card(mod, items[0]!._id)).toMatchObject({ reportCount: 30, reportCountIsLowerBound: false });
    expect((await reportRows(t)).items[0]).toMatchObject({ reportCount: 30 });
  });

  test("only the first report of a minute writes the item's queue row", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 10, 27, 12, 0, 0));
    const t = newBackend();
    const author = await signedInUser(t, { name: "Author" });
    const { postId } = await addPost(t, author.as);
    const target = { kind: "post" as const, id: postId };
    const readers = [];
    for (let i = 0; i < 5; i++) readers.push(await signedInUser(t, { name: `Reader ${i}` }));

    await readers[0]!.as.mutation(api.reports.report, { target, reason: "spam" });
    const first = (await reportRows(t)).items[0];
    for (const reader of readers.slice(1, 4)) {
      vi.advanceTimersByTime(5_000);
      await reader.as.mutation(api.reports.report, { target, reason: "spam" });
    }
    // Same minute: the row is exactly as the first report left it, not written three more times.
    expect((await reportRows(t)).items[0]).toEqual(first);

    // The next minute: the recount has run (4 reports) and a new report moves the row's time.
    vi.advanceTimersByTime(60_000);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await reportRows(t)).items[0]).toMatchObject({ reportCount: 4 });
    await readers[4]!.as.mutation(api.reports.report, { target, reason: "spam" });
    expect((await reportRows(t)).items[0]!.lastReportedAt).toBe(Date.now());
    vi.advanceTimersByTime(60_000);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await reportRows(t)).items[0]).toMatchObject({ reportCount: 5 });
  });

  test("a queue row from before the recount (no countedThrough) is counted again from its first report", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const author = await signedInUser(t, { name: "Author" });
    const [a, b] = [await signedInUser(t, { name: "A" }), await signedInUser(t, { name: "B" })];
    const { postId } = await addPost(t, author.as);
    const target = { kind: "post" as const, id: postId };
    await a.as.mutation(api.reports.report, { target, reason: "spam" });
    await t.run(async (ctx) => {
      const item = (await ctx.db.query("reportedItems").first())!;
      await ctx.db.replace(item._id, {
        targetKind: item.targetKind,
        targetId: item.targetId,
        authorId: item.authorId,
        reportCount: 1,
        lastReportedAt: item.lastReportedAt - 120_000,
      });
    });
    await b.as.mutation(api.reports.report, { target, reason: "spam" });
    vi.advanceTimersByTime(60_000);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await reportRows(t)).items[0]).toMatchObject({ reportCount: 2 });
  });

  test("removing an item in a burst's minute reads a bounded number of uncounted reports and logs 'at least'", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const author = await signedInUser(t, { name: "Author" });
    const { postId } = await addPost(t, author.as);
    const mod = await staffUser(t);
    // 3 counted reports, then more uncounted ones than the removal reads (written directly: the
    // rate limit and one sign-in per reporter would make this slow, and change nothing here).
    await t.run(async (ctx) => {
      const itemId = await ctx.db.insert("reportedItems", {
        targetKind: "post",
        targetId: postId,
        authorId: author.userId,
        reportCount: 3,
        lastReportedAt: Date.now(),
        countedThrough: 0,
      });
      for (let i = 0; i < UNCOUNTED_READ_LIMIT + 20; i++) {
        await ctx.db.insert("reports", { itemId, reporterId: mod.userId, reason: "spam" });
      }
    });
    await mod.as.mutation(api.moderation.remove, { target: { kind: "post", id: postId } });
    expect(await auditRows(t)).toEqual([
      expect.objectContaining({ action: "remove", detail: `${3 + UNCOUNTED_READ_LIMIT}+ reports` }),
    ]);
    expect((await reportRows(t)).items).toEqual([]);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await reportRows(t)).reports).toEqual([]);
  });
});
