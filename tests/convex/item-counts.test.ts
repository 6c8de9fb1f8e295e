/**
 * Views, likes and comment counts off the listed book and post documents (lib/item-counts.ts):
 * exact at once on the detail view, copied onto the documents (cards, sort indexes) by the
 * refresh cron (itemCounts.refresh), cleared with the item, and moved from old documents by a
 * migration that neither loses nor double-counts a like made while it runs.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { api, components, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { CHANGE_ROWS_PER_REFRESH, ITEMS_PER_REFRESH } from "../../convex/itemCounts";
import { itemCounterName, ITEM_COUNTS, type ItemId } from "../../convex/lib/item-counts";
import { addBook } from "./book-fixtures";
import { addPost, insertPosts } from "./posts-fixtures";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

afterEach(() => {
  vi.useRealTimers();
});

type Client = Awaited<ReturnType<typeof signedInUser>>["as"];

const getDoc = <T extends ItemId>(t: TestBackend, id: T) => t.run((ctx) => ctx.db.get(id));
const refresh = (t: TestBackend) => t.mutation(internal.itemCounts.refresh, {});

/** The item's three counters (views, likes, comments): all 0 once they are cleared. */
async function counterValues(t: TestBackend, itemId: ItemId): Promise<number[]> {
  return await t.run(async (ctx) =>
    Promise.all(
      ITEM_COUNTS.map((count) =>
        ctx.runQuery(components.shardedCounter.public.count, { name: itemCounterName(itemId, count) }),
      ),
    ),
  );
}

/** A verified user and a post of theirs; `fans` other verified users. */
async function postWithFans(t: TestBackend, fans: number) {
  const ann = await signedInUser(t, { name: "Ann" });
  const { postId } = await addPost(t, ann.as);
  const users = await Promise.all(Array.from({ length: fans }, (_, i) => signedInUser(t, { name: `Fan ${i}` })));
  return { ann, postId, users };
}

describe("counts off the listed document", () => {
  test("a view, a like and a comment leave the post document as it was; the details count them at once", async () => {
    const t = newBackend();
    const { ann, postId, users } = await postWithFans(t, 1);
    const bob = users[0]!;
    const before = await getDoc(t, postId);

    await bob.as.mutation(api.posts.recordView, { postId });
    expect(await bob.as.mutation(api.posts.toggleLike, { postId })).toEqual({ liked: true });
    const commentId = await bob.as.mutation(api.postComments.add, { postId, text: "Nice" });
    expect(await getDoc(t, postId)).toEqual(before);
    expect(await ann.as.query(api.posts.get, { postId })).toMatchObject({ views: 1, likes: 1, comments: 1 });

    await bob.as.mutation(api.postComments.remove, { commentId });
    expect(await bob.as.mutation(api.posts.toggleLike, { postId })).toEqual({ liked: false });
    expect(await getDoc(t, postId)).toEqual(before);
    expect(await ann.as.query(api.posts.get, { postId })).toMatchObject({ views: 1, likes: 0, comments: 0 });
  });

  test("the same for a book", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const bob = await signedInUser(t, { name: "Bob" });
    const { bookId } = await addBook(t, ann.as);
    const before = await getDoc(t, bookId);

    await bob.as.mutation(api.books.recordView, { bookId });
    expect(await bob.as.mutation(api.books.toggleLike, { bookId })).toEqual({ liked: true });
    await bob.as.mutation(api.bookComments.add, { bookId, text: "Great read" });
    expect(await getDoc(t, bookId)).toEqual(before);
    expect(await ann.as.query(api.books.get, { bookId })).toMatchObject({ views: 1, likes: 1, comments: 1 });

    await refresh(t);
    expect(await getDoc(t, bookId)).toMatchObject({ views: 1, likes: 1, comments: 1 });
  });

  test("50 people liking one post at once all succeed, and the count is exactly 50", async () => {
    const t = newBackend();
    const { ann, postId, users } = await postWithFans(t, 50);
    const results = await Promise.all(users.map((user) => user.as.mutation(api.posts.toggleLike, { postId })));
    expect(results.every((result) => result.liked)).toBe(true);
    expect((await ann.as.query(api.posts.get, { postId }))?.likes).toBe(50);
    await refresh(t);
    expect((await getDoc(t, postId))?.likes).toBe(50);
  });
});

