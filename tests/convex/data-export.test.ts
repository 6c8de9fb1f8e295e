/**
 * "Download my data" (issue 30): what the ZIP holds and what it never holds, one export at a
 * time, the owner-only one-hour download, and the deletion after a day.
 */
import { strFromU8, unzipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { DOWNLOAD_EXPIRED, DOWNLOAD_NOT_YOURS, DOWNLOAD_SIGN_IN } from "../../convex/lib/data-export/download";
import { EXPORT_PAGE_SIZE } from "../../convex/lib/data-export/sections";
import { EXPORT_ALREADY_RUNNING, KEEP_EXPORT_MS, STALLED_AFTER_MS } from "../../convex/lib/data-export/status";
import { DOWNLOAD_VALID_MS } from "../../convex/shared/data-export";
import { addBook } from "./book-fixtures";
import { addRoom } from "./chat-fixtures";
import { conversationWith } from "./conversation-fixtures";
import { addPost } from "./posts-fixtures";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

type Person = Awaited<ReturnType<typeof signedInUser>>;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Starts an export as `person` and lets the scheduled build run to its end (not the deletion a day later). */
async function exportAs(t: TestBackend, person: Person): Promise<Id<"dataExports">> {
  const exportId = await person.as.mutation(api.dataExport.start, {});
  vi.advanceTimersByTime(1);
  await t.finishInProgressScheduledFunctions();
  return exportId;
}

async function download(client: Pick<Person["as"], "fetch">, exportId: string): Promise<Response> {
  return await client.fetch(`/data-export?id=${exportId}`, { method: "GET" });
}

/** The ZIP's files as text (JSON and README) or byte counts (images). */
async function unzip(response: Response): Promise<Record<string, Uint8Array>> {
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}
const jsonOf = (files: Record<string, Uint8Array>, name: string): unknown => JSON.parse(strFromU8(files[name]!));

describe("what the ZIP holds", () => {
  test("the person's posts, books, comments, likes, friends, messages, rooms and images, and nobody else's private messages", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const bob = await signedInUser(t, { name: "Bob" });
    const cat = await signedInUser(t, { name: "Cat" });
    const dan = await signedInUser(t, { name: "Dan" });

    const { postId } = await addPost(t, ann.as, { title: "Ann's morning routine" });
    const { bookId } = await addBook(t, ann.as, "Ann's copy of Dune");
    const bobsBook = await addBook(t, bob.as, "Bob's Emma");
    const bobsPost = await addPost(t, bob.as, { title: "Bob on walking" });
    await ann.as.mutation(api.bookComments.add, { bookId: bobsBook.bookId, text: "Lovely edition" });
    await ann.as.mutation(api.postComments.add, { postId: bobsPost.postId, text: "Walking helps me too" });
    await ann.as.mutation(api.posts.toggleLike, { postId: bobsPost.postId });
    await ann.as.mutation(api.friends.add, { userId: bob.userId });
    await conversationWith(ann, bob, "Hi Bob, from Ann");
    await conversationWith(bob, ann, "Hello Ann, from Bob");
    // Two other people's private conversation: it must never appear in Ann's export.
    await conversationWith(cat, dan, "A secret between Cat and Dan");
    const roomId = await addRoom(ann.as, { name: "Ann's reading room" });
    await ann.as.mutation(api.chatMessages.send, { roomId, text: "Welcome to my room" });
    await t.run(async (ctx) => {
      await ctx.db.insert("dumaReigns", { userId: ann.userId, days: 42, endingId: "war", swipes: 80, achievedAt: 1 });
    });

    const exportId = await exportAs(t, ann);
    const mine = await ann.as.query(api.dataExport.mine, {});
    expect(mine).toMatchObject({ status: "done", progress: 100 });
    expect(mine!.size).toBeGreaterThan(0);

    const response = await download(ann.as, exportId);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="dumy-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = await unzip(response);

    expect(jsonOf(files, "posts.json")).toEqual([
      expect.objectContaining({ id: postId, title: "Ann's morning routine", image: `images/posts/${postId}.png` }),
    ]);
    expect(files[`images/posts/${postId}.png`]!.length).toBeGreaterThan(0);
    expect(jsonOf(files, "books.json")).toEqual([
      expect.objectContaining({ id: bookId, title: "Ann's copy of Dune", image: `images/books/${bookId}.png` }),
    ]);
    expect(jsonOf(files, "book-comments.json")).toEqual([
      expect.objectContaining({
        text: "Lovely edition",
        book: { id: bobsBook.bookId, title: "Bob's Emma", by: "Bob" },
      }),
    ]);
    expect(jsonOf(files, "post-comments.json")).toEqual([
      expect.objectContaining({
        text: "Walking helps me too",
        post: expect.objectContaining({ title: "Bob on walking" }),
      }),
    ]);
    expect(jsonOf(files, "likes.json")).toEqual([
      expect.objectContaining({ kind: "post", item: { id: bobsPost.postId, title: "Bob on walking", by: "Bob" } }),
    ]);
    expect(jsonOf(files, "friends.json")).toEqual([expect.objectContaining({ userId: bob.userId, name: "Bob" })]);
    expect(jsonOf(files, "messages.json")).toEqual([
      expect.objectContaining({
        with: { userId: bob.userId, name: "Bob" },
        messages: [
          expect.objectContaining({ from: "you", text: "Hi Bob, from Ann" }),
          expect.objectContaining({ from: "Bob", text: "Hello Ann, from Bob" }),
        ],
      }),
    ]);
    expect(jsonOf(files, "chat-rooms.json")).toEqual([expect.objectContaining({ name: "Ann's reading room" })]);
    expect(jsonOf(files, "chat-messages.json")).toEqual([
      expect.objectContaining({ text: "Welcome to my room", room: { id: roomId, name: "Ann's reading room" } }),
    ]);
    expect(jsonOf(files, "duma.json")).toMatchObject({ deck: null, reigns: [{ days: 42, endingId: "war" }] });
    expect(jsonOf(files, "profile.json")).toMatchObject({ userId: ann.userId, profile: { displayName: "Ann" } });
    expect(jsonOf(files, "notification-preferences.json")).toMatchObject({
      preferences: { friendAdds: true, comments: true, likes: true, mentions: true, moderation: true },
    });
    expect(Object.keys(files)).toContain("README.txt");

    // Nothing of Cat and Dan's conversation, nor Bob's own post or book, in any file.
    const everything = Object.entries(files)
      .filter(([name]) => !name.startsWith("images/"))
      .map(([, bytes]) => strFromU8(bytes))
      .join("\n");
    expect(everything).not.toContain("A secret between Cat and Dan");
    expect(everything).not.toContain(cat.userId);
    expect(Object.keys(files).filter((name) => name.startsWith("images/"))).toEqual([
      `images/books/${bookId}.png`,
      `images/posts/${postId}.png`,
    ]);
  });

  test("a conversation the person is not in reads as empty, even when asked for by id", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const cat = await signedInUser(t, { name: "Cat" });
    const dan = await signedInUser(t, { name: "Dan" });
    const conversationId = await conversationWith(cat, dan, "A secret between Cat and Dan");
    const page = await t.query(internal.dataExport.messagesPage, { userId: ann.userId, conversationId, cursor: null });
    expect(page).toMatchObject({ rows: [], isDone: true });
  });

  test("1,200 posts are read in pages of EXPORT_PAGE_SIZE and all reach posts.json", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    await t.run(async (ctx) => {
      for (let i = 0; i < 1200; i++) {
        await ctx.db.insert("posts", {
          title: `Post number ${i}`,
          description: "Text",
          category: "productivity",
          image: { url: "https://example.com/a.png" },
          userId: ann.userId,
          updatedAt: 0,
          views: 0,
          likes: 0,
          comments: 0,
        });
      }
    });
    const first = await t.query(internal.dataExport.sectionPage, {
      userId: ann.userId,
      section: "posts",
      cursor: null,
    });
    expect(first.rows).toHaveLength(EXPORT_PAGE_SIZE);
    expect(first.isDone).toBe(false);

    const exportId = await exportAs(t, ann);
    const posts = jsonOf(await unzip(await download(ann.as, exportId)), "posts.json") as { title: string }[];
    expect(posts).toHaveLength(1200);
    expect(new Set(posts.map((post) => post.title)).size).toBe(1200);
    expect(posts[1199]!.title).toBe("Post number 1199");
  });
});

