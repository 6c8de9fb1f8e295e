import { convexTest } from "convex-test";
import { makeFunctionReference } from "convex/server";
import { ConvexError } from "convex/values";
import { afterEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import schema from "../../convex/schema";
import type { Id } from "../../convex/_generated/dataModel";
import { getCounter } from "../../convex/lib/counters";
import {
  CANNOT_ACT_ON_STAFF_CONTENT,
  CANNOT_CHANGE_OWN_ROLE,
  CANNOT_JUDGE_OWN_CONTENT,
  CANNOT_LIFT_STAFF,
  CANNOT_SUSPEND_STAFF,
  CANNOT_SUSPEND_YOURSELF,
  SUSPENSION_REASON_REQUIRED,
  USER_NOT_FOUND,
} from "../../convex/lib/moderation/actions";
import { NOT_ADMIN, NOT_MODERATOR } from "../../convex/lib/moderation/roles";
import { minuteAt } from "../../convex/lib/moderation/now";
import { SUSPENDED_PREFIX } from "../../convex/lib/moderation/suspensions";
import { addBook, storeFile } from "./book-fixtures";
import { addRoom, afterCountDelay, joinRoom } from "./chat-fixtures";
import { conversationWith } from "./conversation-fixtures";
import { auditRows, reportRows, staffUser, suspendDirectly } from "./moderation-fixtures";
import { addPost } from "./posts-fixtures";
import { registerComponents } from "./components";
import { modules, newBackend, signedInUser, type TestBackend } from "./test-env";

const firstPage = { numItems: 10, cursor: null };
/** The `now` argument the moderation lists take: the current whole minute. */
const nowMinute = () => minuteAt(Date.now());
const DAY = 86_400_000;
/**
 * Documents one queue row reads (measured): its reportedItems row, the post, the author's profile,
 * and the author's role (the one read the viewer's permissions add). Its reports are the card's
 * own query (moderationLists.reportsOf).
 */
const QUEUE_ROW_READS = 4;

afterEach(() => {
  vi.useRealTimers();
});

/** Every public moderation function, with arguments that are valid in the scene. */
function moderationCalls(postId: Id<"posts">, userId: Id<"users">, itemId: Id<"reportedItems">) {
  const target = { kind: "post", id: postId };
  return [
    ["mutation", "moderation:remove", { target }],
    ["mutation", "moderation:dismiss", { target }],
    ["mutation", "moderation:suspend", { userId, duration: "1d", reason: "Spam" }],
    ["mutation", "moderation:lift", { userId }],
    ["mutation", "moderation:grant", { userId, role: "moderator" }],
    ["mutation", "moderation:revoke", { userId }],
    ["query", "moderationLists:openItems", { sort: "newest", now: nowMinute(), paginationOpts: firstPage }],
    ["query", "moderationLists:reportsOf", { itemId }],
    ["query", "moderationLists:suspensions", { now: nowMinute(), paginationOpts: firstPage }],
    ["query", "moderationLists:contentRemovals", { paginationOpts: firstPage }],
    ["mutation", "moderation:removeAllContent", { userId, reason: "Spam" }],
    ["query", "moderationLists:log", { paginationOpts: firstPage }],
    ["query", "moderationLists:people", { name: "A" }],
    ["query", "moderationLists:staff", { paginationOpts: firstPage }],
  ] as const;
}

type Caller = Pick<TestBackend, "query" | "mutation">;
function call(as: Caller, [kind, name, args]: ReturnType<typeof moderationCalls>[number]) {
  return kind === "query"
    ? as.query(makeFunctionReference<"query">(name), args)
    : as.mutation(makeFunctionReference<"mutation">(name), args);
}

async function reportedPost(t: TestBackend) {
  const author = await signedInUser(t, { name: "Author" });
  const reader = await signedInUser(t, { name: "Reader" });
  const { postId } = await addPost(t, author.as, { title: "Buy followers" });
  await reader.as.mutation(api.reports.report, { target: { kind: "post", id: postId }, reason: "spam" });
  const itemId = (await reportRows(t)).items[0]!._id;
  return { author, reader, postId, itemId };
}

describe("who may moderate", () => {
  test("every moderation function refuses ordinary users, anonymous and unverified callers", async () => {
    const t = newBackend();
    const { author, postId, itemId } = await reportedPost(t);
    const ordinary = await signedInUser(t);
    const unverified = await signedInUser(t, { verified: false });
    for (const entry of moderationCalls(postId, author.userId, itemId)) {
      const adminOnly = entry[1].endsWith("grant") || entry[1].endsWith("revoke") || /people|staff/.test(entry[1]);
      await expect(call(ordinary.as, entry), entry[1]).rejects.toThrow(adminOnly ? NOT_ADMIN : NOT_MODERATOR);
      await expect(call(t, entry), entry[1]).rejects.toThrow(/logged in/);
      await expect(call(unverified.as, entry), entry[1]).rejects.toThrow(/verify your email/);
    }
  });

  test("a suspended moderator, even an admin, is refused by every moderation function", async () => {
    const t = newBackend();
    const { author, postId, itemId } = await reportedPost(t);
    const admin = await staffUser(t, "admin");
    await suspendDirectly(t, admin.userId, Date.now() + DAY, "Abuse of tools");
    for (const entry of moderationCalls(postId, author.userId, itemId)) {
      await expect(call(admin.as, entry), entry[1]).rejects.toThrow(SUSPENDED_PREFIX);
    }
    expect(await admin.as.query(api.moderation.myStatus, {})).toMatchObject({
      role: null,
      suspension: { reason: "Abuse of tools" },
    });
  });

  test("a moderator may not hand out roles; an admin may, but not change their own", async () => {
    const t = newBackend();
    const mod = await staffUser(t, "moderator");
    const admin = await staffUser(t, "admin", "Admin");
    const rui = await signedInUser(t, { name: "Rui" });
    await expect(mod.as.mutation(api.moderation.grant, { userId: rui.userId, role: "moderator" })).rejects.toThrow(
      NOT_ADMIN,
    );
    await admin.as.mutation(api.moderation.grant, { userId: rui.userId, role: "moderator" });
    expect(await rui.as.query(api.moderation.myStatus, {})).toEqual({ role: "moderator", suspension: null });
    await admin.as.mutation(api.moderation.revoke, { userId: rui.userId });
    expect(await rui.as.query(api.moderation.myStatus, {})).toEqual({ role: null, suspension: null });
    await expect(admin.as.mutation(api.moderation.revoke, { userId: admin.userId })).rejects.toThrow(
      CANNOT_CHANGE_OWN_ROLE,
    );
    expect(await t.query(api.moderation.myStatus, {})).toBeNull();
  });

  test("finds people by name with their role, for the admin panel", async () => {
    const t = newBackend();
    const admin = await staffUser(t, "admin", "Admin");
    const mod = await staffUser(t, "moderator", "Marta Mod");
    const people = await admin.as.query(api.moderationLists.people, { name: "Marta" });
    expect(people).toEqual([expect.objectContaining({ userId: mod.userId, role: "moderator" })]);
    const { page } = await admin.as.query(api.moderationLists.staff, { paginationOpts: firstPage });
    expect(page.map((person) => person.role).sort()).toEqual(["admin", "moderator"]);
  });
});

describe("the queue", () => {
  test("sorts newest report first, or most reported first", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const author = await signedInUser(t, { name: "Author" });
    const [a, b] = [await signedInUser(t), await signedInUser(t)];
    const { postId } = await addPost(t, author.as, { title: "Twice" });
    const { bookId } = await addBook(t, author.as, "Once");
    await a.as.mutation(api.reports.report, { target: { kind: "post", id: postId }, reason: "spam" });
    vi.advanceTimersByTime(1000);
    await b.as.mutation(api.reports.report, { target: { kind: "post", id: postId }, reason: "spam" });
    vi.advanceTimersByTime(1000);
    await a.as.mutation(api.reports.report, { target: { kind: "book", id: bookId }, reason: "spam" });
    const mod = await staffUser(t);
    const titles = async (sort: "newest" | "most") =>
      (
        await mod.as.query(api.moderationLists.openItems, { sort, now: nowMinute(), paginationOpts: firstPage })
      ).page.map((item) => item.content?.title);
    expect(await titles("newest")).toEqual(["Once", "Twice"]);
    // The most reported order follows the count, which takes in a minute's reports when it is over.
    vi.advanceTimersByTime(60_000);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await titles("most")).toEqual(["Twice", "Once"]);
  });
});

