/**
 * The access matrix: every public query, mutation and action in convex/ is found automatically
 * and must have a row in ACCESS below, or this file fails naming it.
 *
 * HOW TO ADD YOUR FUNCTION (one line in ACCESS, kept in module order):
 *   "friends:add": anyVerifiedUser(async (s) => ({ friendId: (await signedInUser(s.t)).userId })),
 *   "friends:remove": ownerOnly(async (s) => ({ friendshipId: await friendship(s) })),
 *   "conversations:get": ownerOnly(async (s) => ({ conversationId: await chat(s) }), NOT_PARTICIPANT),
 *   "reports:report": anyVerifiedUser(async (s) => ({ target: { kind: "post", id: await othersPost(s) }, reason: "spam" })),

  "users:viewer": openToAnyone("why anonymous callers may call it"),
 * - anyVerifiedUser(setup): any verified user may call it. Checked: anonymous → NOT_SIGNED_IN,
 *   unverified → NOT_VERIFIED, and `s.owner`'s call with the setup's arguments succeeds.
 * - ownerOnly(setup, refusal = NOT_OWNER): the setup creates the thing as `s.owner` and returns
 *   the arguments naming it. Checked: anonymous, unverified, another verified user → `refusal`
 *   (an error text, or { returns: null } for a query that hides it), and the owner succeeds.
 * - openToAnyone(reason): no login needed, on purpose (say why).
 * The setup gets a Scene { t, owner: { userId, as } } on a fresh backend; put helpers that
 * create your things (a friendship, a conversation) at the bottom of this file or in a fixture.
 */
import { makeFunctionReference } from "convex/server";
import { Scrypt } from "lucia";
import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { NOT_YOURSELF } from "../../convex/chatPresence";
import { emailCodeHash } from "../../convex/lib/account-settings";
import { NOT_SIGNED_IN, NOT_VERIFIED } from "../../convex/lib/auth";
import { NOT_CHAT_CREATOR, NOT_YOUR_CHAT_MESSAGE } from "../../convex/shared/chat-texts";
import { NOT_A_PARTICIPANT } from "../../convex/lib/conversations";
import { NOT_YOUR_MESSAGE_TO_EDIT } from "../../convex/lib/message-edits";
import { STORY_CARDS } from "../../convex/shared/duma/story";
import { minuteAt } from "../../convex/lib/moderation/now";
import { NOT_ADMIN, NOT_MODERATOR } from "../../convex/lib/moderation/roles";
import {
  type AccessRule,
  anyVerifiedUser,
  type Args,
  openToAnyone,
  ownerOnly,
  type Scene,
  staffOnly,
} from "./access-rules";
import { addBook, storeFile, uploadedImage } from "./book-fixtures";
import { addRoom, joinRoom } from "./chat-fixtures";
import { addPost } from "./posts-fixtures";
import { type PublicFunction, publicFunctions } from "./public-functions";
import { newBackend, signedInUser } from "./test-env";

/** Why the page counts need no login (convex/lib/functions.ts, sharedFigureQuery). */
const PAGE_COUNT_IS_SHARED =
  "a page count tells nothing about anyone; reading no login lets Convex share one run among all its readers";

