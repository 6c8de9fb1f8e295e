/**
 * "Delete my account" (issue 30, accountDeletion.ts): the password and DELETE check, what goes at
 * once, the background batches to the end (no document of any table, components included, holds
 * the id but the allowed ones below), the counts, the other person's conversation, two deletes
 * at once, a big account, a stopped deletion resumed by the cron, registering again, and a
 * moderator's role.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { HEAVY_BATCH, LIGHT_BATCH, ROW_BATCH } from "../../convex/lib/account-deletion/batches";
import {
  CONFIRMATION_REQUIRED,
  PASSWORD_REQUIRED,
  STALLED_AFTER_MS,
  WRONG_PASSWORD,
} from "../../convex/lib/account-deletion/constants";
import { ACCOUNT_DELETION_STAGES, FIRST_STAGE } from "../../convex/lib/account-deletion/stages";
import { ALREADY_DELETING } from "../../convex/lib/account-deletion/start";
import { getCounter, incrementCounter } from "../../convex/lib/counters";
import { exactItemCounts } from "../../convex/lib/item-counts";
import { NOT_SIGNED_IN } from "../../convex/lib/auth";
import { writeMentionRefs } from "../../convex/lib/mentions";
import type { Id } from "../../convex/_generated/dataModel";
import type { Mention } from "../../convex/shared/mentions";
import { DELETED_USER_NAME } from "../../convex/shared/public-user";
import { PASSWORD, signIn, userByEmail, verifiedUser } from "./auth-kit";
import { useAuthEnvironment } from "./auth-env";
import { backendWithComponents, holdersOf, passwordUser, runScheduled } from "./account-deletion-kit";
import { addBook } from "./book-fixtures";
import { addRoom, joinRoom } from "./chat-fixtures";
import { OTHER_PERSON_LEFT } from "../../convex/lib/conversations";
import { conversationWith } from "./conversation-fixtures";
import { addPost, insertPosts } from "./posts-fixtures";
import { signedInUser, type TestBackend } from "./test-env";

const firstPage = { numItems: 10, cursor: null };

beforeEach(async () => {
  await useAuthEnvironment();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

type Client = ReturnType<TestBackend["withIdentity"]>;

function deleteAccount(as: Client, password: string | undefined = PASSWORD, confirmation = "DELETE") {
  return as.action(api.accountDeletion.deleteMyAccount, {
    ...(password === undefined ? {} : { password }),
    confirmation,
  });
}

/**
 * Ann (a moderator, to be deleted) and Bob, with one of nearly everything between them: posts,
 * a book, comments, likes and views both ways, friends both ways, rooms, chat messages, presence
 * and typing, conversations (one Carol never opened), reports both ways, Duma, a spare upload, a
 * log row quoting Ann, and a suspension Ann made.
 */