describe("removing content", () => {
  test("removes a post with its comments, likes and image, as the owner's delete does, and logs it", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const { author, reader, postId } = await reportedPost(t);
    await reader.as.mutation(api.postComments.add, { postId, text: "Spam indeed" });
    await reader.as.mutation(api.posts.toggleLike, { postId });
    const mod = await staffUser(t);

    await mod.as.mutation(api.moderation.remove, { target: { kind: "post", id: postId }, reason: "Spam links" });

    expect(await author.as.query(api.posts.get, { postId })).toBeNull();
    const left = await t.run(async (ctx) => ({
      comments: (await ctx.db.query("postComments").collect()).length,
      likes: (await ctx.db.query("likes").collect()).length,
      files: (await ctx.db.system.query("_storage").collect()).length,
      posts: await getCounter(ctx, "posts"),
    }));
    expect(left).toEqual({ comments: 0, likes: 0, files: 0, posts: 0 });
    // The queue row goes at once; the report rows in a scheduled run of their own (one batch per mutation).
    expect((await reportRows(t)).items).toEqual([]);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await reportRows(t)).toEqual({ items: [], reports: [] });
    expect(await auditRows(t)).toEqual([
      expect.objectContaining({
        action: "remove",
        actorId: mod.userId,
        targetKind: "post",
        targetId: postId,
        subjectId: author.userId,
        summary: "Buy followers",
        reason: "Spam links",
      }),
    ]);
  });

  test("removing a comment or a private message moves the counts its owner's delete moves", async () => {
    const t = newBackend();
    const author = await signedInUser(t, { name: "Author" });
    const bob = await signedInUser(t, { name: "Bob" });
    const { bookId } = await addBook(t, author.as);
    const commentId = await bob.as.mutation(api.bookComments.add, { bookId, text: "Rude" });
    const conversationId = await conversationWith(bob, author, "Hello", "Rude message");
    const { page } = await author.as.query(api.messages.list, { conversationId, paginationOpts: firstPage });
    const mod = await staffUser(t);

    await mod.as.mutation(api.moderation.remove, { target: { kind: "bookComment", id: commentId } });
    await mod.as.mutation(api.moderation.remove, { target: { kind: "message", id: page[0]!._id } });

    expect((await author.as.query(api.books.get, { bookId }))?.comments).toBe(0);
    const { page: list } = await author.as.query(api.conversations.list, { paginationOpts: firstPage });
    expect(list[0]).toMatchObject({ lastMessage: { text: "Hello" }, unreadCount: 1 });
  });

  test("removing a chat room takes its messages with it; removing a chat message leaves the room", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const host = await signedInUser(t, { name: "Host" });
    const guest = await signedInUser(t, { name: "Guest" });
    const roomId = await addRoom(host.as);
    const otherRoomId = await addRoom(host.as);
    const rude = await guest.as.mutation(api.chatMessages.send, { roomId: otherRoomId, text: "Rude" });
    await guest.as.mutation(api.chatMessages.send, { roomId, text: "Hi" });
    await host.as.mutation(api.reports.report, { target: { kind: "chatMessage", id: rude }, reason: "harassment" });
    const mod = await staffUser(t);

    await mod.as.mutation(api.moderation.remove, { target: { kind: "chatRoom", id: roomId } });
    await mod.as.mutation(api.moderation.remove, { target: { kind: "chatMessage", id: rude } });

    expect(await host.as.query(api.chats.get, { roomId })).toBeNull();
    expect(await host.as.query(api.chats.get, { roomId: otherRoomId })).not.toBeNull();
    expect(await t.run(async (ctx) => (await ctx.db.query("chatMessages").collect()).length)).toBe(0);
    // The queue's rows go at once; the reports, each with its notice, in a scheduled run.
    expect((await reportRows(t)).items).toEqual([]);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await reportRows(t)).toEqual({ items: [], reports: [] });
    vi.useRealTimers();
  });

  test("removing a profile clears its name, avatar and texts; the account stays", async () => {
    const t = newBackend();
    const bad = await signedInUser(t, { name: "Rude Name" });
    await bad.as.mutation(api.profiles.update, { displayName: "Rude Name", aboutMe: "Insults" });
    await t.mutation(internal.moderation.removeContent, { target: { kind: "profile", id: bad.userId } });
    const profile = await bad.as.query(api.profiles.get, { userId: bad.userId });
    expect(profile).toMatchObject({ displayName: "New User" });
    expect(profile).not.toHaveProperty("aboutMe", "Insults");
  });

  test("the removal's audit row says how many reports the content had", async () => {
    const t = newBackend();
    const { postId } = await reportedPost(t);
    const other = await signedInUser(t, { name: "Other reader" });
    await other.as.mutation(api.reports.report, { target: { kind: "post", id: postId }, reason: "spam" });
    const mod = await staffUser(t);
    await mod.as.mutation(api.moderation.remove, { target: { kind: "post", id: postId } });
    expect(await auditRows(t)).toEqual([expect.objectContaining({ action: "remove", detail: "2 reports" })]);
  });
});

