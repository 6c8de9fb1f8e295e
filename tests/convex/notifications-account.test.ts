/**
 * Notifications when an account is deleted (issue 31 with issue 30): the person's own rows,
 * events, count and preferences go, and so do their traces in others' rows; a grouped like row
 * keeps its other people, and every count still equals its rows.
 */
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { backendWithComponents, holdersOf } from "./account-deletion-kit";
import { addBook } from "./book-fixtures";
import { firstPage, rowsOf, settle, unreadBoth } from "./notifications-kit";
import { addPost } from "./posts-fixtures";
import { signedInUser } from "./test-env";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test("a deleted account leaves no notification, event, count or preference holding its id", async () => {
  const { t, components } = backendWithComponents();
  const alice = await signedInUser(t, { name: "Alice" });
  const bob = await signedInUser(t, { name: "Bob" });
  const ann = await signedInUser(t, { name: "Ann" });
  const { postId } = await addPost(t, alice.as, { title: "Alice's post" });
  const { bookId } = await addBook(t, alice.as, "Alice's book");
  const annPost = await addPost(t, ann.as, { title: "Ann's post" });

  // Ann in Alice's notifications: the newest of a grouped like row, a friend add, a comment.
  await bob.as.mutation(api.posts.toggleLike, { postId });
  await ann.as.mutation(api.posts.toggleLike, { postId });
  await ann.as.mutation(api.friends.add, { userId: alice.userId });
  await ann.as.mutation(api.bookComments.add, { bookId, text: "Ann read it" });
  // Ann's own: Bob's like and friend add, her preferences.
  await bob.as.mutation(api.posts.toggleLike, { postId: annPost.postId });
  await bob.as.mutation(api.friends.add, { userId: ann.userId });
  await ann.as.mutation(api.notificationPreferences.set, { kind: "comments", enabled: false });
  await settle(t);
  expect(await unreadBoth(t, alice)).toEqual({ counter: 3, rows: 3 });
  expect(await unreadBoth(t, ann)).toEqual({ counter: 2, rows: 2 });

  await ann.as.action(api.accountDeletion.deleteMyAccount, { confirmation: "DELETE" });
  await settle(t);

  const holders = await holdersOf(t, components, ann.userId);
  expect(holders.filter((holder) => /notification/i.test(holder))).toEqual([]);
  expect(holders.filter((holder) => holder.startsWith("system:"))).toEqual([]);
  // Alice keeps Bob's like, now alone in its row; Ann's friend add and comment went.
  const page = await firstPage(alice);
  expect(page.map((view) => [view.kind, view.actor?.userId, view.othersCount])).toEqual([["like", bob.userId, 0]]);
  expect(await unreadBoth(t, alice)).toEqual({ counter: 1, rows: 1 });
  expect(await rowsOf(t, ann.userId)).toEqual([]);
});
