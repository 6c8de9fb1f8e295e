import type { Doc, Id } from "../../convex/_generated/dataModel";
import { api } from "../../convex/_generated/api";
import { incrementCounter, type CounterName } from "../../convex/lib/counters";
import type { PostCategory } from "../../convex/shared/validators";
import { uploadedImage } from "./book-fixtures";
import type { TestBackend } from "./test-env";

type Client = ReturnType<TestBackend["withIdentity"]>;

/** Adds a post with an uploaded image as `as`, and returns its id and the image's storage id. */
export async function addPost(
  t: TestBackend,
  as: Client,
  { title = "On habits", category = "productivity" as PostCategory } = {},
) {
  const storageId = await uploadedImage(t, as);
  const postId = await as.mutation(api.posts.create, {
    title,
    description: "Small steps.\nEvery day.",
    category,
    image: { storageId },
  });
  return { postId, storageId };
}

export type PostCounts = { category: PostCategory; views?: number; likes?: number; comments?: number; title?: string };

/**
 * Inserts posts straight into the table with the given counts (what many users liking, viewing and
 * commenting would leave behind), and keeps the page counters right, as create would.
 */
export async function insertPosts(t: TestBackend, userId: Id<"users">, posts: PostCounts[]): Promise<Id<"posts">[]> {
  const ids = await t.run(async (ctx) => {
    const ids: Id<"posts">[] = [];
    for (const [i, post] of posts.entries()) {
      ids.push(
        await ctx.db.insert("posts", {
          title: post.title ?? `Post ${i}`,
          description: "Text",
          category: post.category,
          image: { url: `https://example.com/${i}.png` },
          userId,
          updatedAt: 0,
          views: post.views ?? 0,
          likes: post.likes ?? 0,
          comments: post.comments ?? 0,
        }),
      );
    }
    return ids;
  });
  // One count per post, each in a transaction of its own as adding posts does, so the totals'
  // writes spread over their shards (and stay within a test's small read limit).
  for (const post of posts) {
    await t.run(async (ctx) => {
      await incrementCounter(ctx, "posts", 1);
      await incrementCounter(ctx, `posts:${post.category}` as CounterName, 1);
    });
  }
  return ids;
}

/** Every post in the table, as the feed must order them: by the field, then newest first. */
export async function expectedOrder(
  t: TestBackend,
  sort: "date" | "views" | "likes" | "comments",
  categories: readonly PostCategory[],
): Promise<Id<"posts">[]> {
  const all: Doc<"posts">[] = await t.run((ctx) => ctx.db.query("posts").collect());
  return all
    .filter((post) => categories.includes(post.category))
    .sort((a, b) => (sort === "date" ? 0 : b[sort] - a[sort]) || b._creationTime - a._creationTime)
    .map((post) => post._id);
}

/** An id that has the posts table's shape but names no document any more. */
export async function deletedPostId(t: TestBackend): Promise<Id<"posts">> {
  return await t.run(async (ctx) => {
    const userId = await ctx.db.insert("users", {});
    const id = await ctx.db.insert("posts", {
      title: "Gone",
      description: "Gone",
      category: "art",
      image: { url: "https://example.com/gone.png" },
      userId,
      updatedAt: 0,
      views: 0,
      likes: 0,
      comments: 0,
    });
    await ctx.db.delete(id);
    return id;
  });
}