const ACCESS: Record<string, AccessRule> = {
  // Deleting an account is the caller's own only; the owner (no password account) confirms with DELETE.
  "accountDeletion:options": anyVerifiedUser(() => ({})),
  "accountDeletion:deleteMyAccount": anyVerifiedUser(() => ({ confirmation: "DELETE" })),

  // Account settings (issue 30): always the caller's own account, so any verified user, for themselves.
  "accountSettings:overview": anyVerifiedUser(() => ({})),
  "accountSettings:openSessions": anyVerifiedUser(() => ({})),
  "accountSettings:signOutOtherDevices": anyVerifiedUser(() => ({})),
  "accountSettings:changePassword": anyVerifiedUser(async (s) => ({
    currentPassword: await givePassword(s),
    newPassword: "new-secret-2",
  })),
  "accountSettings:requestEmailChange": anyVerifiedUser(async (s) => {
    await givePassword(s);
    process.env.AUTH_DEV_MAILBOX = "1";
    return { newEmail: "moved@example.com" };
  }),
  "accountSettings:confirmEmailChange": anyVerifiedUser(async (s) => ({ code: await pendingEmailCode(s) })),

  "auth:isAuthenticated": openToAnyone("Convex Auth: tells a client whether its token is valid"),
  "auth:signIn": openToAnyone("Convex Auth: signing in is what anonymous callers do"),
  "auth:signOut": openToAnyone("Convex Auth: ends the caller's own session only"),

  "bookComments:list": anyVerifiedUser(async (s) => ({ bookId: await book(s), paginationOpts: firstPage })),
  "bookComments:add": anyVerifiedUser(async (s) => ({ bookId: await book(s), text: "Nice" })),
  "bookComments:remove": ownerOnly(async (s) => ({ commentId: await bookComment(s) })),

  "books:page": anyVerifiedUser(() => ({ cursor: null })),
  "books:totalPages": openToAnyone(PAGE_COUNT_IS_SHARED),
  "books:get": anyVerifiedUser(async (s) => ({ bookId: await book(s) })),
  "books:byUser": anyVerifiedUser((s) => ({ userId: s.owner.userId })),
  "books:create": anyVerifiedUser(async (s) => ({ title: "Dune", image: { storageId: await upload(s) } })),
  "books:update": ownerOnly(async (s) => ({ bookId: await book(s), title: "Dune Messiah" })),
  "books:remove": ownerOnly(async (s) => ({ bookId: await book(s) })),
  "books:toggleLike": anyVerifiedUser(async (s) => ({ bookId: await book(s) })),
  "books:recordView": anyVerifiedUser(async (s) => ({ bookId: await book(s) })),

  "chatMessages:list": anyVerifiedUser(async (s) => ({ roomId: await room(s), paginationOpts: firstPage })),
  "chatMessages:send": anyVerifiedUser(async (s) => ({ roomId: await room(s), text: "Hello" })),
  "chatMessages:remove": ownerOnly(async (s) => ({ messageId: await chatMessage(s) }), NOT_YOUR_CHAT_MESSAGE),
  // Only the author edits (issue 32); replies are send's optional replyToId, covered by its row.
  "chatMessages:edit": ownerOnly(
    async (s) => ({ messageId: await chatMessage(s), text: "Edited" }),
    NOT_YOUR_MESSAGE_TO_EDIT,
  ),

  // Presence names the caller's own user id; someone else's is refused (the stranger sends the owner's).
  "chatPresence:heartbeat": ownerOnly(
    async (s) => ({ roomId: await room(s), userId: s.owner.userId, sessionId: "tab", interval: 10_000 }),
    NOT_YOURSELF,
  ),
  "chatPresence:list": openToAnyone(
    "reads no login so Convex shares one run per room among its members; the room token is the key, and only a verified caller's heartbeat hands it out; it lists user ids and online flags only",
  ),
  "chatPresence:person": anyVerifiedUser((s) => ({ userId: s.owner.userId })),
  "chatPresence:disconnect": openToAnyone(
    "a closing tab's sendBeacon carries no login; the session token only the heartbeat's caller got is the key",
  ),
  "chatPresence:typing": anyVerifiedUser(async (s) => ({ roomId: await room(s), since: 0 })),
  "chatPresence:setTyping": anyVerifiedUser(async (s) => {
    const roomId = await room(s);
    await joinRoom(s.owner.as, roomId, s.owner.userId);
    return { roomId, typing: true };
  }),

  // Read marks are the caller's own row: rooms are public, so any verified user, for themselves (issue 32).
  "chatRoomReads:unreadFrom": anyVerifiedUser(async (s) => ({ roomId: await room(s) })),
  "chatRoomReads:markRead": anyVerifiedUser(async (s) => ({ roomId: await room(s), readUpTo: Date.now() })),

  "chats:list": anyVerifiedUser(() => ({ paginationOpts: firstPage })),
  "chats:get": anyVerifiedUser(async (s) => ({ roomId: await room(s) })),
  "chats:create": anyVerifiedUser(async (s) => ({ name: "Book club", image: { storageId: await upload(s) } })),
  "chats:remove": ownerOnly(async (s) => ({ roomId: await room(s) }), NOT_CHAT_CREATOR),

  "conversations:openWith": anyVerifiedUser(async (s) => ({
    userId: (await signedInUser(s.t, { name: "Friend" })).userId,
  })),
  "conversations:list": anyVerifiedUser(() => ({ paginationOpts: firstPage })),
  "conversations:get": ownerOnly(async (s) => ({ conversationId: await conversation(s) }), NOT_A_PARTICIPANT),
  "conversations:markRead": ownerOnly(async (s) => ({ conversationId: await conversation(s) }), NOT_A_PARTICIPANT),
  "conversations:unreadTotal": anyVerifiedUser(() => ({})),
  "conversations:otherReadUpTo": ownerOnly(async (s) => ({ conversationId: await conversation(s) }), NOT_A_PARTICIPANT),
  "conversations:typing": ownerOnly(async (s) => ({ conversationId: await conversation(s) }), NOT_A_PARTICIPANT),
  "conversations:setTyping": ownerOnly(
    async (s) => ({ conversationId: await conversation(s), typing: true }),
    NOT_A_PARTICIPANT,
  ),

  // Always the caller's own export: no argument names anyone (the download's owner check is in data-export.test.ts).
  "dataExport:start": anyVerifiedUser(() => ({})),
  "dataExport:mine": anyVerifiedUser(() => ({})),

  // What is missing from this deployment's settings: for admins, who can change them.
  "deploymentSettings:problems": staffOnly("admin", () => ({}), NOT_ADMIN),
  "devMailbox:list": openToAnyone("the local dev mailbox; refuses everyone unless AUTH_DEV_MAILBOX=1"),

  // Duma works on the caller's own deck and reign only, so there is no one else's thing to name.
  "duma:myDeck": anyVerifiedUser(() => ({})),
  "duma:saveDeck": anyVerifiedUser(() => ({ cardsJson: JSON.stringify([STORY_CARDS[0]]), endingsJson: "[]" })),
  "duma:resetDeck": anyVerifiedUser(() => ({})),
  "duma:recordReign": anyVerifiedUser(() => ({ swipes: "n" })),
  "duma:myBestReign": anyVerifiedUser(() => ({})),
  "duma:leaderboard": anyVerifiedUser(() => ({})),

  "files:generateUploadUrl": anyVerifiedUser(() => ({})),
  "files:confirmUpload": anyVerifiedUser(async (s) => ({ storageId: await storeFile(s.t) })),

  // Friends lists are the caller's own: add/remove take the other person, never a list to edit.
  "friends:people": anyVerifiedUser(() => ({ cursor: null })),
  "friends:peopleTotalPages": openToAnyone(PAGE_COUNT_IS_SHARED),
  "friends:mine": anyVerifiedUser(() => ({ paginationOpts: firstPage })),
  "friends:add": anyVerifiedUser(async (s) => ({ userId: await someoneElse(s) })),
  "friends:remove": anyVerifiedUser(async (s) => ({ userId: await someoneElse(s) })),

  // The @mention picker (issue 31): names and avatars only, as any signed-in person sees them anyway.
  "mentions:candidates": anyVerifiedUser(async (s) => ({ query: "Ow", roomId: await room(s) })),

  // Reactions (issue 32): a room's messages are open to any verified user, a private message's to
  // its two participants (the strictest case is the row); mineAmong reads only the caller's own rows.
  "messageReactions:toggle": ownerOnly(async (s) => ({ messageId: await message(s), emoji: "❤️" }), NOT_A_PARTICIPANT),
  "messageReactions:mineAmong": anyVerifiedUser(async (s) => ({
    messageIds: [await chatMessage(s), await message(s)],
  })),
  "messageReactions:who": ownerOnly(async (s) => ({ messageId: await message(s), emoji: "❤️" }), NOT_A_PARTICIPANT),

  "messages:list": ownerOnly(
    async (s) => ({ conversationId: await conversation(s), paginationOpts: firstPage }),
    NOT_A_PARTICIPANT,
  ),
  "messages:send": ownerOnly(async (s) => ({ conversationId: await conversation(s), text: "Hi" }), NOT_A_PARTICIPANT),
  "messages:remove": ownerOnly(async (s) => ({ messageId: await message(s) }), NOT_A_PARTICIPANT),
  "messages:edit": ownerOnly(async (s) => ({ messageId: await message(s), text: "Edited" }), NOT_A_PARTICIPANT),

  // Moderation: the owner is made a moderator (or admin) first; everyone else is refused.
  "moderation:myStatus": openToAnyone(
    "tells callers about themselves only (null when anonymous); a suspended user needs it",
  ),
  "moderation:remove": staffOnly(
    "moderator",
    async (s) => ({ target: { kind: "post", id: await othersPost(s) } }),
    NOT_MODERATOR,
  ),
  "moderation:dismiss": staffOnly(
    "moderator",
    async (s) => ({ target: { kind: "post", id: await othersPost(s) } }),
    NOT_MODERATOR,
  ),
  "moderation:suspend": staffOnly(
    "moderator",
    async (s) => ({ userId: await someoneElse(s), duration: "7d", reason: "Spam" }),
    NOT_MODERATOR,
  ),
  "moderation:removeAllContent": staffOnly(
    "moderator",
    async (s) => ({ userId: await someoneElse(s), reason: "Spam" }),
    NOT_MODERATOR,
  ),
  "moderation:lift": staffOnly("moderator", async (s) => ({ userId: await suspendedUser(s) }), NOT_MODERATOR),
  "moderation:grant": staffOnly("admin", async (s) => ({ userId: await someoneElse(s), role: "moderator" }), NOT_ADMIN),
  "moderation:revoke": staffOnly("admin", async (s) => ({ userId: await someoneElse(s) }), NOT_ADMIN),

  "moderationLists:openItems": staffOnly(
    "moderator",
    () => ({ sort: "newest", now: wholeMinute(), paginationOpts: firstPage }),
    NOT_MODERATOR,
  ),
  "moderationLists:reportsOf": staffOnly(
    "moderator",
    async (s) => {
      const targetId = await othersPost(s);
      // The queue row of a reported post, as reports:report makes it.
      const itemId = await s.t.run(async (ctx) => {
        const authorId = (await ctx.db.get(targetId))!.userId;
        return await ctx.db.insert("reportedItems", {
          targetKind: "post",
          targetId,
          authorId,
          reportCount: 0,
          lastReportedAt: 0,
        });
      });
      return { itemId };
    },
    NOT_MODERATOR,
  ),
  "moderationLists:suspensions": staffOnly(
    "moderator",
    () => ({ now: wholeMinute(), paginationOpts: firstPage }),
    NOT_MODERATOR,
  ),
  "moderationLists:contentRemovals": staffOnly("moderator", () => ({ paginationOpts: firstPage }), NOT_MODERATOR),
  "moderationLists:log": staffOnly("moderator", () => ({ paginationOpts: firstPage }), NOT_MODERATOR),

  // Notifications (issue 31): always the caller's own; markRead of another person's is refused.
  "notificationPreferences:mine": anyVerifiedUser(() => ({})),
  "notificationPreferences:set": anyVerifiedUser(() => ({ kind: "likes", enabled: false })),
  "notifications:unreadCount": anyVerifiedUser(() => ({})),
  "notifications:page": anyVerifiedUser(() => ({ paginationOpts: firstPage })),
  "notifications:markRead": ownerOnly(async (s) => ({ notificationId: await ownNotification(s) })),
  "notifications:markAllRead": anyVerifiedUser(() => ({})),
  "moderationLists:people": staffOnly("admin", () => ({ name: "Owner" }), NOT_ADMIN),
  "moderationLists:staff": staffOnly("admin", () => ({ paginationOpts: firstPage }), NOT_ADMIN),

  "postComments:list": anyVerifiedUser(async (s) => ({ postId: await post(s), paginationOpts: firstPage })),
  "postComments:add": anyVerifiedUser(async (s) => ({ postId: await post(s), text: "Nice" })),
  "postComments:edit": ownerOnly(async (s) => ({ commentId: await postComment(s), text: "Edited" })),
  "postComments:remove": ownerOnly(async (s) => ({ commentId: await postComment(s) })),

  "posts:feed": anyVerifiedUser(() => ({ sort: "date", categories: ["art"], cursor: null })),
  "posts:totalPages": openToAnyone(PAGE_COUNT_IS_SHARED),
  "posts:get": anyVerifiedUser(async (s) => ({ postId: await post(s) })),
  "posts:byUser": anyVerifiedUser((s) => ({ userId: s.owner.userId })),
  "posts:create": anyVerifiedUser(async (s) => ({
    title: "On habits",
    description: "Small steps.",
    category: "productivity",
    image: { storageId: await upload(s) },
  })),
  "posts:update": ownerOnly(async (s) => ({
    postId: await post(s),
    title: "On habits",
    description: "Edited",
    category: "art",
  })),
  "posts:remove": ownerOnly(async (s) => ({ postId: await post(s) })),
  "posts:toggleLike": anyVerifiedUser(async (s) => ({ postId: await post(s) })),
  "posts:recordView": anyVerifiedUser(async (s) => ({ postId: await post(s) })),

  // Profile edits take no user or profile id: each caller can only ever change their own.
  "profiles:get": anyVerifiedUser((s) => ({ userId: s.owner.userId })),
  "profiles:update": anyVerifiedUser(() => ({ displayName: "Renamed", hometown: "Porto" })),
  "profiles:setAvatar": anyVerifiedUser(() => ({ photoURL: "/avatars/3.svg" })),
  "profiles:skipNameStep": anyVerifiedUser(() => ({})),
  "profiles:postsOf": anyVerifiedUser((s) => ({ userId: s.owner.userId, paginationOpts: firstPage })),
  "profiles:booksOf": anyVerifiedUser((s) => ({ userId: s.owner.userId, paginationOpts: firstPage })),

  "reports:report": anyVerifiedUser(async (s) => ({
    target: { kind: "post", id: await othersPost(s) },
    reason: "spam",
  })),

  // Search (issue 33): any verified member searches what every member may see.
  "search:people": anyVerifiedUser(() => ({ query: "Test", paginationOpts: firstPage })),
  "search:books": anyVerifiedUser(() => ({ query: "Dune", paginationOpts: firstPage })),
  "search:posts": anyVerifiedUser(() => ({ query: "habits", category: "art", paginationOpts: firstPage })),
  "search:chatRooms": anyVerifiedUser(() => ({ query: "club", paginationOpts: firstPage })),
  "search:all": anyVerifiedUser(() => ({ query: "dune" })),

  "users:viewer": openToAnyone("answers anonymous and unverified callers so the shell knows who is there"),
  "users:signInOptions": openToAnyone("the login screen asks which ways in exist before anyone signs in"),
};

