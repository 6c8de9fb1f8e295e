/**
 * Notifications (issue 31): every event, grouping, preferences, suspension, one's own actions,
 * cascades, retention, access, mark all read in batches, and concurrent likes.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { NOT_OWNER } from "../../convex/lib/auth";
import { recordNotification } from "../../convex/lib/notifications/record";
import { NOTIFICATION_NOT_FOUND } from "../../convex/notifications";
import { READ_NOTIFICATION_RETENTION_MS } from "../../convex/shared/notifications";
import { addBook } from "./book-fixtures";
import { addRoom } from "./chat-fixtures";
import { staffUser, suspendDirectly } from "./moderation-fixtures";
import { firstPage, people, rowsOf, settle, unreadBoth } from "./notifications-kit";
import { addPost } from "./posts-fixtures";
import { newBackend, signedInUser } from "./test-env";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("friend adds", () => {
  test("adding someone tells them, with Add back until they add back", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const bob = await signedInUser(t, { name: "Bob" });
    await bob.as.mutation(api.friends.add, { userId: alice.userId });
    await settle(t);
    expect(await alice.as.query(api.notifications.unreadCount, {})).toBe(1);
    const [view] = await firstPage(alice);
    expect(view).toMatchObject({
      kind: "friendAdded",
      read: false,
      actor: { userId: bob.userId, displayName: "Bob" },
      othersCount: 0,
      target: { kind: "profile", id: bob.userId },
      canAddBack: true,
    });
    await alice.as.mutation(api.friends.add, { userId: bob.userId });
    await settle(t);
    expect((await firstPage(alice))[0]?.canAddBack).toBe(false);
    // Alice's add back tells Bob; it tells Alice nothing.
    expect(await bob.as.query(api.notifications.unreadCount, {})).toBe(1);
    expect(await alice.as.query(api.notifications.unreadCount, {})).toBe(1);
  });

  test("added, removed and added again while unread is one notification", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const bob = await signedInUser(t, { name: "Bob" });
    for (let round = 0; round < 3; round++) {
      await bob.as.mutation(api.friends.add, { userId: alice.userId });
      await bob.as.mutation(api.friends.remove, { userId: alice.userId });
    }
    await settle(t);
    expect(await rowsOf(t, alice.userId)).toHaveLength(1);
    expect(await unreadBoth(t, alice)).toEqual({ counter: 1, rows: 1 });
  });
});

describe("comments", () => {
  test("a comment on your book or post names the commenter and the item", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const bob = await signedInUser(t, { name: "Bob" });
    const { bookId } = await addBook(t, alice.as, "Dune");
    const { postId } = await addPost(t, alice.as, { title: "On habits" });
    await bob.as.mutation(api.bookComments.add, { bookId, text: "Great book" });
    await bob.as.mutation(api.postComments.add, { postId, text: "Nice" });
    await bob.as.mutation(api.postComments.add, { postId, text: "Again" });
    await settle(t);
    const page = await firstPage(alice);
    // Comments stand alone, newest first.
    expect(page.map((view) => [view.kind, view.target])).toEqual([
      ["comment", { kind: "post", id: postId, title: "On habits" }],
      ["comment", { kind: "post", id: postId, title: "On habits" }],
      ["comment", { kind: "book", id: bookId, title: "Dune" }],
    ]);
    expect(page[0]?.actor?.displayName).toBe("Bob");
    expect(await unreadBoth(t, alice)).toEqual({ counter: 3, rows: 3 });
  });

  test("your own comment, like or friend add tells nobody", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const { postId } = await addPost(t, alice.as);
    await alice.as.mutation(api.postComments.add, { postId, text: "Mine" });
    await alice.as.mutation(api.posts.toggleLike, { postId });
    await t.run(async (ctx) => {
      await recordNotification(ctx, { kind: "friendAdded", recipientId: alice.userId, actorId: alice.userId });
    });
    await settle(t);
    expect(await rowsOf(t, alice.userId)).toHaveLength(0);
    expect(await alice.as.query(api.notifications.unreadCount, {})).toBe(0);
  });

  test("deleting a comment removes its notification and its unread", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const bob = await signedInUser(t, { name: "Bob" });
    const { bookId } = await addBook(t, alice.as);
    const commentId = await bob.as.mutation(api.bookComments.add, { bookId, text: "Hello" });
    await bob.as.mutation(api.bookComments.add, { bookId, text: "Stays" });
    await settle(t);
    expect(await unreadBoth(t, alice)).toEqual({ counter: 2, rows: 2 });
    await bob.as.mutation(api.bookComments.remove, { commentId });
    await settle(t);
    expect(await rowsOf(t, alice.userId)).toHaveLength(1);
    expect(await unreadBoth(t, alice)).toEqual({ counter: 1, rows: 1 });
  });

  test("a comment deleted before its fold ran tells nobody", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const bob = await signedInUser(t, { name: "Bob" });
    const { bookId } = await addBook(t, alice.as);
    const commentId = await bob.as.mutation(api.bookComments.add, { bookId, text: "Oops" });
    await bob.as.mutation(api.bookComments.remove, { commentId });
    await settle(t);
    expect(await unreadBoth(t, alice)).toEqual({ counter: 0, rows: 0 });
  });
});

describe("likes", () => {
  test("likes of one item group into one row, updated while unread", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const [bob, carol, dan] = await people(t, 3);
    const { postId } = await addPost(t, alice.as, { title: "Title" });
    for (const person of [bob, carol, dan]) await person!.as.mutation(api.posts.toggleLike, { postId });
    await settle(t);
    const page = await firstPage(alice);
    expect(page).toHaveLength(1);
    expect(page[0]).toMatchObject({
      kind: "like",
      actor: { userId: dan!.userId },
      othersCount: 2,
      target: { kind: "post", id: postId, title: "Title" },
    });
    expect(await unreadBoth(t, alice)).toEqual({ counter: 1, rows: 1 });
  });

  test("an unlike adds nothing; once read, the next like starts a new row", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const [bob, carol] = await people(t, 2);
    const { bookId } = await addBook(t, alice.as);
    await bob!.as.mutation(api.books.toggleLike, { bookId });
    await bob!.as.mutation(api.books.toggleLike, { bookId });
    await settle(t);
    const [first] = await rowsOf(t, alice.userId);
    expect(first).toMatchObject({ actorCount: 1, read: false });
    await alice.as.mutation(api.notifications.markRead, { notificationId: first!._id });
    expect(await alice.as.query(api.notifications.unreadCount, {})).toBe(0);
    await carol!.as.mutation(api.books.toggleLike, { bookId });
    await settle(t);
    const rows = await rowsOf(t, alice.userId);
    expect(rows.map((row) => [row.read, row.actorCount])).toEqual([
      [true, 1],
      [false, 1],
    ]);
    expect(await unreadBoth(t, alice)).toEqual({ counter: 1, rows: 1 });
  });

  test("50 people liking one post at the same moment all succeed and end as one notification of 50", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const { postId } = await addPost(t, alice.as);
    const fans = await people(t, 50);
    const results = await Promise.all(fans.map((fan) => fan.as.mutation(api.posts.toggleLike, { postId })));
    expect(results.every((result) => result.liked)).toBe(true);
    await settle(t);
    const page = await firstPage(alice);
    expect(page).toHaveLength(1);
    expect(page[0]?.othersCount).toBe(49);
    expect(await unreadBoth(t, alice)).toEqual({ counter: 1, rows: 1 });
  });

  test("a like writes only its event: it reads no notification row and no unread count", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const bob = await signedInUser(t, { name: "Bob" });
    const { postId } = await addPost(t, alice.as);
    await bob.as.mutation(api.posts.toggleLike, { postId });
    // Before the fold runs there is an event and nothing else.
    const before = await t.run(async (ctx) => ({
      events: (await ctx.db.query("notificationEvents").collect()).length,
      rows: (await ctx.db.query("notifications").collect()).length,
      counts: (await ctx.db.query("notificationCounts").collect()).length,
    }));
    expect(before).toEqual({ events: 1, rows: 0, counts: 0 });
    await settle(t);
    expect(await t.run(async (ctx) => (await ctx.db.query("notificationEvents").collect()).length)).toBe(0);
  });

  test("a like/unlike storm of 100 toggles keeps the count equal to the rows", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const bob = await signedInUser(t, { name: "Bob" });
    const { postId } = await addPost(t, alice.as);
    const toggles = Array.from({ length: 100 }, () => bob.as.mutation(api.posts.toggleLike, { postId }));
    await Promise.all(toggles);
    await settle(t);
    const likes = await t.run(async (ctx) => (await ctx.db.query("likes").collect()).length);
    expect(likes).toBe(0);
    const rows = await rowsOf(t, alice.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.actorCount).toBe(1);
    expect(await unreadBoth(t, alice)).toEqual({ counter: 1, rows: 1 });
  });
});

describe("preferences", () => {
  test("all on by default; a kind turned off stops that kind only, when it happens", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const bob = await signedInUser(t, { name: "Bob" });
    expect(await alice.as.query(api.notificationPreferences.mine, {})).toEqual({
      friendAdds: true,
      comments: true,
      likes: true,
      mentions: true,
      moderation: true,
    });
    await alice.as.mutation(api.notificationPreferences.set, { kind: "likes", enabled: false });
    expect((await alice.as.query(api.notificationPreferences.mine, {})).likes).toBe(false);
    const { postId } = await addPost(t, alice.as);
    await bob.as.mutation(api.posts.toggleLike, { postId });
    await bob.as.mutation(api.postComments.add, { postId, text: "Still told" });
    await settle(t);
    expect((await firstPage(alice)).map((view) => view.kind)).toEqual(["comment"]);
    // Turned on again: the next like is told (Bob unlikes, then likes again).
    await alice.as.mutation(api.notificationPreferences.set, { kind: "likes", enabled: true });
    await bob.as.mutation(api.posts.toggleLike, { postId });
    await bob.as.mutation(api.posts.toggleLike, { postId });
    await settle(t);
    expect((await firstPage(alice)).map((view) => view.kind)).toEqual(["like", "comment"]);
    expect(await t.run(async (ctx) => await ctx.db.query("notificationPreferences").collect())).toHaveLength(0);
  });

  test("preferences are the caller's own; a bad kind is refused", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const bob = await signedInUser(t, { name: "Bob" });
    await alice.as.mutation(api.notificationPreferences.set, { kind: "comments", enabled: false });
    expect((await bob.as.query(api.notificationPreferences.mine, {})).comments).toBe(true);
    await expect(
      alice.as.mutation(api.notificationPreferences.set, { kind: "everything" as "likes", enabled: false }),
    ).rejects.toThrow();
  });
});

describe("who gets none", () => {
  test("a suspended person gets none while suspended, and hears when it ends", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const bob = await signedInUser(t, { name: "Bob" });
    const mod = await staffUser(t);
    await suspendDirectly(t, alice.userId, Date.now() + 60_000);
    await bob.as.mutation(api.friends.add, { userId: alice.userId });
    await settle(t);
    expect(await rowsOf(t, alice.userId)).toHaveLength(0);
    await mod.as.mutation(api.moderation.lift, { userId: alice.userId });
    await settle(t);
    expect((await firstPage(alice)).map((view) => [view.kind, view.actor, view.target])).toEqual([
      ["suspensionEnded", null, null],
    ]);
  });

  test("a suspension that ran out is told by the cron that clears it", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    await suspendDirectly(t, alice.userId, Date.now() + 1_000);
    vi.advanceTimersByTime(2_000);
    await t.mutation(internal.moderation.clearEndedSuspensions, {});
    await settle(t);
    expect((await rowsOf(t, alice.userId)).map((row) => row.kind)).toEqual(["suspensionEnded"]);
  });

  test("a person without a profile (a deleted account) gets none", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const bob = await signedInUser(t, { name: "Bob" });
    await t.run(async (ctx) => {
      const profile = await ctx.db
        .query("profiles")
        .withIndex("by_userId", (q) => q.eq("userId", alice.userId))
        .first();
      await ctx.db.delete(profile!._id);
      await recordNotification(ctx, { kind: "friendAdded", recipientId: alice.userId, actorId: bob.userId });
    });
    await settle(t);
    expect(await rowsOf(t, alice.userId)).toHaveLength(0);
  });
});

describe("moderation notices", () => {
  test("removing reported content tells each reporter 'removed' and its author the reason", async () => {
    const t = newBackend();
    const author = await signedInUser(t, { name: "Author" });
    const [r1, r2] = await people(t, 2, "Reporter");
    const mod = await staffUser(t);
    const { postId } = await addPost(t, author.as, { title: "Spammy" });
    for (const reporter of [r1, r2]) {
      await reporter!.as.mutation(api.reports.report, { target: { kind: "post", id: postId }, reason: "spam" });
    }
    await mod.as.mutation(api.moderation.remove, { target: { kind: "post", id: postId }, reason: "Spam links" });
    await settle(t);
    for (const reporter of [r1, r2]) {
      const [view] = await firstPage(reporter!);
      expect(view).toMatchObject({ kind: "reportHandled", outcome: "removed", actor: null, target: null });
      // Names nobody: no actor, no author id anywhere in it.
      expect(JSON.stringify(view)).not.toContain(author.userId);
    }
    const [notice] = await firstPage(author);
    expect(notice).toMatchObject({
      kind: "contentRemoved",
      reason: "Spam links",
      removedWhat: "your post 'Spammy'",
      actor: null,
    });
    expect(await t.run(async (ctx) => await ctx.db.query("reports").collect())).toHaveLength(0);
  });

  test("dismissing reports tells each reporter 'noAction'; the author hears nothing", async () => {
    const t = newBackend();
    const author = await signedInUser(t, { name: "Author" });
    const reporter = await signedInUser(t, { name: "Reporter" });
    const mod = await staffUser(t);
    const { bookId } = await addBook(t, author.as);
    await reporter.as.mutation(api.reports.report, { target: { kind: "book", id: bookId }, reason: "other" });
    await mod.as.mutation(api.moderation.dismiss, { target: { kind: "book", id: bookId } });
    await settle(t);
    expect((await firstPage(reporter))[0]).toMatchObject({ kind: "reportHandled", outcome: "noAction" });
    expect(await rowsOf(t, author.userId)).toHaveLength(0);
  });

  test("moderation notices can be turned off", async () => {
    const t = newBackend();
    const author = await signedInUser(t, { name: "Author" });
    const reporter = await signedInUser(t, { name: "Reporter" });
    const mod = await staffUser(t);
    const { bookId } = await addBook(t, author.as);
    await reporter.as.mutation(api.notificationPreferences.set, { kind: "moderation", enabled: false });
    await reporter.as.mutation(api.reports.report, { target: { kind: "book", id: bookId }, reason: "other" });
    await mod.as.mutation(api.moderation.dismiss, { target: { kind: "book", id: bookId } });
    await settle(t);
    expect(await rowsOf(t, reporter.userId)).toHaveLength(0);
    expect(await t.run(async (ctx) => await ctx.db.query("reports").collect())).toHaveLength(0);
  });
});

describe("cascade", () => {
  test("deleting a post, book or room removes the notifications about it, counts follow", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const fans = await people(t, 3);
    const { postId } = await addPost(t, alice.as);
    const { bookId } = await addBook(t, alice.as);
    const roomId = await addRoom(alice.as);
    for (const fan of fans) {
      await fan.as.mutation(api.posts.toggleLike, { postId });
      await fan.as.mutation(api.postComments.add, { postId, text: "Hi" });
      await fan.as.mutation(api.books.toggleLike, { bookId });
    }
    await t.run(async (ctx) => {
      await recordNotification(ctx, {
        kind: "mention",
        recipientId: alice.userId,
        actorId: fans[0]!.userId,
        target: { kind: "chatRoom", id: roomId },
      });
    });
    await settle(t);
    // One like row for the post, 3 comments, one like row for the book, one mention.
    expect(await unreadBoth(t, alice)).toEqual({ counter: 6, rows: 6 });
    await alice.as.mutation(api.posts.remove, { postId });
    await settle(t);
    expect(await unreadBoth(t, alice)).toEqual({ counter: 2, rows: 2 });
    await alice.as.mutation(api.chats.remove, { roomId });
    await alice.as.mutation(api.books.remove, { bookId });
    await settle(t);
    expect(await unreadBoth(t, alice)).toEqual({ counter: 0, rows: 0 });
    expect(await t.run(async (ctx) => await ctx.db.query("notificationActors").collect())).toHaveLength(0);
  });
});

describe("reading", () => {
  test("marking someone else's notification read is refused and changes nothing", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const bob = await signedInUser(t, { name: "Bob" });
    await bob.as.mutation(api.friends.add, { userId: alice.userId });
    await settle(t);
    const [row] = await rowsOf(t, alice.userId);
    await expect(bob.as.mutation(api.notifications.markRead, { notificationId: row!._id })).rejects.toThrow(NOT_OWNER);
    expect(await unreadBoth(t, alice)).toEqual({ counter: 1, rows: 1 });
    // Bob's page never shows Alice's.
    expect(await firstPage(bob)).toHaveLength(0);
    await alice.as.mutation(api.notifications.markRead, { notificationId: row!._id });
    await alice.as.mutation(api.notifications.markRead, { notificationId: row!._id });
    expect(await unreadBoth(t, alice)).toEqual({ counter: 0, rows: 0 });
    await t.run(async (ctx) => await ctx.db.delete(row!._id));
    await expect(alice.as.mutation(api.notifications.markRead, { notificationId: row!._id })).rejects.toThrow(
      NOTIFICATION_NOT_FOUND,
    );
  });

  test("mark all as read takes thousands in batches and ends at 0", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const bob = await signedInUser(t, { name: "Bob" });
    const total = 1_234;
    await t.run(async (ctx) => {
      for (let index = 0; index < total; index++) {
        await ctx.db.insert("notifications", {
          recipientId: alice.userId,
          kind: "friendAdded",
          actorId: bob.userId,
          read: false,
          updatedAt: index,
          actorCount: 1,
        });
      }
      await ctx.db.insert("notificationCounts", { userId: alice.userId, unread: total });
    });
    await alice.as.mutation(api.notifications.markAllRead, {});
    // The first batch at once, the count moving with exactly the rows it marked.
    const afterFirst = await unreadBoth(t, alice);
    expect(afterFirst.counter).toBe(afterFirst.rows);
    expect(afterFirst.counter).toBeLessThan(total);
    await settle(t);
    expect(await unreadBoth(t, alice)).toEqual({ counter: 0, rows: 0 });
  });

  test("the page is newest first, a page at a time, and a grouped row moves up", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const [bob, carol] = await people(t, 2);
    const { postId } = await addPost(t, alice.as, { title: "P" });
    await bob!.as.mutation(api.posts.toggleLike, { postId });
    await settle(t);
    vi.advanceTimersByTime(1_000);
    await carol!.as.mutation(api.friends.add, { userId: alice.userId });
    await settle(t);
    vi.advanceTimersByTime(1_000);
    await carol!.as.mutation(api.posts.toggleLike, { postId });
    await settle(t);
    const first = await alice.as.query(api.notifications.page, { paginationOpts: { numItems: 1, cursor: null } });
    expect(first.page.map((view) => [view.kind, view.othersCount])).toEqual([["like", 1]]);
    const second = await alice.as.query(api.notifications.page, {
      paginationOpts: { numItems: 1, cursor: first.continueCursor },
    });
    expect(second.page.map((view) => view.kind)).toEqual(["friendAdded"]);
  });
});

describe("retention", () => {
  test("read notifications older than 90 days go; unread and recent ones stay", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const old = Date.now() - READ_NOTIFICATION_RETENTION_MS - 1;
    await t.run(async (ctx) => {
      for (const [read, updatedAt] of [
        [true, old],
        [true, Date.now()],
        [false, old],
      ] as const) {
        await ctx.db.insert("notifications", {
          recipientId: alice.userId,
          kind: "suspensionEnded",
          read,
          updatedAt,
          actorCount: 0,
        });
      }
      await ctx.db.insert("notificationCounts", { userId: alice.userId, unread: 1 });
    });
    await t.mutation(internal.notifications.deleteOldRead, {});
    await settle(t);
    const rows = await rowsOf(t, alice.userId);
    expect(rows.map((row) => [row.read, row.updatedAt === old])).toEqual([
      [false, true],
      [true, false],
    ]);
    expect(await unreadBoth(t, alice)).toEqual({ counter: 1, rows: 1 });
  });
});