describe("nobody judges their own case, and only an admin judges staff", () => {
  /** A reported post, comment, chat room, chat message and profile, all of `owner`'s. */
  async function reportedThingsOf(t: TestBackend, owner: Awaited<ReturnType<typeof staffUser>>) {
    const reader = await signedInUser(t, { name: "Reader" });
    const { postId } = await addPost(t, owner.as, { title: "Staff post" });
    const { postId: readersPost } = await addPost(t, reader.as, { title: "Reader's post" });
    const commentId = await owner.as.mutation(api.postComments.add, { postId: readersPost, text: "Staff comment" });
    const roomId = await addRoom(owner.as);
    const messageId = await owner.as.mutation(api.chatMessages.send, { roomId, text: "Staff message" });
    const targets = [
      { kind: "post", id: postId },
      { kind: "postComment", id: commentId },
      { kind: "chatRoom", id: roomId },
      { kind: "chatMessage", id: messageId },
      { kind: "profile", id: owner.userId },
    ] as const;
    for (const target of targets) await reader.as.mutation(api.reports.report, { target, reason: "spam" });
    return targets;
  }

  async function everything(t: TestBackend) {
    return await t.run(async (ctx) => ({
      posts: await ctx.db.query("posts").collect(),
      comments: await ctx.db.query("postComments").collect(),
      rooms: await ctx.db.query("chatRooms").collect(),
      messages: await ctx.db.query("chatMessages").collect(),
      profiles: await ctx.db.query("profiles").collect(),
      items: await ctx.db.query("reportedItems").collect(),
      reports: await ctx.db.query("reports").collect(),
      log: await ctx.db.query("moderationLog").collect(),
    }));
  }

  test("a moderator may not remove or dismiss reports about their own content, and nothing changes", async () => {
    const t = newBackend();
    const mod = await staffUser(t, "moderator");
    const targets = await reportedThingsOf(t, mod);
    const before = await everything(t);
    for (const target of targets) {
      await expect(mod.as.mutation(api.moderation.dismiss, { target }), target.kind).rejects.toThrow(
        CANNOT_JUDGE_OWN_CONTENT,
      );
      await expect(mod.as.mutation(api.moderation.remove, { target }), target.kind).rejects.toThrow(
        CANNOT_JUDGE_OWN_CONTENT,
      );
    }
    expect(await everything(t)).toEqual(before);
  });

  test("an admin may not judge their own content either", async () => {
    const t = newBackend();
    const admin = await staffUser(t, "admin", "Admin");
    const [post, , , , profile] = await reportedThingsOf(t, admin);
    const before = await everything(t);
    await expect(admin.as.mutation(api.moderation.dismiss, { target: post })).rejects.toThrow(CANNOT_JUDGE_OWN_CONTENT);
    await expect(admin.as.mutation(api.moderation.remove, { target: profile })).rejects.toThrow(
      CANNOT_JUDGE_OWN_CONTENT,
    );
    expect(await everything(t)).toEqual(before);
  });

  test("a moderator may not act on an admin's or another moderator's content; an admin may", async () => {
    const t = newBackend();
    const mod = await staffUser(t, "moderator");
    const admin = await staffUser(t, "admin", "Admin");
    const otherMod = await staffUser(t, "moderator", "Other mod");
    await admin.as.mutation(api.profiles.update, { displayName: "Admin", aboutMe: "Runs the place" });
    const adminsThings = await reportedThingsOf(t, admin);
    const modsThings = await reportedThingsOf(t, otherMod);
    const before = await everything(t);
    for (const target of [...adminsThings, ...modsThings]) {
      await expect(mod.as.mutation(api.moderation.dismiss, { target }), target.kind).rejects.toThrow(
        CANNOT_ACT_ON_STAFF_CONTENT,
      );
      await expect(mod.as.mutation(api.moderation.remove, { target }), target.kind).rejects.toThrow(
        CANNOT_ACT_ON_STAFF_CONTENT,
      );
    }
    expect(await everything(t)).toEqual(before);
    expect(await mod.as.query(api.profiles.get, { userId: admin.userId })).toMatchObject({ displayName: "Admin" });

    const [post, , , , profile] = modsThings;
    await admin.as.mutation(api.moderation.dismiss, { target: post });
    await admin.as.mutation(api.moderation.remove, { target: profile });
    expect((await auditRows(t)).map((row) => [row.action, row.actorId])).toEqual([
      ["dismiss", admin.userId],
      ["remove", admin.userId],
    ]);
  });

  test("the queue offers each viewer only what the mutations allow them", async () => {
    const t = newBackend();
    const mod = await staffUser(t, "moderator");
    const otherMod = await staffUser(t, "moderator", "Other mod");
    const admin = await staffUser(t, "admin", "Admin");
    const author = await signedInUser(t, { name: "Author" });
    const reader = await signedInUser(t, { name: "Reader" });
    const titles = new Map<Id<"posts">, string>();
    for (const [owner, title] of [
      [mod, "Mod's post"],
      [otherMod, "Other mod's post"],
      [admin, "Admin's post"],
      [author, "Author's post"],
    ] as const) {
      const { postId } = await addPost(t, owner.as, { title });
      titles.set(postId, title);
      await reader.as.mutation(api.reports.report, { target: { kind: "post", id: postId }, reason: "spam" });
    }
    const offered = async (viewer: typeof mod) => {
      const { page } = await viewer.as.query(api.moderationLists.openItems, {
        sort: "newest",
        now: nowMinute(),
        paginationOpts: firstPage,
      });
      return Object.fromEntries(
        page.map((item) => [
          item.content?.title,
          [item.canRemove, item.canDismiss, item.canSuspendAuthor, item.refusal] as const,
        ]),
      );
    };

    expect(await offered(mod)).toEqual({
      "Mod's post": [false, false, false, "ownContent"],
      "Other mod's post": [false, false, false, "staffContent"],
      "Admin's post": [false, false, false, "staffContent"],
      "Author's post": [true, true, true, null],
    });
    expect(await offered(admin)).toEqual({
      "Mod's post": [true, true, true, null],
      "Other mod's post": [true, true, true, null],
      "Admin's post": [false, false, false, "ownContent"],
      "Author's post": [true, true, true, null],
    });

    // The flags are the mutations' own answer: each offered action succeeds, each hidden one is refused.
    const { page } = await mod.as.query(api.moderationLists.openItems, {
      sort: "newest",
      now: nowMinute(),
      paginationOpts: firstPage,
    });
    for (const item of page) {
      const target = { kind: "post", id: item.target.id as Id<"posts"> } as const;
      const suspend = { userId: item.author.userId, duration: "1d", reason: "Spam" } as const;
      if (item.canSuspendAuthor) await mod.as.mutation(api.moderation.suspend, suspend);
      else await expect(mod.as.mutation(api.moderation.suspend, suspend)).rejects.toThrow(ConvexError);
      if (item.canDismiss) await mod.as.mutation(api.moderation.dismiss, { target });
      else await expect(mod.as.mutation(api.moderation.dismiss, { target })).rejects.toThrow(ConvexError);
    }
    expect((await auditRows(t)).map((row) => [row.action, row.subjectId])).toEqual([
      ["suspend", author.userId],
      ["dismiss", author.userId],
    ]);
  });

  test("the queue's flags cost one read per item at most: the author's role", async () => {
    const items = 20;
    // Every author is staff, so each row has a role to read; the caller's own checks read a few more.
    const t = registerComponents(
      convexTest({ schema, modules, transactionLimits: { documentsRead: items * QUEUE_ROW_READS + 5 } }),
    );
    const admin = await staffUser(t, "admin", "Admin");
    for (let index = 0; index < items; index++) {
      const owner = await staffUser(t, "moderator", `Mod ${index}`);
      const reader = await signedInUser(t, { name: `Reader ${index}` });
      const { postId } = await addPost(t, owner.as, { title: `Post ${index}` });
      await reader.as.mutation(api.reports.report, { target: { kind: "post", id: postId }, reason: "spam" });
    }
    const { page } = await admin.as.query(api.moderationLists.openItems, {
      sort: "newest",
      now: nowMinute(),
      paginationOpts: { numItems: items, cursor: null },
    });
    expect(page).toHaveLength(items);
    expect(page.every((item) => item.canRemove && item.canSuspendAuthor)).toBe(true);
  });

  test("the dashboard may act on any staff member's content", async () => {
    const t = newBackend();
    const admin = await staffUser(t, "admin", "Admin");
    const [post, , , , profile] = await reportedThingsOf(t, admin);
    await t.mutation(internal.moderation.dismissReports, { target: post });
    await t.mutation(internal.moderation.removeContent, { target: profile });
    expect((await auditRows(t)).map((row) => row.action)).toEqual(["dismiss", "remove"]);
  });
});