// ---- scene helpers: each creates one thing as the scene's owner and returns its id ----

/** Gives the owner an e-mail + password account (signedInUser makes none) and returns its password. */
async function givePassword(s: Scene): Promise<string> {
  const password = "owner-secret";
  const secret = await new Scrypt().hash(password);
  await s.t.run(async (ctx) => {
    const user = await ctx.db.get(s.owner.userId);
    await ctx.db.insert("authAccounts", {
      userId: s.owner.userId,
      provider: "password",
      providerAccountId: user?.email ?? "",
      secret,
    });
  });
  return password;
}

/** An e-mail change of the owner's waiting for a code; returns the code. */
async function pendingEmailCode(s: Scene): Promise<string> {
  await givePassword(s);
  const code = "12345678";
  const codeHash = await emailCodeHash(s.owner.userId, "moved@example.com", code);
  await s.t.run(async (ctx) => {
    await ctx.db.insert("emailChanges", {
      userId: s.owner.userId,
      newEmail: "moved@example.com",
      codeHash,
      expiresAt: Date.now() + 60_000,
      failedAttempts: 0,
    });
  });
  process.env.AUTH_DEV_MAILBOX = "1";
  return code;
}

const firstPage = { numItems: 10, cursor: null };

/** Another person the owner can befriend (friends take the other person's id). */
async function someoneElse(s: Scene): Promise<Id<"users">> {
  return (await signedInUser(s.t, { name: "Someone else" })).userId;
}