async function richScene() {
  const { t, components } = backendWithComponents();
  const ann = await passwordUser(t, "ann@example.com");
  const bob = await signedInUser(t, { name: "Bob" });
  const carol = await signedInUser(t, { name: "Carol" });
  await t.run(async (ctx) => {
    await ctx.db.insert("roles", { userId: ann.userId, role: "moderator" });
    // signedInUser writes profiles directly; count them as a verified sign-up does.
    await incrementCounter(ctx, "profiles", 2);
  });

  const annPost = await addPost(t, ann.as, { title: "Ann's post" });
  await addPost(t, ann.as, { title: "Ann's second post" });
  const annBook = await addBook(t, ann.as, "Ann's book");
  const bobPost = await addPost(t, bob.as, { title: "Bob's post" });
  const bobBook = await addBook(t, bob.as, "Bob's book");

  await ann.as.mutation(api.postComments.add, { postId: bobPost.postId, text: "Ann was here" });
  await ann.as.mutation(api.bookComments.add, { bookId: bobBook.bookId, text: "Ann read it" });
  await ann.as.mutation(api.posts.toggleLike, { postId: bobPost.postId });
  await ann.as.mutation(api.books.toggleLike, { bookId: bobBook.bookId });
  await ann.as.mutation(api.posts.recordView, { postId: bobPost.postId });
  await bob.as.mutation(api.postComments.add, { postId: annPost.postId, text: "Bob on Ann's post" });
  await bob.as.mutation(api.posts.toggleLike, { postId: annPost.postId });
  await bob.as.mutation(api.books.toggleLike, { bookId: annBook.bookId });

  await ann.as.mutation(api.friends.add, { userId: bob.userId });
  await bob.as.mutation(api.friends.add, { userId: ann.userId });
  await carol.as.mutation(api.friends.add, { userId: bob.userId });

  const annRoom = await addRoom(ann.as, { name: "Ann's room" });
  const bobRoom = await addRoom(bob.as, { name: "Bob's room" });
  await joinRoom(ann.as, bobRoom, ann.userId);
  await ann.as.mutation(api.chatPresence.setTyping, { roomId: bobRoom, typing: true });
  await ann.as.mutation(api.chatMessages.send, { roomId: bobRoom, text: "Hi from Ann" });
  await bob.as.mutation(api.chatMessages.send, { roomId: annRoom, text: "Bob in Ann's room" });

  // Others' texts that @mention Ann (and someone else): her spans must go, the texts stay.
  const annName = await displayNameOf(t, ann.userId);
  const mentionsAnn = {
    message: `Hi @${annName} and @Carol`,
    postComment: `@Bob agrees with @${annName}`,
    bookComment: `Thanks @${annName}`,
  };
  const bobMessage = await bob.as.mutation(api.chatMessages.send, {
    roomId: bobRoom,
    text: mentionsAnn.message,
    mentions: [
      mentionOf(mentionsAnn.message, annName, ann.userId),
      mentionOf(mentionsAnn.message, "Carol", carol.userId),
    ],
  });
  const carolComment = await carol.as.mutation(api.postComments.add, {
    postId: bobPost.postId,
    text: mentionsAnn.postComment,
    mentions: [
      mentionOf(mentionsAnn.postComment, "Bob", bob.userId),
      mentionOf(mentionsAnn.postComment, annName, ann.userId),
    ],
  });
  const bobComment = await bob.as.mutation(api.bookComments.add, {
    bookId: bobBook.bookId,
    text: mentionsAnn.bookComment,
    mentions: [mentionOf(mentionsAnn.bookComment, annName, ann.userId)],
  });
  // Texts that go with Ann's room and post: their mentions go with them.
  const onAnnsThings = "Hi @Carol";
  const toCarol = [mentionOf(onAnnsThings, "Carol", carol.userId)];
  await bob.as.mutation(api.chatMessages.send, { roomId: annRoom, text: onAnnsThings, mentions: toCarol });
  await bob.as.mutation(api.postComments.add, { postId: annPost.postId, text: onAnnsThings, mentions: toCarol });

  const withBob = await conversationWith(ann, bob, "Hello Bob");
  await bob.as.mutation(api.messages.send, { conversationId: withBob, text: "Hello Ann" });
  await ann.as.mutation(api.messages.send, { conversationId: withBob, text: "Bye Bob" });
  const withCarol = await conversationWith(ann, carol, "Carol, are you there?");

  await ann.as.mutation(api.reports.report, { target: { kind: "post", id: bobPost.postId }, reason: "spam" });
  await bob.as.mutation(api.reports.report, { target: { kind: "profile", id: ann.userId }, reason: "spam" });
  await bob.as.mutation(api.reports.report, { target: { kind: "post", id: annPost.postId }, reason: "spam" });

  const spare = await t.run(async (ctx) => {
    const storageId = await ctx.storage.store(new Blob(["x"]));
    await ctx.db.insert("uploads", { storageId, ownerId: ann.userId, attached: false });
    await ctx.db.insert("dumaDecks", { userId: ann.userId, cards: [], endings: [], updatedAt: 0 });
    await ctx.db.insert("dumaReigns", { userId: ann.userId, days: 3, endingId: "e", swipes: 3, achievedAt: 0 });
    await ctx.db.insert("moderationLog", {
      action: "remove",
      actorId: bob.userId,
      subjectId: ann.userId,
      summary: "Ann's own words",
      reason: "Spam",
    });
    await ctx.db.insert("suspensions", { userId: carol.userId, endsAt: null, reason: "Spam", byUserId: ann.userId });
    const zip = await ctx.storage.store(new Blob(["zip"]));
    const now = Date.now();
    await ctx.db.insert("dataExports", {
      userId: ann.userId,
      status: "done",
      stage: "done",
      progress: 100,
      storageId: zip,
      startedAt: now,
      updatedAt: now,
    });
    return storageId;
  });
  await t.finishInProgressScheduledFunctions();
  return {
    t,
    components,
    ann,
    bob,
    carol,
    annPost,
    bobPost,
    bobBook,
    withBob,
    withCarol,
    spare,
    mentionsAnn: { bobMessage, carolComment, bobComment, texts: mentionsAnn },
  };
}