describe("dismissing reports", () => {
  test("closes the item's reports, keeps the content, logs it; the reporter may report again later", async () => {
    const t = newBackend();
    const { author, reader, postId } = await reportedPost(t);
    const mod = await staffUser(t);
    await mod.as.mutation(api.moderation.dismiss, { target: { kind: "post", id: postId } });
    expect(await reportRows(t)).toEqual({ items: [], reports: [] });
    expect(await author.as.query(api.posts.get, { postId })).not.toBeNull();
    expect(await auditRows(t)).toEqual([expect.objectContaining({ action: "dismiss", detail: "1 report" })]);
    await reader.as.mutation(api.reports.report, { target: { kind: "post", id: postId }, reason: "other" });
    expect((await reportRows(t)).reports).toHaveLength(1);
  });
});

describe("suspension", () => {
  test("refuses every user function at once with until when, while myStatus still answers", async () => {
    const t = newBackend();
    const { author, reader, postId } = await reportedPost(t);
    const mod = await staffUser(t);
    const before = Date.now();
    await mod.as.mutation(api.moderation.suspend, { userId: author.userId, duration: "7d", reason: "Spam" });

    const refusal = /^.*Your account is suspended until \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC: Spam/;
    await expect(author.as.query(api.posts.get, { postId })).rejects.toThrow(refusal);
    await expect(author.as.query(api.books.page, { cursor: null })).rejects.toThrow(refusal);
    await expect(author.as.mutation(api.posts.toggleLike, { postId })).rejects.toThrow(refusal);
    await expect(author.as.mutation(api.postComments.add, { postId, text: "Hi" })).rejects.toThrow(refusal);
    await expect(author.as.mutation(api.profiles.update, { displayName: "X" })).rejects.toThrow(refusal);
    await expect(author.as.query(api.conversations.unreadTotal, {})).rejects.toThrow(refusal);
    await expect(author.as.action(api.files.confirmUpload, { storageId: await storeFile(t) })).rejects.toThrow(refusal);
    await expect(
      author.as.mutation(api.reports.report, { target: { kind: "profile", id: reader.userId }, reason: "spam" }),
    ).rejects.toThrow(refusal);

    const status = await author.as.query(api.moderation.myStatus, {});
    expect(status?.suspension?.reason).toBe("Spam");
    expect(status?.suspension?.endsAt).toBeGreaterThanOrEqual(before + 7 * DAY);
    // Their content stays, and others still see it.
    expect(await reader.as.query(api.posts.get, { postId })).not.toBeNull();
  });

  test("a suspended person leaves every chat room's list of who is here at once", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const bob = await signedInUser(t, { name: "Bob" });
    const mod = await staffUser(t);
    const rooms = [await addRoom(ann.as), await addRoom(ann.as)];
    for (const roomId of rooms) {
      await joinRoom(ann.as, roomId, ann.userId);
      await joinRoom(bob.as, roomId, bob.userId);
    }
    // The rooms' online counts follow presence within the count delay (afterCountDelay).
    const hereNow = async () => {
      await afterCountDelay(t);
      return await Promise.all(
        rooms.map(async (roomId) => (await ann.as.query(api.chats.get, { roomId }))?.onlineCount),
      );
    };
    expect(await hereNow()).toEqual([2, 2]);

    await mod.as.mutation(api.moderation.suspend, { userId: bob.userId, duration: "1d", reason: "Spam" });
    expect(await hereNow()).toEqual([1, 1]);
    const { roomToken } = await joinRoom(ann.as, rooms[0]!, ann.userId);
    expect((await ann.as.query(api.chatPresence.list, { roomToken })).map((person) => person.userId)).toEqual([
      ann.userId,
    ]);
  });

  test("indefinitely says so; lifting lets the user back in at once", async () => {
    const t = newBackend();
    const bob = await signedInUser(t);
    const mod = await staffUser(t);
    await mod.as.mutation(api.moderation.suspend, { userId: bob.userId, duration: "indefinite", reason: "Threats" });
    await expect(bob.as.query(api.conversations.unreadTotal, {})).rejects.toThrow(
      "Your account is suspended indefinitely: Threats",
    );
    const { page } = await mod.as.query(api.moderationLists.suspensions, {
      now: nowMinute(),
      paginationOpts: firstPage,
    });
    expect(page).toEqual([expect.objectContaining({ endsAt: null, active: true, reason: "Threats" })]);

    await mod.as.mutation(api.moderation.lift, { userId: bob.userId });
    await bob.as.query(api.conversations.unreadTotal, {});
    expect((await auditRows(t)).map((row) => row.action)).toEqual(["suspend", "lift"]);
  });

  test("a suspension that has run out refuses nothing", async () => {
    const t = newBackend();
    const bob = await signedInUser(t);
    await suspendDirectly(t, bob.userId, Date.now() - 1000);
    await bob.as.query(api.conversations.unreadTotal, {});
    expect(await bob.as.query(api.moderation.myStatus, {})).toEqual({ role: null, suspension: null });
  });

  test("ended suspensions are cleared from the list by the cron's function, without an audit row", async () => {
    const t = newBackend();
    const now = Date.now();
    const people = await Promise.all(["Ended", "Ends later", "Indefinite"].map((name) => signedInUser(t, { name })));
    const [ended, later, indefinite] = people.map((person) => person.userId);
    await suspendDirectly(t, ended!, now - 1000);
    await suspendDirectly(t, later!, now + DAY);
    await suspendDirectly(t, indefinite!, null);

    await t.mutation(internal.moderation.clearEndedSuspensions, {});
    const left = await t.run((ctx) => ctx.db.query("suspensions").collect());
    expect(left.map((row) => row.userId).sort()).toEqual([later, indefinite].sort());
    expect(await auditRows(t)).toEqual([]);
  });

  test("clearing ended suspensions goes on in batches until all are gone", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const bob = await signedInUser(t);
    await t.run(async (ctx) => {
      for (let index = 0; index < 250; index++) {
        await ctx.db.insert("suspensions", { userId: bob.userId, endsAt: Date.now() - 1000 - index, reason: "Old" });
      }
    });
    await t.mutation(internal.moderation.clearEndedSuspensions, {});
    expect(await t.run((ctx) => ctx.db.query("suspensions").collect())).toHaveLength(150);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await t.run((ctx) => ctx.db.query("suspensions").collect())).toEqual([]);
  });

  test("needs a reason; a moderator cannot suspend themselves or other staff, an admin can", async () => {
    const t = newBackend();
    const mod = await staffUser(t, "moderator");
    const other = await staffUser(t, "moderator", "Other mod");
    const admin = await staffUser(t, "admin", "Admin");
    const bob = await signedInUser(t);
    await expect(
      mod.as.mutation(api.moderation.suspend, { userId: bob.userId, duration: "1d", reason: "  " }),
    ).rejects.toThrow(SUSPENSION_REASON_REQUIRED);
    await expect(
      mod.as.mutation(api.moderation.suspend, { userId: mod.userId, duration: "1d", reason: "x" }),
    ).rejects.toThrow(CANNOT_SUSPEND_YOURSELF);
    await expect(
      mod.as.mutation(api.moderation.suspend, { userId: other.userId, duration: "1d", reason: "x" }),
    ).rejects.toThrow(CANNOT_SUSPEND_STAFF);
    await admin.as.mutation(api.moderation.suspend, { userId: other.userId, duration: "1d", reason: "x" });
    await expect(other.as.query(api.moderationLists.log, { paginationOpts: firstPage })).rejects.toThrow(
      SUSPENDED_PREFIX,
    );
  });

  test("only an admin lifts a moderator's or an admin's suspension, and a refusal changes nothing", async () => {
    const t = newBackend();
    const mod = await staffUser(t, "moderator");
    const admin = await staffUser(t, "admin", "Admin");
    const suspendedMod = await staffUser(t, "moderator", "Suspended mod");
    const suspendedAdmin = await staffUser(t, "admin", "Suspended admin");
    await admin.as.mutation(api.moderation.suspend, { userId: suspendedMod.userId, duration: "7d", reason: "x" });
    await suspendDirectly(t, suspendedAdmin.userId, null, "Abuse");
    const suspensionsBefore = await t.run((ctx) => ctx.db.query("suspensions").collect());

    for (const userId of [suspendedMod.userId, suspendedAdmin.userId]) {
      await expect(mod.as.mutation(api.moderation.lift, { userId })).rejects.toThrow(CANNOT_LIFT_STAFF);
    }
    expect(await t.run((ctx) => ctx.db.query("suspensions").collect())).toEqual(suspensionsBefore);
    expect((await auditRows(t)).map((row) => row.action)).toEqual(["suspend"]);

    await admin.as.mutation(api.moderation.lift, { userId: suspendedMod.userId });
    await admin.as.mutation(api.moderation.lift, { userId: suspendedAdmin.userId });
    expect(await suspendedMod.as.query(api.moderation.myStatus, {})).toEqual({ role: "moderator", suspension: null });
    expect(await suspendedAdmin.as.query(api.moderation.myStatus, {})).toEqual({ role: "admin", suspension: null });
  });

  test("a moderator cannot shorten or lengthen a staff member's suspension", async () => {
    const t = newBackend();
    const mod = await staffUser(t, "moderator");
    const admin = await staffUser(t, "admin", "Admin");
    const suspendedMod = await staffUser(t, "moderator", "Suspended mod");
    await admin.as.mutation(api.moderation.suspend, { userId: suspendedMod.userId, duration: "30d", reason: "x" });
    const before = await t.run((ctx) => ctx.db.query("suspensions").collect());
    for (const duration of ["1d", "indefinite"] as const) {
      await expect(
        mod.as.mutation(api.moderation.suspend, { userId: suspendedMod.userId, duration, reason: "y" }),
      ).rejects.toThrow(CANNOT_SUSPEND_STAFF);
    }
    expect(await t.run((ctx) => ctx.db.query("suspensions").collect())).toEqual(before);
  });
});

