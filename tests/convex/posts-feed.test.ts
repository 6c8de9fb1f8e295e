import { convexTest } from "convex-test";
import { registerComponents } from "./components";
import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import schema from "../../convex/schema";
import { POST_CATEGORIES, type PostCategory } from "../../convex/shared/validators";
import { addPost, expectedOrder, insertPosts, type PostCounts } from "./posts-fixtures";
import { modules, newBackend, signedInUser } from "./test-env";

const SORTS = ["date", "views", "likes", "comments"] as const;
type Sort = (typeof SORTS)[number];
const SELECTIONS: PostCategory[][] = [
  [...POST_CATEGORIES],
  ["science"],
  ["science", "art", "philosophy"],
  ["uncategorized", "psychology", "productivity", "art", "science"],
];

/** A deterministic spread of counts with many ties, so the tie-break (newest first) is exercised. */
function spreadOfPosts(count: number, seed = 7): PostCounts[] {
  let state = seed;
  // mulberry32: small, exact in 32-bit integer arithmetic.
  const next = (max: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % max;
  };
  return Array.from({ length: count }, (_, i) => ({
    title: `P${i}`,
    category: POST_CATEGORIES[next(POST_CATEGORIES.length)]!,
    views: next(12),
    likes: next(5),
    comments: next(4),
  }));
}

type Client = Awaited<ReturnType<typeof signedInUser>>["as"];

/** Walks the feed page by page; `between` runs after each page load (e.g. to add posts). */
async function walkFeed(as: Client, sort: Sort, categories: PostCategory[], between?: () => Promise<void>) {
  const pages: Id<"posts">[][] = [];
  let cursor: string | null = null;
  for (;;) {
    const result: { posts: { _id: Id<"posts"> }[]; isDone: boolean; continueCursor: string } = await as.query(
      api.posts.feed,
      { sort, categories, cursor },
    );
    if (result.posts.length > 0) pages.push(result.posts.map((post) => post._id));
    if (result.isDone) break;
    cursor = result.continueCursor;
    await between?.();
    if (pages.length > 100) throw new Error("the feed never ends");
  }
  return pages;
}

describe("posts:feed order and paging", () => {
  test("every sort × category selection lists the right posts in order, eight per page", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    await insertPosts(t, ann.userId, spreadOfPosts(60));

    for (const sort of SORTS) {
      for (const categories of SELECTIONS) {
        const pages = await walkFeed(ann.as, sort, categories);
        const expected = await expectedOrder(t, sort, categories);
        expect(pages.flat(), `${sort} ${categories.join(",")}`).toEqual(expected);
        expect(pages.slice(0, -1).every((page) => page.length === 8)).toBe(true);
      }
    }
  });

  test("pages have no gaps or repeats while posts are added between page loads", async () => {
    for (const sort of SORTS) {
      for (const categories of SELECTIONS) {
        const t = newBackend();
        const ann = await signedInUser(t);
        await insertPosts(t, ann.userId, spreadOfPosts(90, 11));
        let added = 0;
        // After each page load new posts land at the top (newest, high counts), the middle and the bottom.
        const addSome = async () => {
          added += 1;
          await insertPosts(t, ann.userId, [
            { category: "science", views: 50, likes: 50, comments: 50, title: `top ${added}` },
            { category: "art", views: 5, likes: 2, comments: 1, title: `middle ${added}` },
            { category: "philosophy", title: `bottom ${added}` },
          ]);
        };
        const before = await expectedOrder(t, sort, categories);
        const walked = (await walkFeed(ann.as, sort, categories, addSome)).flat();
        const label = `${sort} ${categories.join(",")}`;
        expect(added, label).toBeGreaterThan(0);
        expect(new Set(walked).size, `${label}: repeats`).toBe(walked.length);
        expect(
          before.filter((id) => !walked.includes(id)),
          `${label}: gaps`,
        ).toEqual([]);
        // What was shown is in feed order (posts added later appear only when they sort past the cursor).
        const now = await expectedOrder(t, sort, categories);
        expect(walked, label).toEqual(now.filter((id) => walked.includes(id)));
      }
    }
  });

  test("isDone is true exactly on the page that ends the feed, a full one too, ties at the page edge included", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    // 16 posts, science and art alternating, counts with many ties (some running across page edges):
    // every selection below holds 8 or 16 of them, so its last page is full.
    await insertPosts(
      t,
      ann.userId,
      Array.from({ length: 16 }, (_, i) => ({
        title: `P${i}`,
        category: i % 2 === 0 ? ("science" as const) : ("art" as const),
        views: i % 3,
        likes: 1,
        comments: i < 8 ? 2 : 0,
      })),
    );
    for (const sort of SORTS) {
      for (const categories of SELECTIONS) {
        const label = `${sort} ${categories.join(",")}`;
        const expected = await expectedOrder(t, sort, categories);
        expect(expected.length % 8, label).toBe(0);
        const seen: Id<"posts">[] = [];
        let cursor: string | null = null;
        for (;;) {
          const result: { posts: { _id: Id<"posts"> }[]; isDone: boolean; continueCursor: string } = await ann.as.query(
            api.posts.feed,
            { sort, categories, cursor },
          );
          expect(result.posts.length, `${label}: no empty page after the last`).toBe(8);
          seen.push(...result.posts.map((post) => post._id));
          expect(result.isDone, `${label}: page ending at ${seen.length} of ${expected.length}`).toBe(
            seen.length === expected.length,
          );
          if (result.isDone) break;
          cursor = result.continueCursor;
        }
        expect(seen, label).toEqual(expected);
      }
    }
  });

  test("a page that the counters call the last is not done while a post still follows it", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const ids: Id<"posts">[] = [];
    for (let i = 0; i < 17; i++) ids.push((await addPost(t, ann.as, { title: `P${i}`, category: "science" })).postId);
    const args = { sort: "date" as const, categories: ["science" as const] };
    const first = await ann.as.query(api.posts.feed, { ...args, cursor: null });
    // Two posts of page 1 are deleted while the reader is on page 2: the counter says 2 pages now.
    await ann.as.mutation(api.posts.remove, { postId: ids[16]! });
    await ann.as.mutation(api.posts.remove, { postId: ids[15]! });
    const second = await ann.as.query(api.posts.feed, { ...args, cursor: first.continueCursor });
    expect(await ann.as.query(api.posts.totalPages, { categories: ["science"] })).toBe(2);
    expect(second.posts).toHaveLength(8);
    expect(second.isDone).toBe(false);
    const third = await ann.as.query(api.posts.feed, { ...args, cursor: second.continueCursor });
    expect(third.posts.map((post) => post._id)).toEqual([ids[0]]);
    expect(third.isDone).toBe(true);
  });

  test("no category selected is an empty feed; repeated categories count once", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    await insertPosts(t, ann.userId, spreadOfPosts(20));
    expect(await ann.as.query(api.posts.feed, { sort: "date", categories: [], cursor: null })).toEqual({
      posts: [],
      isDone: true,
      continueCursor: "",
    });
    expect(await ann.as.query(api.posts.totalPages, { categories: [] })).toBe(1);
    const twice = await walkFeed(ann.as, "likes", ["art", "art", "science"]);
    expect(twice.flat()).toEqual(await expectedOrder(t, "likes", ["art", "science"]));
  });

  test("cards carry image, title, counts, category and date", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const { postId } = await addPost(t, ann.as, { title: "Stars", category: "science" });
    const { posts } = await ann.as.query(api.posts.feed, { sort: "date", categories: ["science"], cursor: null });
    expect(posts).toEqual([
      {
        _id: postId,
        _creationTime: expect.any(Number),
        title: "Stars",
        category: "science",
        imageUrl: expect.stringMatching(/^https?:/),
        views: 0,
        likes: 0,
        comments: 0,
      },
    ]);
  });
});

