import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { UPLOADED_IMAGE_ONLY } from "../../convex/lib/images";
import { LIMITS } from "../../convex/shared/text";
import { storeFile, uploadedImage } from "./book-fixtures";
import { addPost, deletedPostId } from "./posts-fixtures";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

const NOT_SIGNED_IN = /logged in/;
const NOT_VERIFIED = /verify your email/;
const ADD_REQUIRED = "Title, description, and image are required";
const EDIT_REQUIRED = "Title and description are required";

async function countRows(t: TestBackend, table: "likes" | "views" | "postComments" | "posts") {
  return await t.run(async (ctx) => (await ctx.db.query(table).collect()).length);
}

describe("posts:get", () => {
  test("returns the details with the author box and whether the caller owns or likes it", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const bob = await signedInUser(t, { name: "Bob" });
    const { postId } = await addPost(t, ann.as);

    const asOwner = await ann.as.query(api.posts.get, { postId });
    expect(asOwner).toMatchObject({
      title: "On habits",
      description: "Small steps.\nEvery day.",
      category: "productivity",
      likes: 0,
      views: 0,
      comments: 0,
      isOwner: true,
      likedByMe: false,
      author: { userId: ann.userId, displayName: "Ann", photoURL: null },
    });
    expect(asOwner?.imageUrl).toMatch(/^https?:/);
    expect(JSON.stringify(asOwner)).not.toContain("@example.com");
    expect((await bob.as.query(api.posts.get, { postId }))?.isOwner).toBe(false);
  });

  test("is null for a deleted or malformed id", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    expect(await ann.as.query(api.posts.get, { postId: await deletedPostId(t) })).toBeNull();
    expect(await ann.as.query(api.posts.get, { postId: "not-an-id" })).toBeNull();
  });

  test("rejects anonymous and unverified callers", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const unverified = await signedInUser(t, { verified: false });
    const { postId } = await addPost(t, ann.as);
    await expect(t.query(api.posts.get, { postId })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.query(api.posts.get, { postId })).rejects.toThrow(NOT_VERIFIED);
  });
});

describe("posts:byUser", () => {
  test("lists a few other posts of the author, newest first, without the current one", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const { postId: current } = await addPost(t, ann.as, { title: "Current" });
    for (let i = 1; i <= 7; i++) await addPost(t, ann.as, { title: `Ann ${i}` });
    await addPost(t, bob.as, { title: "Bob's" });

    const others = await bob.as.query(api.posts.byUser, { userId: ann.userId, excludePostId: current });
    expect(others.map((post) => post.title)).toEqual(["Ann 7", "Ann 6", "Ann 5", "Ann 4", "Ann 3", "Ann 2"]);
    const more = await bob.as.query(api.posts.byUser, { userId: ann.userId, limit: 100 });
    expect(more).toHaveLength(8);
    expect(await bob.as.query(api.posts.byUser, { userId: ann.userId, limit: Number.NaN })).toHaveLength(6);
  });

  test("rejects anonymous and unverified callers", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const unverified = await signedInUser(t, { verified: false });
    await expect(t.query(api.posts.byUser, { userId: ann.userId })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.query(api.posts.byUser, { userId: ann.userId })).rejects.toThrow(NOT_VERIFIED);
  });
});