describe("the audit log", () => {
  test("has a row for each action, newest first, naming who did it", async () => {
    const t = newBackend();
    const { author, postId } = await reportedPost(t);
    const admin = await staffUser(t, "admin", "Admin");
    const rui = await signedInUser(t, { name: "Rui" });
    await admin.as.mutation(api.moderation.dismiss, { target: { kind: "post", id: postId } });
    await admin.as.mutation(api.moderation.suspend, { userId: author.userId, duration: "30d", reason: "Spam" });
    await admin.as.mutation(api.moderation.lift, { userId: author.userId });
    await admin.as.mutation(api.moderation.grant, { userId: rui.userId, role: "moderator" });
    await admin.as.mutation(api.moderation.revoke, { userId: rui.userId });
    await admin.as.mutation(api.moderation.remove, { target: { kind: "post", id: postId } });

    const { page } = await admin.as.query(api.moderationLists.log, { paginationOpts: firstPage });
    expect(page.map((row) => row.action)).toEqual(["remove", "revoke", "grant", "lift", "suspend", "dismiss"]);
    expect(new Set(page.map((row) => row.actor))).toEqual(new Set(["Admin"]));
    expect(page.find((row) => row.action === "grant")).toMatchObject({
      subject: { displayName: "Rui" },
      detail: "moderator",
    });
  });
});