/** A notification of the owner's: someone added them as a friend. */
async function ownNotification(s: Scene): Promise<Id<"notifications">> {
  const actorId = await someoneElse(s);
  return await s.t.run(
    async (ctx) =>
      await ctx.db.insert("notifications", {
        recipientId: s.owner.userId,
        kind: "friendAdded",
        actorId,
        read: false,
        updatedAt: Date.now(),
        actorCount: 1,
      }),
  );
}

/** A post by someone other than the owner (nobody may report their own). */
async function othersPost(s: Scene): Promise<Id<"posts">> {
  const author = await signedInUser(s.t, { name: "Author" });
  return (await addPost(s.t, author.as)).postId;
}

/** Someone suspended for a week, for lifting. */
async function suspendedUser(s: Scene): Promise<Id<"users">> {
  const userId = await someoneElse(s);
  await s.t.run(async (ctx) => {
    await ctx.db.insert("suspensions", { userId, endsAt: Date.now() + 7 * 86_400_000, reason: "Spam" });
  });
  return userId;
}

async function upload(s: Scene): Promise<Id<"_storage">> {
  return await uploadedImage(s.t, s.owner.as);
}

async function book(s: Scene): Promise<Id<"books">> {
  return (await addBook(s.t, s.owner.as)).bookId;
}

