import { afterEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import crons from "../../convex/crons";
import { ORPHAN_GRACE_MS } from "../../convex/files";
import { IMAGE_TOO_LARGE, MAX_UPLOAD_BYTES, UNSUPPORTED_IMAGE } from "../../convex/shared/image-types";
import { tooManyUploadsMessage } from "../../convex/lib/upload-limits";
import { UPLOAD_NOT_FOUND } from "../../convex/lib/uploads";
import { addBook, PNG_BYTES, storeFile, uploadedImage } from "./book-fixtures";
import { addPost } from "./posts-fixtures";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

const MINUTE = 60_000;
const ascii = (text: string) => new TextEncoder().encode(text);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const GIF = ascii("GIF89a\x01\x00\x01\x00\x00\x00");
const WEBP = new Uint8Array([...ascii("RIFF"), 36, 0, 0, 0, ...ascii("WEBPVP8 ")]);
const HTML = ascii("<html><script>steal(localStorage)</script></html>");
const SVG = ascii('<svg xmlns="http://www.w3.org/2000/svg"><script>steal()</script></svg>');

async function fileExists(t: TestBackend, storageId: Id<"_storage">): Promise<boolean> {
  return (await t.run((ctx) => ctx.db.system.get(storageId))) !== null;
}

describe("asking for an upload URL", () => {
  afterEach(() => vi.useRealTimers());

  test("gives each person twenty at once, then one every three minutes, and says how long to wait", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-04T08:00:00Z") });
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t, { name: "Bob", email: "bob@example.com" });
    for (let upload = 0; upload < 20; upload++) await ann.as.mutation(api.files.generateUploadUrl, {});
    await expect(ann.as.mutation(api.files.generateUploadUrl, {})).rejects.toThrow(tooManyUploadsMessage(3 * MINUTE));
    await expect(bob.as.mutation(api.files.generateUploadUrl, {})).resolves.toEqual(expect.any(String));
    vi.advanceTimersByTime(3 * MINUTE);
    await ann.as.mutation(api.files.generateUploadUrl, {});
    await expect(ann.as.mutation(api.files.generateUploadUrl, {})).rejects.toThrow(
      "Too many image uploads. Please try again in",
    );
  });
});

describe("confirming an upload", () => {
  test.each([
    ["image/png", PNG_BYTES],
    ["image/jpeg", JPEG],
    ["image/gif", GIF],
    ["image/webp", WEBP],
  ])("accepts a %s whose bytes are one", async (type, bytes) => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const storageId = await storeFile(t, type, bytes);
    await expect(ann.as.action(api.files.confirmUpload, { storageId })).resolves.toBe(storageId);
  });

  test.each([
    ["an HTML page", "text/html", HTML],
    ["an SVG image (it can carry script)", "image/svg+xml", SVG],
    ["HTML that claims to be a PNG", "image/png", HTML],
    ["a GIF that claims to be a PNG", "image/png", GIF],
    ["a PNG with no declared type", "", PNG_BYTES],
  ])("refuses %s and deletes it", async (_, type, bytes) => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const storageId = await storeFile(t, type, bytes);
    await expect(ann.as.action(api.files.confirmUpload, { storageId })).rejects.toThrow(UNSUPPORTED_IMAGE);
    expect(await fileExists(t, storageId)).toBe(false);
  });

  /** A PNG signature followed by zeros, `size` bytes in all (what skipping the browser's resize can send). */
  const pngOfSize = (size: number) => {
    const bytes = new Uint8Array(size);
    bytes.set(PNG_BYTES);
    return bytes;
  };

  test("refuses an image over the size limit and deletes it", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const storageId = await storeFile(t, "image/png", pngOfSize(MAX_UPLOAD_BYTES + 1));
    await expect(ann.as.action(api.files.confirmUpload, { storageId })).rejects.toThrow(IMAGE_TOO_LARGE);
    expect(await fileExists(t, storageId)).toBe(false);
    await expect(ann.as.mutation(api.books.create, { title: "Huge", image: { storageId } })).rejects.toThrow(
      UPLOAD_NOT_FOUND,
    );
  });

  test("accepts an image of exactly the size limit", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const storageId = await storeFile(t, "image/png", pngOfSize(MAX_UPLOAD_BYTES));
    await expect(ann.as.action(api.files.confirmUpload, { storageId })).resolves.toBe(storageId);
  });

  test("judges the size by the stored file's metadata", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const storageId = await storeFile(t);
    await t.run((ctx) =>
      (ctx.db as unknown as { patch: (id: string, value: object) => Promise<void> }).patch(storageId, {
        size: 30 * 1024 * 1024,
      }),
    );
    await expect(ann.as.action(api.files.confirmUpload, { storageId })).rejects.toThrow(IMAGE_TOO_LARGE);
    expect(await fileExists(t, storageId)).toBe(false);
  });

  test("cannot take over a file someone else already confirmed", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const mallory = await signedInUser(t, { name: "Mallory" });
    const storageId = await uploadedImage(t, ann.as);
    await expect(mallory.as.action(api.files.confirmUpload, { storageId })).rejects.toThrow(UPLOAD_NOT_FOUND);
    await expect(mallory.as.mutation(api.books.create, { title: "Mine now", image: { storageId } })).rejects.toThrow(
      UPLOAD_NOT_FOUND,
    );
    expect(await fileExists(t, storageId)).toBe(true);
  });
});