async function displayNameOf(t: TestBackend, userId: Id<"users">): Promise<string> {
  const profile = await t.run((ctx) =>
    ctx.db
      .query("profiles")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .unique(),
  );
  if (profile === null) throw new Error("no profile");
  return profile.displayName;
}

/** The span of the first "@name" in `text`. */
function mentionOf(text: string, name: string, userId: Id<"users">): Mention {
  const start = text.indexOf(`@${name}`);
  if (start < 0) throw new Error(`no @${name} in ${text}`);
  return { userId, start, length: name.length + 1 };
}

/** Counts that must equal the rows they count, after the listed counts were refreshed. */
async function expectCountsMatchRows(t: TestBackend) {
  await t.mutation(internal.itemCounts.refresh, {});
  await t.run(async (ctx) => {
    for (const post of await ctx.db.query("posts").collect()) {
      const counts = await exactItemCounts(ctx, post);
      const comments = await ctx.db
        .query("postComments")
        .withIndex("by_postId", (q) => q.eq("postId", post._id))
        .collect();
      const likes = await ctx.db
        .query("likes")
        .withIndex("by_targetId_and_userId", (q) => q.eq("targetId", post._id))
        .collect();
      expect(counts.comments).toBe(comments.length);
      expect(counts.likes).toBe(likes.length);
      expect(post.comments).toBe(comments.length);
      expect(post.likes).toBe(likes.length);
    }
    for (const book of await ctx.db.query("books").collect()) {
      const counts = await exactItemCounts(ctx, book);
      const likes = await ctx.db
        .query("likes")
        .withIndex("by_targetId_and_userId", (q) => q.eq("targetId", book._id))
        .collect();
      expect(counts.likes).toBe(likes.length);
    }
    for (const profile of await ctx.db.query("profiles").collect()) {
      const rows = await ctx.db
        .query("friends")
        .withIndex("by_userId", (q) => q.eq("userId", profile.userId))
        .collect();
      expect(profile.friendCount ?? 0).toBe(rows.length);
    }
    expect(await getCounter(ctx, "profiles")).toBe((await ctx.db.query("profiles").collect()).length);
    expect(await getCounter(ctx, "posts")).toBe((await ctx.db.query("posts").collect()).length);
    expect(await getCounter(ctx, "books")).toBe((await ctx.db.query("books").collect()).length);
    for (const item of await ctx.db.query("reportedItems").collect()) {
      const reports = await ctx.db
        .query("reports")
        .withIndex("by_itemId", (q) => q.eq("itemId", item._id))
        .collect();
      expect(item.reportCount).toBe(reports.length);
    }
  });
}

describe("the stages", () => {
  test("the list names every stage once and starts where a new deletion starts", () => {
    expect(new Set(ACCOUNT_DELETION_STAGES).size).toBe(ACCOUNT_DELETION_STAGES.length);
    expect(ACCOUNT_DELETION_STAGES[0]).toBe(FIRST_STAGE);
    expect(ACCOUNT_DELETION_STAGES.at(-1)).toBe("finish");
  });
});