describe("posts:totalPages", () => {
  test("comes from per-category counters kept by create, update and remove", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const totalPages = async (categories: PostCategory[]) => await ann.as.query(api.posts.totalPages, { categories });
    const science: Id<"posts">[] = [];
    for (let i = 0; i < 9; i++) science.push((await addPost(t, ann.as, { category: "science" })).postId);
    for (let i = 0; i < 8; i++) await addPost(t, ann.as, { category: "art" });

    expect(await totalPages(["science"])).toBe(2);
    expect(await totalPages(["art"])).toBe(1);
    expect(await totalPages(["art", "science"])).toBe(3);
    expect(await totalPages([...POST_CATEGORIES])).toBe(3);
    expect(await totalPages(["psychology"])).toBe(1);

    await ann.as.mutation(api.posts.update, {
      postId: science[0]!,
      title: "Moved",
      description: "To art",
      category: "art",
    });
    expect(await totalPages(["science"])).toBe(1);
    expect(await totalPages(["art"])).toBe(2);
    await ann.as.mutation(api.posts.remove, { postId: science[1]! });
    expect(await totalPages(["art", "science"])).toBe(2);
    expect(await totalPages([...POST_CATEGORIES])).toBe(2);
  });
});

describe("posts:feed cost", () => {
  test("reads at most 3 × page size documents per page, for every sort and filter", async () => {
    // Budget of ARCHITECTURE.md; the engine counts every document a query reads.
    const t = registerComponents(convexTest({ schema, modules, transactionLimits: { documentsRead: 3 * 8 } }));
    const ann = await signedInUser(t);
    await insertPosts(t, ann.userId, spreadOfPosts(400, 3));
    for (const sort of SORTS) {
      for (const categories of SELECTIONS) {
        const first = await ann.as.query(api.posts.feed, { sort, categories, cursor: null });
        const second = await ann.as.query(api.posts.feed, { sort, categories, cursor: first.continueCursor });
        expect(second.posts).toHaveLength(8);
      }
    }
  });
});

describe("posts:feed access", () => {
  test("rejects anonymous and unverified callers, and unknown categories or sorts", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const unverified = await signedInUser(t, { verified: false });
    const args = { sort: "date" as const, categories: ["art" as const], cursor: null };
    await expect(t.query(api.posts.feed, args)).rejects.toThrow(/logged in/);
    await expect(unverified.as.query(api.posts.feed, args)).rejects.toThrow(/verify your email/);
    const badCategory = { ...args, categories: ["cooking"] } as unknown as typeof args;
    await expect(ann.as.query(api.posts.feed, badCategory)).rejects.toThrow(/Validator|validator|cooking/);
    const badSort = { ...args, sort: "random" } as unknown as typeof args;
    await expect(ann.as.query(api.posts.feed, badSort)).rejects.toThrow(/Validator|validator|random/);
  });
});