describe("one export at a time", () => {
  test("a second start while one runs is refused; once it is done a new one replaces it and its file", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    await ann.as.mutation(api.dataExport.start, {});
    await expect(ann.as.mutation(api.dataExport.start, {})).rejects.toThrow(EXPORT_ALREADY_RUNNING);
    vi.advanceTimersByTime(1);
    await t.finishInProgressScheduledFunctions();

    const first = await ann.as.query(api.dataExport.mine, {});
    const firstFile = await t.run(async (ctx) => (await ctx.db.get(first!._id))!.storageId!);
    const secondId = await exportAs(t, ann);
    expect(secondId).not.toBe(first!._id);
    const rows = await t.run((ctx) => ctx.db.query("dataExports").collect());
    expect(rows.map((row) => row._id)).toEqual([secondId]);
    expect(await t.run((ctx) => ctx.db.system.get(firstFile))).toBeNull();
  });

  test("an export whose builder went silent stops blocking a new one", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const now = Date.now();
    await t.run(async (ctx) => {
      await ctx.db.insert("dataExports", {
        userId: ann.userId,
        status: "running",
        stage: "posts",
        progress: 30,
        startedAt: now,
        updatedAt: now,
      });
    });
    await expect(ann.as.mutation(api.dataExport.start, {})).rejects.toThrow(EXPORT_ALREADY_RUNNING);
    vi.setSystemTime(now + STALLED_AFTER_MS + 1);
    await expect(ann.as.mutation(api.dataExport.start, {})).resolves.toBeDefined();
  });

  test("another person's export does not block mine", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const bob = await signedInUser(t, { name: "Bob" });
    await ann.as.mutation(api.dataExport.start, {});
    await expect(bob.as.mutation(api.dataExport.start, {})).resolves.toBeDefined();
  });
});