async function post(s: Scene): Promise<Id<"posts">> {
  return (await addPost(s.t, s.owner.as)).postId;
}

async function bookComment(s: Scene): Promise<Id<"bookComments">> {
  return await s.owner.as.mutation(api.bookComments.add, { bookId: await book(s), text: "Mine" });
}

async function postComment(s: Scene): Promise<Id<"postComments">> {
  return await s.owner.as.mutation(api.postComments.add, { postId: await post(s), text: "Mine" });
}

/** The owner's conversation with someone else (the stranger of each check is a third person). */
async function room(s: Scene): Promise<Id<"chatRooms">> {
  return await addRoom(s.owner.as);
}

async function chatMessage(s: Scene): Promise<Id<"chatMessages">> {
  return await s.owner.as.mutation(api.chatMessages.send, { roomId: await room(s), text: "Mine" });
}

async function conversation(s: Scene): Promise<Id<"conversations">> {
  const other = await signedInUser(s.t, { name: "Friend" });
  return await s.owner.as.mutation(api.conversations.openWith, { userId: other.userId });
}

async function message(s: Scene): Promise<Id<"messages">> {
  return await s.owner.as.mutation(api.messages.send, { conversationId: await conversation(s), text: "Mine" });
}

// ---- the matrix ----

type Caller = Pick<ReturnType<typeof newBackend>, "query" | "mutation" | "action">;

