/**
 * Search (issue 33): every write of a searched field keeps the document's `searchText` in step
 * (lib/search/), and the migration fills documents from before. One test per write path; what
 * search answers is in search.test.ts.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { createProfileOnceVerified } from "../../convex/lib/profiles";
import { DEFAULT_PERSONALITY } from "../../convex/shared/validators";
import { SEARCH_PAGE_SIZE } from "../../convex/shared/search";
import { addBook } from "./book-fixtures";
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

async function found(as: Client, kind: "people" | "books" | "posts" | "chatRooms", query: string): Promise<number> {
  const result = await as.query(api.search[kind], { query, paginationOpts: firstPage });
  return result.page.length;
}

describe("profiles", () => {
  test("a profile made at verification is findable at once, and hidden if the person is suspended", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const [fresh, suspended] = await t.run(async (ctx) => {
      const ids: Id<"users">[] = [];
      for (const email of ["fresh@example.com", "late@example.com"]) {
        ids.push(await ctx.db.insert("users", { email, emailVerificationTime: Date.now() }));
      }
      await ctx.db.insert("suspensions", { userId: ids[1]!, endsAt: null, reason: "Spam" });
      for (const id of ids) await createProfileOnceVerified(ctx, id);
      return ids;
    });
    const profiles = await t.run(async (ctx) =>
      Promise.all(
        [fresh!, suspended!].map((userId) =>
          ctx.db
            .query("profiles")
            .withIndex("by_userId", (q) => q.eq("userId", userId))
            .unique(),
        ),
      ),
    );
    expect(profiles.map((profile) => [profile?.searchText, profile?.searchHidden])).toEqual([
      ["New User", false],
      ["New User", true],
    ]);
    expect(await found(alice.as, "people", "New")).toBe(1);
  });

  test("profiles.update follows the name, hometown and interests, cleared ones included", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    await alice.as.mutation(api.profiles.update, { hometown: "Tbilisi", interests: "chess, tea" });
    expect(await found(alice.as, "people", "tea")).toBe(1);
    await alice.as.mutation(api.profiles.update, { interests: "" });
    expect(await found(alice.as, "people", "tea")).toBe(0);
    expect(await found(alice.as, "people", "Tbilisi")).toBe(1);
    await alice.as.mutation(api.profiles.update, { displayName: "Alicia" });
    expect(await found(alice.as, "people", "Alice")).toBe(0);
    expect(await found(alice.as, "people", "Alicia")).toBe(1);
    expect(await found(alice.as, "people", "Tbilisi")).toBe(1);
  });
});

describe("books, posts and rooms", () => {
  test("books.update follows the title and description", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const { bookId, storageId } = await addBook(t, alice.as, "Dune");
    await alice.as.mutation(api.books.update, {
      bookId,
      title: "Solaris",
      description: "An ocean that thinks",
      image: { storageId },
    });
    expect(await found(alice.as, "books", "Dune")).toBe(0);
    expect(await found(alice.as, "books", "spice")).toBe(0);
    expect(await found(alice.as, "books", "Solaris")).toBe(1);
    expect(await found(alice.as, "books", "ocean")).toBe(1);
  });

  test("posts.update follows the title, description and category", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const { postId } = await addPost(t, alice.as, { title: "Painting light", category: "art" });
    await alice.as.mutation(api.posts.update, {
      postId,
      title: "Measuring light",
      description: "Photons counted",
      category: "science",
    });
    expect(await found(alice.as, "posts", "Painting")).toBe(0);
    expect(await found(alice.as, "posts", "photons")).toBe(1);
    const art = await alice.as.query(api.search.posts, { query: "light", category: "art", paginationOpts: firstPage });
    const science = await alice.as.query(api.search.posts, {
      query: "light",
      category: "science",
      paginationOpts: firstPage,
    });
    expect([art.page.length, science.page.length]).toEqual([0, 1]);
  });

  test("chats.create writes the room's name and description", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    await alice.as.mutation(api.chats.create, { name: "Night owls", description: "Insomnia talk" });
    expect(await found(alice.as, "chatRooms", "owls")).toBe(1);
    expect(await found(alice.as, "chatRooms", "insomnia")).toBe(1);
  });
});

describe("migrations.fillSearchText", () => {
  test("fills documents from before search, suspended people hidden, and may run again", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    await t.run(async (ctx) => {
      const old = await ctx.db.insert("users", { email: "old@example.com", emailVerificationTime: Date.now() });
      const banned = await ctx.db.insert("users", { email: "banned@example.com", emailVerificationTime: Date.now() });
      await ctx.db.insert("suspensions", { userId: banned, endsAt: null, reason: "Spam" });
      const profile = { email: "", personality: DEFAULT_PERSONALITY };
      await ctx.db.insert("profiles", { ...profile, userId: old, displayName: "Oldtimer", hometown: "Kutaisi" });
      await ctx.db.insert("profiles", { ...profile, userId: banned, displayName: "Oldtimer Banned" });
      const counts = { views: 0, likes: 0, comments: 0, updatedAt: Date.now(), userId: old };
      const image = { url: "https://example.com/cover.png" };
      // Imported books may have an author (PRODUCT D8), which no form writes.
      await ctx.db.insert("books", { ...counts, image, title: "Old book", author: "Tolstoy", source: "telegram_bot" });
      await ctx.db.insert("posts", { ...counts, image, title: "Old post", description: "Vintage", category: "art" });
      await ctx.db.insert("chatRooms", { name: "Old room", description: "Retro", createdBy: old });
    });
    await t.mutation(internal.migrations.fillSearchText, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    expect(await found(alice.as, "people", "Kutaisi")).toBe(1);
    expect(await found(alice.as, "people", "Oldtimer")).toBe(1);
    expect(await found(alice.as, "books", "Tolstoy")).toBe(1);
    expect(await found(alice.as, "posts", "vintage")).toBe(1);
    expect(await found(alice.as, "chatRooms", "retro")).toBe(1);

    // Run again from the start: it rewrites nothing and finds the same.
    await t.mutation(internal.migrations.fillSearchText, { reset: true });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await found(alice.as, "books", "Tolstoy")).toBe(1);
    expect(await found(alice.as, "people", "Banned")).toBe(0);
  });
});
