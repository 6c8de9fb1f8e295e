import { describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { NOT_A_PARTICIPANT } from "../../convex/lib/conversations";
import { ALREADY_REPORTED, CANNOT_REPORT_OWN, REPORT_TARGET_GONE } from "../../convex/reports";
import { addBook } from "./book-fixtures";
import { addRoom } from "./chat-fixtures";
import { conversationWith } from "./conversation-fixtures";
import { reportRows, staffUser } from "./moderation-fixtures";
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
    const { page } = await mod.as.query(api.moderationLists.openItems, { sort: "most", paginationOpts: firstPage });
    expect(page).toHaveLength(1);
    expect(page[0]).toMatchObject({
      target: { kind: "book", id: bookId },
      reportCount: 2,
      author: { displayName: "Author" },
      content: { title: "Dune" },
    });
    expect(page[0]!.reports.map((report) => report.reason).sort()).toEqual(["other", "spam"]);
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

  test("an owner deleting reported content clears its reports from the queue", async () => {
    const t = newBackend();
    const author = await signedInUser(t);
    const reader = await signedInUser(t);
    const { postId } = await addPost(t, author.as);
    await reader.as.mutation(api.reports.report, { target: { kind: "post", id: postId }, reason: "spam" });
    await author.as.mutation(api.posts.remove, { postId });
    expect(await reportRows(t)).toEqual({ items: [], reports: [] });
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