describe("posts:create", () => {
  test("adds a post with zero counters, trimmed text, kept line breaks and an uploaded image", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const { postId } = await addPost(t, ann.as);
    const storageId = await uploadedImage(t, ann.as);
    const newPost = await ann.as.mutation(api.posts.create, {
      title: "  Stars  ",
      description: "Line one\r\nLine <b>two</b>\n",
      category: "science",
      image: { storageId },
    });
    const stored = await t.run((ctx) => ctx.db.get(newPost));
    expect(stored).toMatchObject({
      title: "Stars",
      description: "Line one\nLine <b>two</b>",
      category: "science",
      likes: 0,
      views: 0,
      comments: 0,
      userId: ann.userId,
    });
    expect(stored?.image).toEqual({ storageId });
    expect((await ann.as.query(api.posts.get, { postId: newPost }))?.imageUrl).toMatch(/^https?:/);
    expect(await t.run((ctx) => ctx.db.get(postId))).not.toBeNull();
  });

  test("refuses an image given as a URL: a post's image must be uploaded", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const base = { title: "T", description: "D", category: "art" as const };
    for (const url of ["https://tracker.example.com/pixel.png", "http://example.com/a.png"]) {
      await expect(ann.as.mutation(api.posts.create, { ...base, image: { url } })).rejects.toThrow(UPLOADED_IMAGE_ONLY);
    }
    expect(await countRows(t, "posts")).toBe(0);
  });

  test("requires a title, a description and an image", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const image = { storageId: await uploadedImage(t, ann.as) };
    const base = { title: "T", description: "D", category: "art" as const };
    await expect(ann.as.mutation(api.posts.create, { ...base, title: "  ", image })).rejects.toThrow(ADD_REQUIRED);
    await expect(ann.as.mutation(api.posts.create, { ...base, description: "\n ", image })).rejects.toThrow(
      ADD_REQUIRED,
    );
    await expect(ann.as.mutation(api.posts.create, base)).rejects.toThrow(ADD_REQUIRED);
    await expect(ann.as.mutation(api.posts.create, { ...base, image: { url: " " } })).rejects.toThrow(ADD_REQUIRED);
    expect(await countRows(t, "posts")).toBe(0);
  });

  test("enforces the text limits, the category list and the image rules", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const image = { storageId: await uploadedImage(t, ann.as) };
    const create = (args: Partial<{ title: string; description: string; category: string }>, cover: object = image) =>
      ann.as.mutation(api.posts.create, {
        title: "T",
        description: "D",
        category: "art",
        ...args,
        image: cover,
      } as never);

    await expect(create({ title: "x".repeat(LIMITS.title + 1) })).rejects.toThrow(/Title must be at most 120/);
    await expect(create({ description: "x".repeat(LIMITS.description + 1) })).rejects.toThrow(/at most 5000/);
    await expect(create({ category: "cooking" })).rejects.toThrow(/cooking/);
    await expect(create({}, { url: "https://example.com/a.png" })).rejects.toThrow(UPLOADED_IMAGE_ONLY);
    // An upload nobody confirmed (files.confirmUpload) is not anyone's to use.
    await expect(create({}, { storageId: await storeFile(t) })).rejects.toThrow(/upload it again/);
    const gone = await uploadedImage(t, ann.as);
    await t.run((ctx) => ctx.storage.delete(gone));
    await expect(create({}, { storageId: gone })).rejects.toThrow(/upload it again/);
    expect(await countRows(t, "posts")).toBe(0);
    await expect(
      create({ title: "x".repeat(LIMITS.title), description: "x".repeat(LIMITS.description) }),
    ).resolves.toBeTruthy();
  });

  test("rejects anonymous and unverified callers", async () => {
    const t = newBackend();
    const unverified = await signedInUser(t, { verified: false });
    const args = {
      title: "T",
      description: "D",
      category: "art" as const,
      image: { url: "https://example.com/a.png" },
    };
    await expect(t.mutation(api.posts.create, args)).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.mutation(api.posts.create, args)).rejects.toThrow(NOT_VERIFIED);
    expect(await countRows(t, "posts")).toBe(0);
  });
});

describe("posts:update", () => {
  test("the owner changes title, description and category; the image stays", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const { postId, storageId } = await addPost(t, ann.as);
    await ann.as.mutation(api.posts.update, { postId, title: " New ", description: "A\nB", category: "art" });
    expect(await t.run((ctx) => ctx.db.get(postId))).toMatchObject({
      title: "New",
      description: "A\nB",
      category: "art",
      image: { storageId },
    });
  });

  test("only the owner may update", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const { postId } = await addPost(t, ann.as);
    const args = { postId, title: "Mine now", description: "D", category: "art" as const };
    await expect(bob.as.mutation(api.posts.update, args)).rejects.toThrow(/not allowed/);
    expect((await t.run((ctx) => ctx.db.get(postId)))?.title).toBe("On habits");
  });

  test("rejects blank or long text, a missing post, anonymous and unverified callers", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const unverified = await signedInUser(t, { verified: false });
    const { postId } = await addPost(t, ann.as);
    const args = { postId, title: "T", description: "D", category: "art" as const };
    await expect(ann.as.mutation(api.posts.update, { ...args, title: " " })).rejects.toThrow(EDIT_REQUIRED);
    await expect(ann.as.mutation(api.posts.update, { ...args, description: "" })).rejects.toThrow(EDIT_REQUIRED);
    await expect(ann.as.mutation(api.posts.update, { ...args, title: "x".repeat(121) })).rejects.toThrow(/at most 120/);
    await expect(ann.as.mutation(api.posts.update, { ...args, postId: await deletedPostId(t) })).rejects.toThrow(
      "Post not found!",
    );
    await expect(t.mutation(api.posts.update, args)).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.mutation(api.posts.update, args)).rejects.toThrow(NOT_VERIFIED);
    expect((await t.run((ctx) => ctx.db.get(postId)))?.title).toBe("On habits");
  });
});