describe("the download", () => {
  test("another signed-in person gets 403, an anonymous caller 401, and the owner's link expires after an hour (410)", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const bob = await signedInUser(t, { name: "Bob" });
    await addPost(t, ann.as, { title: "Ann's morning routine" });
    const exportId = await exportAs(t, ann);

    const asBob = await download(bob.as, exportId);
    expect(asBob.status).toBe(403);
    expect(await asBob.text()).toBe(DOWNLOAD_NOT_YOURS);
    const anonymous = await download(t, exportId);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toBe(DOWNLOAD_SIGN_IN);

    vi.advanceTimersByTime(DOWNLOAD_VALID_MS - 1_000);
    expect((await download(ann.as, exportId)).status).toBe(200);
    vi.advanceTimersByTime(2_000);
    const late = await download(ann.as, exportId);
    expect(late.status).toBe(410);
    expect(await late.text()).toBe(DOWNLOAD_EXPIRED);
    // Someone else still gets 403, not a hint about the link's age.
    expect((await download(bob.as, exportId)).status).toBe(403);
  });

  test("a device whose session ended elsewhere gets 401, though its token has not expired", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const exportId = await exportAs(t, ann);
    expect((await download(ann.as, exportId)).status).toBe(200);
    await t.run(async (ctx) => {
      for (const session of await ctx.db.query("authSessions").collect()) await ctx.db.delete(session._id);
    });
    const signedOut = await download(ann.as, exportId);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).toBe(DOWNLOAD_SIGN_IN);
  });

  test("an id that is not an export's gets 404", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    expect((await download(ann.as, "not-an-id")).status).toBe(404);
  });

  test("a day after the start the file and the row are deleted", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const exportId = await exportAs(t, ann);
    const storageId = await t.run(async (ctx) => (await ctx.db.get(exportId))!.storageId!);
    expect(await t.run((ctx) => ctx.db.system.get(storageId))).not.toBeNull();

    vi.advanceTimersByTime(KEEP_EXPORT_MS);
    await t.finishInProgressScheduledFunctions();
    expect(await t.run((ctx) => ctx.db.get(exportId))).toBeNull();
    expect(await t.run((ctx) => ctx.db.system.get(storageId))).toBeNull();
    expect(await ann.as.query(api.dataExport.mine, {})).toBeNull();
    expect((await download(ann.as, exportId)).status).toBe(404);
  });
});