describe("using an upload", () => {
  test("a book or post accepts only its author's own upload, and only once", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const mallory = await signedInUser(t, { name: "Mallory" });
    const { storageId: annsCover } = await addBook(t, ann.as);

    const stolen = { title: "Stolen", image: { storageId: annsCover } };
    await expect(mallory.as.mutation(api.books.create, stolen)).rejects.toThrow(UPLOAD_NOT_FOUND);
    const post = { title: "Stolen", description: "x", category: "art" as const, image: { storageId: annsCover } };
    await expect(mallory.as.mutation(api.posts.create, post)).rejects.toThrow(UPLOAD_NOT_FOUND);
    const { bookId: mallorysBook } = await addBook(t, mallory.as);
    await expect(
      mallory.as.mutation(api.books.update, { bookId: mallorysBook, title: "x", image: { storageId: annsCover } }),
    ).rejects.toThrow(UPLOAD_NOT_FOUND);
    // Not even Ann may put the same file under a second book (deleting one would break the other).
    await expect(
      ann.as.mutation(api.books.create, { title: "Twice", image: { storageId: annsCover } }),
    ).rejects.toThrow(UPLOAD_NOT_FOUND);

    await mallory.as.mutation(api.books.remove, { bookId: mallorysBook });
    expect(await fileExists(t, annsCover)).toBe(true);
  });

  test("deleting a book or post deletes the file it owns", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const book = await addBook(t, ann.as);
    const post = await addPost(t, ann.as);
    await ann.as.mutation(api.books.remove, { bookId: book.bookId });
    await ann.as.mutation(api.posts.remove, { postId: post.postId });
    expect(await fileExists(t, book.storageId)).toBe(false);
    expect(await fileExists(t, post.storageId)).toBe(false);
    expect(await t.run((ctx) => ctx.db.query("uploads").collect())).toEqual([]);
  });

  test("an edit that keeps the cover keeps it", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const { bookId, storageId } = await addBook(t, ann.as);
    await ann.as.mutation(api.books.update, { bookId, title: "Dune", image: { storageId } });
    expect(await fileExists(t, storageId)).toBe(true);
  });
});

describe("the unused-upload sweep", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test("deletes uploads no document used an hour after upload, and keeps used and recent ones", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newBackend();
    const ann = await signedInUser(t);
    await t.mutation(internal.files.sweepOrphans, {}); // the first run marks where to start
    vi.advanceTimersByTime(1000);

    const neverConfirmed = await storeFile(t);
    const neverUsed = await uploadedImage(t, ann.as);
    const { storageId: used } = await addBook(t, ann.as);
    vi.advanceTimersByTime(ORPHAN_GRACE_MS - 10_000);
    await t.mutation(internal.files.sweepOrphans, {});
    expect(await fileExists(t, neverConfirmed)).toBe(true); // still within the grace period

    vi.advanceTimersByTime(20_000);
    const recent = await storeFile(t);
    await t.mutation(internal.files.sweepOrphans, {});
    expect(await fileExists(t, neverConfirmed)).toBe(false);
    expect(await fileExists(t, neverUsed)).toBe(false);
    expect(await fileExists(t, used)).toBe(true);
    expect(await fileExists(t, recent)).toBe(true);
    expect(await t.run((ctx) => ctx.db.query("uploads").collect())).toHaveLength(1);
  });

  test("sweeps uploads made before its first run (the first minutes after a deploy)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newBackend();
    const ann = await signedInUser(t);
    // No sweep has run yet: uploads start at once.
    await ann.as.mutation(api.files.generateUploadUrl, {});
    vi.advanceTimersByTime(1000);
    const neverConfirmed = await storeFile(t);
    const neverUsed = await uploadedImage(t, ann.as);
    const { storageId: used } = await addBook(t, ann.as);

    vi.advanceTimersByTime(ORPHAN_GRACE_MS + 1000);
    await t.mutation(internal.files.sweepOrphans, {}); // its first run
    vi.advanceTimersByTime(15 * 60 * 1000);
    await t.mutation(internal.files.sweepOrphans, {});
    expect(await fileExists(t, neverConfirmed)).toBe(false);
    expect(await fileExists(t, neverUsed)).toBe(false);
    expect(await fileExists(t, used)).toBe(true);
  });

  test("never looks at files stored before the first upload URL (they may be in use without an uploads row)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newBackend();
    const ann = await signedInUser(t);
    // Data from before the uploads table: a book's cover with no uploads row, and a stray file.
    const legacyCover = await storeFile(t);
    const legacyStray = await storeFile(t);
    await t.run(async (ctx) => {
      await ctx.db.insert("books", {
        title: "Old",
        image: { storageId: legacyCover },
        userId: ann.userId,
        updatedAt: Date.now(),
        views: 0,
        likes: 0,
        comments: 0,
      });
    });
    vi.advanceTimersByTime(1000);
    await ann.as.mutation(api.files.generateUploadUrl, {});
    vi.advanceTimersByTime(1000);
    const fresh = await storeFile(t);

    vi.advanceTimersByTime(ORPHAN_GRACE_MS + 1000);
    await t.mutation(internal.files.sweepOrphans, {});
    await t.mutation(internal.files.sweepOrphans, {});
    expect(await fileExists(t, legacyCover)).toBe(true);
    expect(await fileExists(t, legacyStray)).toBe(true);
    expect(await fileExists(t, fresh)).toBe(false);
  });

  test("runs on a schedule", () => {
    const jobs = (crons as unknown as { crons: Record<string, { name: string }> }).crons;
    expect(jobs["delete unused uploads"]?.name).toBe("files:sweepOrphans");
  });
});