describe("itemCounts.refresh", () => {
  test("copies the exact counts onto the documents, and the feed's order follows", async () => {
    const t = newBackend();
    const { ann, users } = await postWithFans(t, 3);
    const [first, second, third] = (await insertPosts(t, ann.userId, [
      { category: "art" },
      { category: "art" },
      { category: "art" },
    ])) as [Id<"posts">, Id<"posts">, Id<"posts">];
    // The oldest post gets three likes, the middle one one: newest first until the refresh.
    for (const user of users) await user.as.mutation(api.posts.toggleLike, { postId: first });
    await users[0]!.as.mutation(api.posts.toggleLike, { postId: second });
    const byLikes = async () =>
      (await ann.as.query(api.posts.feed, { sort: "likes", categories: ["art"], cursor: null })).posts.map((card) => [
        card._id,
        card.likes,
      ]);
    expect(await byLikes()).toEqual([
      [third, 0],
      [second, 0],
      [first, 0],
    ]);

    expect(await refresh(t)).toEqual({ items: 2, patched: 2, isDone: true });
    expect(await byLikes()).toEqual([
      [first, 3],
      [second, 1],
      [third, 0],
    ]);
    // Nothing changed since: the next run has nothing to do.
    expect(await refresh(t)).toEqual({ items: 0, patched: 0, isDone: true });
  });

  test("patches nothing when the counts came back to what the document lists", async () => {
    const t = newBackend();
    const { postId, users } = await postWithFans(t, 1);
    await users[0]!.as.mutation(api.posts.toggleLike, { postId });
    await users[0]!.as.mutation(api.posts.toggleLike, { postId });
    expect(await refresh(t)).toEqual({ items: 1, patched: 0, isDone: true });
  });

  test("works in bounded batches through the scheduler until every changed item is refreshed", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const postIds = await insertPosts(
      t,
      ann.userId,
      Array.from({ length: ITEMS_PER_REFRESH + 5 }, () => ({ category: "art" as const })),
    );
    await t.run(async (ctx) => {
      for (const itemId of postIds) await ctx.db.insert("itemCountChanges", { itemId });
    });
    // Old documents (counts on the document) are moved on their first refresh: each is written.
    expect(await refresh(t)).toEqual({ items: ITEMS_PER_REFRESH, patched: ITEMS_PER_REFRESH, isDone: false });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const left = await t.run(async (ctx) => (await ctx.db.query("itemCountChanges").collect()).length);
    expect(left).toBe(0);
    const moved = await t.run(async (ctx) => (await ctx.db.query("posts").collect()).map((p) => p.countsInCounters));
    expect(moved.every((flag) => flag === true)).toBe(true);
    expect(CHANGE_ROWS_PER_REFRESH).toBeGreaterThanOrEqual(ITEMS_PER_REFRESH);
  });

  test("skips an item deleted since it changed", async () => {
    const t = newBackend();
    const { ann, postId, users } = await postWithFans(t, 1);
    await users[0]!.as.mutation(api.posts.toggleLike, { postId });
    await ann.as.mutation(api.posts.remove, { postId });
    expect(await refresh(t)).toEqual({ items: 1, patched: 0, isDone: true });
  });
});

describe("deleting clears the counters", () => {
  test("a deleted post leaves no count behind", async () => {
    const t = newBackend();
    const { ann, postId, users } = await postWithFans(t, 1);
    await users[0]!.as.mutation(api.posts.recordView, { postId });
    await users[0]!.as.mutation(api.posts.toggleLike, { postId });
    await users[0]!.as.mutation(api.postComments.add, { postId, text: "Hi" });
    expect(await counterValues(t, postId)).toEqual([1, 1, 1]);
    await ann.as.mutation(api.posts.remove, { postId });
    expect(await counterValues(t, postId)).toEqual([0, 0, 0]);
  });

  test("a deleted book leaves no count behind", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const bob = await signedInUser(t, { name: "Bob" });
    const { bookId } = await addBook(t, ann.as);
    await bob.as.mutation(api.books.recordView, { bookId });
    await bob.as.mutation(api.books.toggleLike, { bookId });
    await bob.as.mutation(api.bookComments.add, { bookId, text: "Hi" });
    expect(await counterValues(t, bookId)).toEqual([1, 1, 1]);
    await ann.as.mutation(api.books.remove, { bookId });
    expect(await counterValues(t, bookId)).toEqual([0, 0, 0]);
  });
});