describe("posts:remove", () => {
  test("deletes the post with its comments, likes, views and stored image", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const { postId, storageId } = await addPost(t, ann.as);
    const { postId: keptId } = await addPost(t, ann.as, { title: "Kept" });
    await bob.as.mutation(api.postComments.add, { postId, text: "Nice" });
    await bob.as.mutation(api.postComments.add, { postId, text: "Really" });
    await bob.as.mutation(api.postComments.add, { postId: keptId, text: "Also nice" });
    await bob.as.mutation(api.posts.toggleLike, { postId });
    await bob.as.mutation(api.posts.toggleLike, { postId: keptId });
    await bob.as.mutation(api.posts.recordView, { postId });

    await ann.as.mutation(api.posts.remove, { postId });

    expect(await ann.as.query(api.posts.get, { postId })).toBeNull();
    expect(await countRows(t, "postComments")).toBe(1);
    expect(await countRows(t, "likes")).toBe(1);
    expect(await countRows(t, "views")).toBe(0);
    expect(await t.run((ctx) => ctx.db.system.get(storageId))).toBeNull();
  });

  test("only the owner may delete; a missing post, anonymous and unverified callers are refused", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const unverified = await signedInUser(t, { verified: false });
    const { postId } = await addPost(t, ann.as);
    await expect(bob.as.mutation(api.posts.remove, { postId })).rejects.toThrow(/not allowed/);
    await expect(t.mutation(api.posts.remove, { postId })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.mutation(api.posts.remove, { postId })).rejects.toThrow(NOT_VERIFIED);
    await expect(ann.as.mutation(api.posts.remove, { postId: await deletedPostId(t) })).rejects.toThrow(
      "Post not found!",
    );
    expect(await countRows(t, "posts")).toBe(1);
  });
});

describe("posts:toggleLike", () => {
  test("liking twice returns to the start", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const { postId } = await addPost(t, ann.as);
    expect(await ann.as.mutation(api.posts.toggleLike, { postId })).toEqual({ liked: true });
    expect((await ann.as.query(api.posts.get, { postId }))?.likedByMe).toBe(true);
    expect(await ann.as.mutation(api.posts.toggleLike, { postId })).toEqual({ liked: false });
    expect(await ann.as.query(api.posts.get, { postId })).toMatchObject({ likes: 0, likedByMe: false });
    expect(await countRows(t, "likes")).toBe(0);
  });

  test("many users liking at once keep likes equal to the number of like rows", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const { postId } = await addPost(t, ann.as);
    const users = await Promise.all(Array.from({ length: 12 }, (_, i) => signedInUser(t, { name: `Fan ${i}` })));
    await Promise.all(users.map((user) => user.as.mutation(api.posts.toggleLike, { postId })));
    await Promise.all(users.slice(0, 5).map((user) => user.as.mutation(api.posts.toggleLike, { postId })));

    expect((await ann.as.query(api.posts.get, { postId }))?.likes).toBe(7);
    expect(await countRows(t, "likes")).toBe(7);
  });

  test("rejects a missing post, anonymous and unverified callers", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const unverified = await signedInUser(t, { verified: false });
    const { postId } = await addPost(t, ann.as);
    await expect(ann.as.mutation(api.posts.toggleLike, { postId: await deletedPostId(t) })).rejects.toThrow(
      "Post not found!",
    );
    await expect(t.mutation(api.posts.toggleLike, { postId })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.mutation(api.posts.toggleLike, { postId })).rejects.toThrow(NOT_VERIFIED);
    expect(await countRows(t, "likes")).toBe(0);
  });
});

describe("posts:recordView", () => {
  test("counts a person once within the window (reloads do not inflate views), and each person", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const { postId } = await addPost(t, ann.as);
    expect(await bob.as.mutation(api.posts.recordView, { postId })).toBe(true);
    expect(await bob.as.mutation(api.posts.recordView, { postId })).toBe(false);
    expect(await ann.as.mutation(api.posts.recordView, { postId })).toBe(true);
    expect((await ann.as.query(api.posts.get, { postId }))?.views).toBe(2);
  });

  test("rejects a missing post, anonymous and unverified callers", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const unverified = await signedInUser(t, { verified: false });
    const { postId } = await addPost(t, ann.as);
    await expect(ann.as.mutation(api.posts.recordView, { postId: await deletedPostId(t) })).rejects.toThrow(
      "Post not found!",
    );
    await expect(t.mutation(api.posts.recordView, { postId })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.mutation(api.posts.recordView, { postId })).rejects.toThrow(NOT_VERIFIED);
    expect((await t.run((ctx) => ctx.db.get(postId)))?.views).toBe(0);
  });
});