describe("confirming", () => {
  test("a wrong password, a missing password or anything but DELETE changes nothing", async () => {
    const { t } = backendWithComponents();
    const ann = await passwordUser(t, "ann@example.com");
    await expect(deleteAccount(ann.as, "wrong-password")).rejects.toThrow(WRONG_PASSWORD);
    await expect(deleteAccount(ann.as, "")).rejects.toThrow(PASSWORD_REQUIRED);
    await expect(deleteAccount(ann.as, PASSWORD, "delete")).rejects.toThrow(CONFIRMATION_REQUIRED);
    await expect(deleteAccount(ann.as, PASSWORD, "")).rejects.toThrow(CONFIRMATION_REQUIRED);
    await runScheduled(t);
    expect(await t.run((ctx) => ctx.db.query("accountDeletions").collect())).toEqual([]);
    expect(await ann.as.query(api.users.viewer, {})).toMatchObject({ userId: ann.userId });
    expect(await ann.as.query(api.profiles.get, { userId: ann.userId })).not.toBeNull();
  });

  test("wrong passwords count as failed sign-ins: the sign-in back-off applies", async () => {
    const { t } = backendWithComponents();
    const ann = await passwordUser(t, "ann@example.com");
    const failures: string[] = [];
    for (let i = 0; i < 6; i++) {
      failures.push(
        await deleteAccount(ann.as, `wrong-${i}`).then(
          () => "deleted",
          (error: Error) => error.message,
        ),
      );
    }
    // The address-wide back-off starts after a few failures: the last tries are told to wait.
    expect(failures.some((message) => /wait|try again/i.test(message))).toBe(true);
    expect(await t.run((ctx) => ctx.db.query("accountDeletions").collect())).toEqual([]);
  });

  test("an account without a password (Google only) confirms with DELETE alone", async () => {
    const { t } = backendWithComponents();
    const gina = await signedInUser(t, { name: "Gina" });
    expect(await gina.as.query(api.accountDeletion.options, {})).toEqual({ hasPassword: false });
    await expect(deleteAccount(gina.as, undefined, "nope")).rejects.toThrow(CONFIRMATION_REQUIRED);
    await deleteAccount(gina.as, undefined);
    await runScheduled(t);
    expect(await t.run((ctx) => ctx.db.get(gina.userId))).toBeNull();
  });

  test("two deletes at once: one deletes, the other is told it is under way", async () => {
    const { t } = backendWithComponents();
    const ann = await passwordUser(t, "ann@example.com");
    expect(await ann.as.query(api.accountDeletion.options, {})).toEqual({ hasPassword: true });
    const results = await Promise.allSettled([deleteAccount(ann.as), deleteAccount(ann.as)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(String(refused?.reason)).toMatch(new RegExp(`${ALREADY_DELETING}|${NOT_SIGNED_IN}`));
    await runScheduled(t);
    expect(await t.run((ctx) => ctx.db.get(ann.userId))).toBeNull();
  });
});

describe("at once", () => {
  test("no sign-in, no session, no profile in any list, no role; the batches are scheduled", async () => {
    const { t, ann, bob } = await richScene();
    await deleteAccount(ann.as);
    await t.run(async (ctx) => {
      expect(await ctx.db.query("authAccounts").collect()).toHaveLength(0);
      const sessions = await ctx.db
        .query("authSessions")
        .withIndex("userId", (q) => q.eq("userId", ann.userId))
        .collect();
      expect(sessions).toEqual([]);
      expect(
        await ctx.db
          .query("roles")
          .withIndex("by_userId", (q) => q.eq("userId", ann.userId))
          .collect(),
      ).toEqual([]);
    });
    const people = await bob.as.query(api.friends.people, { cursor: null });
    expect(people.people.map((person) => person.userId)).not.toContain(ann.userId);
    const search = await bob.as.query(api.friends.people, { search: "New", cursor: null });
    expect(search.people.map((person) => person.userId)).not.toContain(ann.userId);
    expect(await bob.as.query(api.profiles.get, { userId: ann.userId })).toBeNull();
    await expect(signIn(t, { flow: "signIn", email: ann.email, password: PASSWORD })).rejects.toThrow();
    // A second delete from a tab whose token still works is refused before any password check.
    await expect(deleteAccount(ann.as)).rejects.toThrow(new RegExp(`${ALREADY_DELETING}|${NOT_SIGNED_IN}`));
  });
});

describe("to the end", () => {
  test("no document of any table, components included, holds the id but the allowed ones", async () => {
    const { t, components, ann, bob, carol, withBob, withCarol, spare } = await richScene();
    expect(new Set(await holdersOf(t, components, ann.userId)).size).toBeGreaterThan(25);
    expect(await holdersOf(t, components, ann.email)).not.toEqual([]);
    await deleteAccount(ann.as);
    await runScheduled(t);

    const holders = await holdersOf(t, components, ann.userId);
    // Kept on purpose: the audit log (ids, moderators' reasons; Ann's quoted words cleared), and
    // Bob's side of his conversation with Ann (its pair key and participants, his row naming her).
    const ALLOWED = new Set(["app:moderationLog", "app:conversations", "app:conversationMembers"]);
    expect(holders.filter((holder) => !ALLOWED.has(holder))).toEqual([]);
    // Nothing keeps the address: mailbox, pending sign-up, back-off and mail allowances went too.
    expect(await holdersOf(t, components, ann.email)).toEqual([]);

    await t.run(async (ctx) => {
      const log = await ctx.db
        .query("moderationLog")
        .withIndex("by_subjectId", (q) => q.eq("subjectId", ann.userId))
        .collect();
      expect(log.map((row) => row.summary)).toEqual([undefined]);
      expect(log.map((row) => row.reason)).toEqual(["Spam"]);
      expect(await ctx.db.get(withCarol)).toBeNull();
      expect(await ctx.db.system.get(spare)).toBeNull();
      const members = await ctx.db.query("conversationMembers").collect();
      expect(members.map((row) => row.userId)).toEqual([bob.userId]);
      const suspension = await ctx.db
        .query("suspensions")
        .withIndex("by_userId", (q) => q.eq("userId", carol.userId))
        .unique();
      expect(suspension?.byUserId).toBeUndefined();
    });
    await expectCountsMatchRows(t);

    // Bob's conversation stays readable: his own message, Ann as "Deleted user".
    const conversation = await bob.as.query(api.conversations.get, { conversationId: withBob });
    expect(conversation.other).toEqual({ userId: ann.userId, displayName: DELETED_USER_NAME, photoURL: null });
    expect(conversation.otherLeft).toBe(true);
    const history = await bob.as.query(api.messages.list, { conversationId: withBob, paginationOpts: firstPage });
    expect(history.page.map((message) => message.text)).toEqual(["Hello Ann"]);
    const list = await bob.as.query(api.conversations.list, { paginationOpts: firstPage });
    expect(list.page.map((row) => row.other.displayName)).toEqual([DELETED_USER_NAME]);
    expect(list.page[0]?.lastMessage).toEqual({ text: "Hello Ann", fromMe: true });
    expect(await bob.as.query(api.conversations.unreadTotal, {})).toBe(0);
    expect(await bob.as.query(api.chatPresence.person, { userId: ann.userId })).toEqual({
      userId: ann.userId,
      name: DELETED_USER_NAME,
    });
    const friends = await bob.as.query(api.friends.mine, { paginationOpts: firstPage });
    expect(friends.page).toEqual([]);
    // Nobody would read a new message: it is refused, and nothing is written.
    await expect(
      bob.as.mutation(api.messages.send, { conversationId: withBob, text: "Are you still there?" }),
    ).rejects.toThrow(OTHER_PERSON_LEFT);
    const after = await bob.as.query(api.messages.list, { conversationId: withBob, paginationOpts: firstPage });
    expect(after.page.map((message) => message.text)).toEqual(["Hello Ann"]);
  });

  test("others' messages and comments that mentioned them keep their text and their other mentions", async () => {
    const { t, ann, bob, carol, mentionsAnn } = await richScene();
    await deleteAccount(ann.as);
    await runScheduled(t);
    const { texts } = mentionsAnn;
    await t.run(async (ctx) => {
      const message = await ctx.db.get(mentionsAnn.bobMessage);
      expect(message?.text).toBe(texts.message);
      expect(message?.mentions).toEqual([mentionOf(texts.message, "Carol", carol.userId)]);
      const postComment = await ctx.db.get(mentionsAnn.carolComment);
      expect(postComment?.text).toBe(texts.postComment);
      expect(postComment?.mentions).toEqual([mentionOf(texts.postComment, "Bob", bob.userId)]);
      expect(postComment?.editedAt).toBeUndefined();
      const bookComment = await ctx.db.get(mentionsAnn.bobComment);
      expect(bookComment?.text).toBe(texts.bookComment);
      expect(bookComment?.mentions).toBeUndefined();
      // Every row left points at a text that is still there and names who it mentions.
      const refs = await ctx.db.query("mentionRefs").collect();
      expect(refs.map((ref) => ref.userId).sort()).toEqual([bob.userId, carol.userId].sort());
      for (const ref of refs) {
        const source = await ctx.db.get(ref.sourceId);
        expect(source?.mentions?.map((mention) => mention.userId)).toContain(ref.userId);
      }
    });
  });

  test("the address can register again, as a new account", async () => {
    const { t } = backendWithComponents();
    const ann = await passwordUser(t, "ann@example.com");
    await deleteAccount(ann.as);
    await runScheduled(t);
    expect(await userByEmail(t, ann.email)).toBeNull();
    await verifiedUser(t, ann.email, "another-password");
    const again = await userByEmail(t, ann.email);
    expect(again?._id).toBeDefined();
    expect(again?._id).not.toBe(ann.userId);
    expect(again?.emailVerificationTime).toBeDefined();
  });

  test("a moderator's role goes with the account, and the moderator pages refuse the old token", async () => {
    const { t, ann } = await richScene();
    await deleteAccount(ann.as);
    await runScheduled(t);
    expect(await t.run((ctx) => ctx.db.query("roles").collect())).toEqual([]);
    await expect(ann.as.query(api.moderation.myStatus, {})).resolves.not.toMatchObject({ role: "moderator" });
  });
});

describe("the moderation log", () => {
  test("keeps every row about them, with ids and reasons, but none of their quoted words", async () => {
    const { t } = backendWithComponents();
    const ann = await passwordUser(t, "ann@example.com");
    const ROWS = ROW_BATCH * 2 + 50;
    await t.run(async (ctx) => {
      for (let i = 0; i < ROWS; i++) {
        await ctx.db.insert("moderationLog", {
          action: "remove",
          subjectId: ann.userId,
          summary: `Ann ${i}`,
          reason: "Spam",
        });
      }
    });
    await deleteAccount(ann.as);
    await runScheduled(t);
    const rows = await t.run((ctx) => ctx.db.query("moderationLog").collect());
    expect(rows).toHaveLength(ROWS);
    expect(rows.filter((row) => row.summary !== undefined)).toEqual([]);
    expect(new Set(rows.map((row) => row.reason))).toEqual(new Set(["Spam"]));
  });
});

describe("a big account", () => {
  test("many posts go a bounded batch per mutation, each well inside Convex's limits", async () => {
    const { t } = backendWithComponents();
    const ann = await passwordUser(t, "ann@example.com");
    // 1,000 posts (a 10,000-post account is the same batches, ten times as many; this keeps the
    // run short). Each batch deletes HEAVY_BATCH posts, so it is 250 mutations.
    const POSTS = 1_000;
    await insertPosts(
      t,
      ann.userId,
      Array.from({ length: POSTS }, () => ({ category: "productivity" as const })),
    );
    const batches: number[] = [];
    await deleteAccount(ann.as);
    // Step through the scheduler, counting the posts each batch leaves.
    let left = POSTS;
    for (let step = 0; step < 2_000 && left > 0; step++) {
      vi.runAllTimers();
      await t.finishInProgressScheduledFunctions();
      const now = await t.run(
        async (ctx) =>
          (
            await ctx.db
              .query("posts")
              .withIndex("by_userId", (q) => q.eq("userId", ann.userId))
              .collect()
          ).length,
      );
      if (now < left) batches.push(left - now);
      left = now;
    }
    expect(left).toBe(0);
    expect(Math.max(...batches)).toBeLessThanOrEqual(HEAVY_BATCH);
    await runScheduled(t);
    expect(await t.run((ctx) => ctx.db.get(ann.userId))).toBeNull();
    expect(await t.run((ctx) => getCounter(ctx, "posts"))).toBe(0);
  }, 60_000);
});

describe("mentioned everywhere", () => {
  test("their mentions leave more texts than one batch holds, and the texts stay", async () => {
    const { t } = backendWithComponents();
    const ann = await passwordUser(t, "ann@example.com");
    const bob = await signedInUser(t, { name: "Bob" });
    const roomId = await addRoom(bob.as, { name: "Bob's room" });
    const TEXTS = LIGHT_BATCH * 2 + 5;
    const text = "@Ann and @Bob";
    await t.run(async (ctx) => {
      const mentions = [
        { userId: ann.userId, start: 0, length: 4 },
        { userId: bob.userId, start: 9, length: 4 },
      ];
      for (let i = 0; i < TEXTS; i++) {
        const messageId = await ctx.db.insert("chatMessages", { roomId, userId: bob.userId, text, mentions });
        await writeMentionRefs(ctx, messageId, mentions);
      }
    });
    await deleteAccount(ann.as);
    await runScheduled(t);
    await t.run(async (ctx) => {
      const messages = await ctx.db.query("chatMessages").collect();
      expect(messages).toHaveLength(TEXTS);
      for (const message of messages) {
        expect(message.text).toBe(text);
        expect(message.mentions).toEqual([{ userId: bob.userId, start: 9, length: 4 }]);
      }
      const refs = await ctx.db.query("mentionRefs").collect();
      expect(refs.filter((ref) => ref.userId === ann.userId)).toEqual([]);
      expect(refs).toHaveLength(TEXTS);
    });
  });
});

describe("after a crash", () => {
  test("a deletion whose next batch never ran is resumed by the cron", async () => {
    const { t, ann, bob } = await richScene();
    await deleteAccount(ann.as);
    // One batch runs, then the chain breaks (its next run is lost, as when a batch throws).
    vi.runAllTimers();
    await t.finishInProgressScheduledFunctions();
    await t.run(async (ctx) => {
      for (const job of await ctx.db.system.query("_scheduled_functions").collect()) {
        if (job.state.kind === "pending") await ctx.scheduler.cancel(job._id);
      }
    });
    await runScheduled(t);
    const stopped = await t.run((ctx) => ctx.db.query("accountDeletions").collect());
    expect(stopped).toHaveLength(1);

    // Too soon: the cron leaves it alone.
    await t.mutation(internal.accountDeletion.resumeStalled, {});
    expect(await t.run((ctx) => ctx.db.system.query("_scheduled_functions").collect())).not.toContainEqual(
      expect.objectContaining({ state: { kind: "pending" } }),
    );
    vi.advanceTimersByTime(STALLED_AFTER_MS + 1);
    await t.mutation(internal.accountDeletion.resumeStalled, {});
    await runScheduled(t);
    expect(await t.run((ctx) => ctx.db.query("accountDeletions").collect())).toEqual([]);
    expect(await t.run((ctx) => ctx.db.get(ann.userId))).toBeNull();
    await expectCountsMatchRows(t);
    const friends = await bob.as.query(api.friends.mine, { paginationOpts: firstPage });
    expect(friends.page).toEqual([]);
  });
});