function call(caller: Caller, fn: PublicFunction, args: Args): Promise<unknown> {
  if (fn.kind === "query") return caller.query(makeFunctionReference<"query">(fn.name), args);
  if (fn.kind === "mutation") return caller.mutation(makeFunctionReference<"mutation">(fn.name), args);
  return caller.action(makeFunctionReference<"action">(fn.name), args);
}

async function newScene(): Promise<Scene> {
  const t = newBackend();
  return { t, owner: await signedInUser(t, { name: "Owner" }) };
}

const functions = publicFunctions();
const guarded = functions.flatMap((fn) => {
  const rule = ACCESS[fn.name];
  return rule && rule.kind !== "open" ? [{ fn, rule }] : [];
});

test("every public function has a row in the access matrix", () => {
  const missing = functions.map((fn) => fn.name).filter((name) => !(name in ACCESS));
  expect(missing, "add these to ACCESS in tests/convex/access-matrix.test.ts").toEqual([]);
});

test("the access matrix names no function that does not exist", () => {
  const names = new Set(functions.map((fn) => fn.name));
  expect(Object.keys(ACCESS).filter((name) => !names.has(name))).toEqual([]);
});

describe.each(guarded)("$fn.name", ({ fn, rule }) => {
  test("refuses anonymous callers", async () => {
    const scene = await newScene();
    const args = await rule.setup(scene);
    await expect(call(scene.t, fn, args)).rejects.toThrow(NOT_SIGNED_IN);
  });

  test("refuses signed-in users whose e-mail is not verified", async () => {
    const scene = await newScene();
    const args = await rule.setup(scene);
    const { as } = await signedInUser(scene.t, { name: "Unverified", verified: false });
    await expect(call(as, fn, args)).rejects.toThrow(NOT_VERIFIED);
  });

  if (rule.kind === "owner") {
    test("refuses a verified user who does not own it", async () => {
      const scene = await newScene();
      const args = await rule.setup(scene);
      const { as } = await signedInUser(scene.t, { name: "Stranger" });
      const refusal = rule.refusal;
      if (typeof refusal === "object" && "returns" in refusal) {
        await expect(call(as, fn, args)).resolves.toBe(refusal.returns);
      } else {
        await expect(call(as, fn, args)).rejects.toThrow(refusal);
      }
    });
  }

  test(rule.kind === "owner" ? "lets the owner call it" : "lets a verified user call it", async () => {
    const scene = await newScene();
    const args = await rule.setup(scene);
    await call(scene.owner.as, fn, args);
  });
});

/** The `now` argument of the moderation lists: the current whole minute. */
function wholeMinute(): number {
  return minuteAt(Date.now());
}