describe("migrations: moving counts off old documents", () => {
  /** Posts as data from before the counters holds them: exact counts on the document, no mark. */
  async function oldPosts(t: TestBackend, userId: Id<"users">, count: number) {
    return await insertPosts(
      t,
      userId,
      Array.from({ length: count }, () => ({ category: "art" as const, views: 10, likes: 5, comments: 2 })),
    );
  }
  const detail = async (as: Client, postId: Id<"posts">) => {
    const post = await as.query(api.posts.get, { postId });
    return { views: post?.views, likes: post?.likes, comments: post?.comments };
  };

  test("before it runs, the exact count is the document's plus the counter's", async () => {
    const t = newBackend();
    const { ann, users } = await postWithFans(t, 1);
    const [postId] = await oldPosts(t, ann.userId, 1);
    await users[0]!.as.mutation(api.posts.toggleLike, { postId: postId! });
    expect(await detail(ann.as, postId!)).toEqual({ views: 10, likes: 6, comments: 2 });
  });

  test("keeps counts exact through a run, with likes and unlikes between its batches, and a second run changes nothing", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const { ann, users } = await postWithFans(t, 2);
    const postIds = await oldPosts(t, ann.userId, 3);
    const [first, second, third] = postIds as [Id<"posts">, Id<"posts">, Id<"posts">];
    // A like before the migration: it is in the counter, the document still holds the old 5.
    await users[0]!.as.mutation(api.posts.toggleLike, { postId: first });

    // One post per batch: the first batch runs now, the rest through the component's scheduler.
    await t.mutation(internal.migrations.run, { fn: "migrations:movePostCounts", batchSize: 1 });
    const movedNow = await t.run(async (ctx) =>
      Promise.all(postIds.map(async (id) => (await ctx.db.get(id))?.countsInCounters === true)),
    );
    expect(movedNow.filter(Boolean).length).toBeLessThan(postIds.length);
    // Likes while it runs: on a moved post and on posts not moved yet.
    await users[1]!.as.mutation(api.posts.toggleLike, { postId: first });
    await users[1]!.as.mutation(api.posts.toggleLike, { postId: second });
    await users[0]!.as.mutation(api.posts.toggleLike, { postId: third });
    await users[0]!.as.mutation(api.posts.toggleLike, { postId: third });
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    const expected = new Map([
      [first, 7],
      [second, 6],
      [third, 5],
    ]);
    for (const postId of postIds) {
      expect(await detail(ann.as, postId)).toEqual({ views: 10, likes: expected.get(postId), comments: 2 });
    }
    const docs = await t.run(async (ctx) => Promise.all(postIds.map((id) => ctx.db.get(id))));
    expect(docs.every((doc) => doc?.countsInCounters === true)).toBe(true);
    const status = await t.query(internal.migrations.status, { names: ["migrations:movePostCounts"] });
    // The three old posts and Ann's new one, which it found marked already.
    expect(status[0]).toMatchObject({ isDone: true, processed: 4 });

    // Run again from the start: every post is marked, nothing moves.
    await t.mutation(internal.migrations.run, { fn: "migrations:movePostCounts", reset: true });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    for (const postId of postIds) {
      expect(await detail(ann.as, postId)).toEqual({ views: 10, likes: expected.get(postId), comments: 2 });
    }
    expect(await t.run(async (ctx) => Promise.all(postIds.map((id) => ctx.db.get(id))))).toEqual(docs);

    // The refresh lists the exact counts.
    await refresh(t);
    const listed = await t.run(async (ctx) => Promise.all(postIds.map((id) => ctx.db.get(id))));
    expect(listed.map((doc) => doc?.likes)).toEqual([7, 6, 5]);
  });

  test("moves books too (moveCounts runs posts, then books)", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const bookId = await t.run(async (ctx) =>
      ctx.db.insert("books", {
        title: "Old",
        image: { url: "https://example.com/old.png" },
        userId: ann.userId,
        updatedAt: 0,
        views: 4,
        likes: 3,
        comments: 1,
      }),
    );
    await t.mutation(internal.migrations.moveCounts, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await getDoc(t, bookId))?.countsInCounters).toBe(true);
    expect(await ann.as.query(api.books.get, { bookId })).toMatchObject({ views: 4, likes: 3, comments: 1 });
    expect(await counterValues(t, bookId)).toEqual([4, 3, 1]);
  });
});
