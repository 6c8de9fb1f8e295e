/**
 * Search (issue 33, convex/search.ts): each kind by each searched field, the post category
 * filter, what search never shows (removed, suspended, deleted), live results, the page cap and
 * bad input. Write paths and the migration are in search-write-paths.test.ts.
 *
 * convex-test matches when any query term is a prefix of any word; Convex matches the last term
 * as a prefix and the others as whole words, by relevance. The queries here are whole words, so
 * the expectations hold on both.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { SEARCH_ALL_PER_KIND, SEARCH_PAGE_SIZE } from "../../convex/shared/search";
import { addBook } from "./book-fixtures";
import { addRoom } from "./chat-fixtures";
import { staffUser } from "./moderation-fixtures";
import { addPost } from "./posts-fixtures";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

type Client = ReturnType<TestBackend["withIdentity"]>;

const firstPage = { numItems: SEARCH_PAGE_SIZE, cursor: null };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function peopleNamed(as: Client, query: string): Promise<string[]> {
  const result = await as.query(api.search.people, { query, paginationOpts: firstPage });
  return result.page.map((person) => person.displayName);
}

async function bookTitles(as: Client, query: string): Promise<string[]> {
  const result = await as.query(api.search.books, { query, paginationOpts: firstPage });
  return result.page.map((book) => book.title);
}

async function postTitles(as: Client, query: string, category?: "art" | "science"): Promise<string[]> {
  const result = await as.query(api.search.posts, { query, category, paginationOpts: firstPage });
  return result.page.map((post) => post.title);
}

async function roomNames(as: Client, query: string): Promise<string[]> {
  const result = await as.query(api.search.chatRooms, { query, paginationOpts: firstPage });
  return result.page.map((room) => room.name);
}

describe("search.people", () => {
  test("finds people by display name, hometown and interests, as /friends lists them", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const bob = await signedInUser(t, { name: "Bob" });
    await bob.as.mutation(api.profiles.update, {
      displayName: "Bobby Tables",
      hometown: "Tbilisi",
      interests: "chess",
    });

    expect(await peopleNamed(alice.as, "Bobby")).toEqual(["Bobby Tables"]);
    expect(await peopleNamed(alice.as, "tbilisi")).toEqual(["Bobby Tables"]);
    expect(await peopleNamed(alice.as, "chess")).toEqual(["Bobby Tables"]);
    const result = await alice.as.query(api.search.people, { query: "chess", paginationOpts: firstPage });
    expect(result.page[0]).toEqual({
      userId: bob.userId,
      displayName: "Bobby Tables",
      photoURL: null,
      isYou: false,
      isFriend: false,
      friendsWithYou: false,
    });
  });

  test("a suspended person is not found until the suspension is lifted", async () => {
    const t = newBackend();
    const mod = await staffUser(t);
    const bob = await signedInUser(t, { name: "Bob" });
    await mod.as.mutation(api.moderation.suspend, { userId: bob.userId, duration: "1d", reason: "Spam" });
    expect(await peopleNamed(mod.as, "Bob")).toEqual([]);
    const all = await mod.as.query(api.search.all, { query: "Bob" });
    expect(all.people).toEqual({ items: [], hasMore: false });

    await mod.as.mutation(api.moderation.lift, { userId: bob.userId });
    expect(await peopleNamed(mod.as, "Bob")).toEqual(["Bob"]);
  });

  test("a suspension that ran out shows the person again once the cron clears it", async () => {
    const t = newBackend();
    const mod = await staffUser(t);
    const bob = await signedInUser(t, { name: "Bob" });
    await mod.as.mutation(api.moderation.suspend, { userId: bob.userId, duration: "1d", reason: "Spam" });
    vi.advanceTimersByTime(25 * 60 * 60 * 1000);
    await t.mutation(internal.moderation.clearEndedSuspensions, {});
    expect(await peopleNamed(mod.as, "Bob")).toEqual(["Bob"]);
  });

  test("a deleted account's profile is gone at once, and with it from search", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const bob = await signedInUser(t, { name: "Bob" });
    await bob.as.action(api.accountDeletion.deleteMyAccount, { confirmation: "DELETE" });
    expect(await peopleNamed(alice.as, "Bob")).toEqual([]);
  });

  test("a profile moderation cleared is found by its placeholder name only", async () => {
    const t = newBackend();
    const mod = await staffUser(t);
    const bob = await signedInUser(t, { name: "Bob" });
    await bob.as.mutation(api.profiles.update, { displayName: "Spammer", interests: "casino" });
    await mod.as.mutation(api.moderation.remove, { target: { kind: "profile", id: bob.userId }, reason: "Spam" });
    expect(await peopleNamed(mod.as, "casino")).toEqual([]);
    expect(await peopleNamed(mod.as, "Spammer")).toEqual([]);
  });
});

describe("search.books", () => {
  test("finds books by title and description, as the board's cards", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    await addBook(t, alice.as, "Dune");
    await addBook(t, alice.as, "Emma");
    expect(await bookTitles(alice.as, "Dune")).toEqual(["Dune"]);
    // addBook's description is "Spice and sand.\nA classic." for both.
    expect((await bookTitles(alice.as, "spice")).sort()).toEqual(["Dune", "Emma"]);
    const result = await alice.as.query(api.search.books, { query: "Dune", paginationOpts: firstPage });
    expect(Object.keys(result.page[0]!).sort()).toEqual(
      ["_creationTime", "_id", "comments", "creator", "imageUrl", "likes", "title"].sort(),
    );
    expect(result.page[0]!.creator.displayName).toBe("Alice");
  });

  test("a book its owner deleted, or moderation removed, is not found", async () => {
    const t = newBackend();
    const mod = await staffUser(t);
    const alice = await signedInUser(t, { name: "Alice" });
    const { bookId } = await addBook(t, alice.as, "Dune");
    const other = await addBook(t, alice.as, "Emma");
    await alice.as.mutation(api.books.remove, { bookId });
    await mod.as.mutation(api.moderation.remove, { target: { kind: "book", id: other.bookId }, reason: "Spam" });
    expect(await bookTitles(mod.as, "spice")).toEqual([]);
  });
});

describe("search.posts", () => {
  test("finds posts by title and description, optionally of one category", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    await addPost(t, alice.as, { title: "Painting light", category: "art" });
    await addPost(t, alice.as, { title: "Measuring light", category: "science" });
    expect((await postTitles(alice.as, "light")).sort()).toEqual(["Measuring light", "Painting light"]);
    // addPost's description is "Small steps.\nEvery day." for both.
    expect((await postTitles(alice.as, "steps")).length).toBe(2);
    expect(await postTitles(alice.as, "light", "art")).toEqual(["Painting light"]);
    expect(await postTitles(alice.as, "light", "science")).toEqual(["Measuring light"]);
    const result = await alice.as.query(api.search.posts, { query: "Painting", paginationOpts: firstPage });
    expect(result.page[0]).toMatchObject({ title: "Painting light", category: "art", views: 0, likes: 0, comments: 0 });
  });

  test("a post moderation removed is not found", async () => {
    const t = newBackend();
    const mod = await staffUser(t);
    const alice = await signedInUser(t, { name: "Alice" });
    const { postId } = await addPost(t, alice.as, { title: "Buy pills" });
    await mod.as.mutation(api.moderation.remove, { target: { kind: "post", id: postId }, reason: "Spam" });
    expect(await postTitles(mod.as, "pills")).toEqual([]);
  });

  test("a suspended person's posts stay findable, as the feed still lists them", async () => {
    const t = newBackend();
    const mod = await staffUser(t);
    const alice = await signedInUser(t, { name: "Alice" });
    await addPost(t, alice.as, { title: "Painting light" });
    await mod.as.mutation(api.moderation.suspend, { userId: alice.userId, duration: "1d", reason: "Spam" });
    expect(await postTitles(mod.as, "Painting")).toEqual(["Painting light"]);
  });

  test("live: a new matching post appears in the same query", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const bob = await signedInUser(t, { name: "Bob" });
    expect(await postTitles(alice.as, "gardening")).toEqual([]);
    await addPost(t, bob.as, { title: "Gardening in winter" });
    expect(await postTitles(alice.as, "gardening")).toEqual(["Gardening in winter"]);
  });

  test("a page holds at most SEARCH_PAGE_SIZE posts whatever is asked, and the cursor leads on", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    for (let i = 0; i < SEARCH_PAGE_SIZE + 3; i++) await addPost(t, alice.as, { title: `Habit ${i}` });
    const first = await alice.as.query(api.search.posts, {
      query: "habit",
      paginationOpts: { numItems: 1_000, cursor: null },
    });
    expect(first.page).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.isDone).toBe(false);
    const second = await alice.as.query(api.search.posts, {
      query: "habit",
      paginationOpts: { numItems: 1_000, cursor: first.continueCursor },
    });
    expect(second.page).toHaveLength(3);
    const titles = new Set([...first.page, ...second.page].map((post) => post.title));
    expect(titles.size).toBe(SEARCH_PAGE_SIZE + 3);
  });
});

describe("search.chatRooms", () => {
  test("finds rooms by name and description, as /chats lists them", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    await addRoom(alice.as, { name: "Book club", description: "Classics and coffee" });
    await addRoom(alice.as, { name: "Runners" });
    expect(await roomNames(alice.as, "club")).toEqual(["Book club"]);
    expect(await roomNames(alice.as, "coffee")).toEqual(["Book club"]);
    expect(await roomNames(alice.as, "Runners")).toEqual(["Runners"]);
    const result = await alice.as.query(api.search.chatRooms, { query: "coffee", paginationOpts: firstPage });
    expect(result.page[0]).toMatchObject({ description: "Classics and coffee", isMine: true, onlineCount: 0 });
  });

  test("a room moderation removed is not found", async () => {
    const t = newBackend();
    const mod = await staffUser(t);
    const alice = await signedInUser(t, { name: "Alice" });
    const roomId = await addRoom(alice.as, { name: "Casino wins" });
    await mod.as.mutation(api.moderation.remove, { target: { kind: "chatRoom", id: roomId }, reason: "Spam" });
    expect(await roomNames(mod.as, "casino")).toEqual([]);
  });
});

describe("search.all", () => {
  test("the top few of each kind, with whether there are more", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    await signedInUser(t, { name: "Comet Watcher" });
    for (let i = 0; i <= SEARCH_ALL_PER_KIND; i++) await addPost(t, alice.as, { title: `Comet ${i}` });
    await addBook(t, alice.as, "Comet");
    const all = await alice.as.query(api.search.all, { query: "comet" });
    expect(all.posts.items).toHaveLength(SEARCH_ALL_PER_KIND);
    expect(all.posts.hasMore).toBe(true);
    expect(all.books.items.map((book) => book.title)).toEqual(["Comet"]);
    expect(all.books.hasMore).toBe(false);
    expect(all.people.items.map((person) => person.displayName)).toEqual(["Comet Watcher"]);
    expect(all.chatRooms).toEqual({ items: [], hasMore: false });
  });
});

describe("bad input", () => {
  const EMPTY_ALL = {
    people: { items: [], hasMore: false },
    books: { items: [], hasMore: false },
    posts: { items: [], hasMore: false },
    chatRooms: { items: [], hasMore: false },
  };

  test("too short, punctuation only or emoji only: empty, no error", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    await addBook(t, alice.as, "Dune");
    // The last: one word too long for Convex's tokenizer (32 bytes or more), which drops it.
    for (const query of ["", " ", "D", " d ", "!!!", "?!.,;:", "🎉🎉🎉", "<>", "a!", "x".repeat(40)]) {
      expect(await bookTitles(alice.as, query)).toEqual([]);
      expect(await alice.as.query(api.search.all, { query })).toEqual(EMPTY_ALL);
    }
  });

  test("HTML text and punctuation around words search the words, never as markup", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    await addBook(t, alice.as, "Dune");
    expect(await bookTitles(alice.as, "<b>Dune</b>")).toEqual(["Dune"]);
    expect(await bookTitles(alice.as, "<script>alert('x')</script> dune")).toEqual(["Dune"]);
    expect(await bookTitles(alice.as, "¿Dune?")).toEqual(["Dune"]);
  });

  test("a 5,000-character query is cut, not refused", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    await addBook(t, alice.as, "Dune");
    const long = `Dune ${"x".repeat(4_995)}`;
    expect(await bookTitles(alice.as, long)).toEqual(["Dune"]);
    const words = Array.from({ length: 2_500 }, () => "ab").join(" ");
    expect(await bookTitles(alice.as, words)).toEqual([]);
    await alice.as.query(api.search.all, { query: long });
  });
});