describe("internal functions for the Convex dashboard", () => {
  test("work without a user, name people by e-mail and are logged as the dashboard", async () => {
    const t = newBackend();
    const { author, reader, postId } = await reportedPost(t);
    const email = await t.run(async (ctx) => (await ctx.db.get(author.userId))!.email!);
    const readerEmail = await t.run(async (ctx) => (await ctx.db.get(reader.userId))!.email!);

    await t.mutation(internal.moderation.grantRole, { email: readerEmail, role: "admin" });
    expect(await reader.as.query(api.moderation.myStatus, {})).toMatchObject({ role: "admin" });
    await t.mutation(internal.moderation.revokeRole, { email: readerEmail });
    await t.mutation(internal.moderation.suspendUser, { email, days: 1, reason: "Spam" });
    await expect(author.as.query(api.posts.get, { postId })).rejects.toThrow(SUSPENDED_PREFIX);
    await t.mutation(internal.moderation.liftSuspension, { email });
    await t.mutation(internal.moderation.suspendUser, { email, reason: "Again" });
    await expect(author.as.query(api.posts.get, { postId })).rejects.toThrow("suspended indefinitely: Again");
    await t.mutation(internal.moderation.dismissReports, { target: { kind: "post", id: postId } });
    await t.mutation(internal.moderation.removeContent, { target: { kind: "post", id: postId }, reason: "Spam" });
    expect(await reader.as.query(api.posts.get, { postId })).toBeNull();

    const rows = await auditRows(t);
    expect(rows.map((row) => row.action)).toEqual([
      "grant",
      "revoke",
      "suspend",
      "lift",
      "suspend",
      "dismiss",
      "remove",
    ]);
    expect(rows.every((row) => row.actorId === undefined)).toBe(true);

    await expect(
      t.mutation(internal.moderation.grantRole, { email: "nobody@example.com", role: "admin" }),
    ).rejects.toThrow(USER_NOT_FOUND);
    await expect(t.mutation(internal.moderation.suspendUser, { email, days: 0.5, reason: "x" })).rejects.toThrow(
      "Days must be a whole number",
    );
  });
});
