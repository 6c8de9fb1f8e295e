import type { Id } from "../../convex/_generated/dataModel";
import { api } from "../../convex/_generated/api";
import type { TestBackend } from "./test-env";

type Client = ReturnType<TestBackend["withIdentity"]>;

/** The first bytes of a PNG file: enough for the server's check of what an upload really is. */
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/**
 * Puts a file into storage the way a POST to an upload URL does (declared type, given bytes),
 * unconfirmed and owned by nobody yet, and returns its id.
 */
export async function storeFile(t: TestBackend, type = "image/png", bytes = PNG_BYTES): Promise<Id<"_storage">> {
  return await t.run(async (ctx) => {
    const storageId = await ctx.storage.store(new Blob([bytes], { type }));
    // convex-test keeps no content type for stored blobs; an upload through the URL has one.
    await (ctx.db as unknown as { patch: (id: string, value: object) => Promise<void> }).patch(storageId, {
      contentType: type,
    });
    return storageId;
  });
}

/** An image uploaded and confirmed by `as` (files.confirmUpload): theirs to use once. */
export async function uploadedImage(t: TestBackend, as: Client): Promise<Id<"_storage">> {
  return await as.action(api.files.confirmUpload, { storageId: await storeFile(t) });
}

/** Adds a book with an uploaded cover as `as`, and returns its id and the cover's storage id. */
export async function addBook(t: TestBackend, as: Client, title = "Dune") {
  const storageId = await uploadedImage(t, as);
  const bookId = await as.mutation(api.books.create, {
    title,
    description: "Spice and sand.\nA classic.",
    contact: "Telegram @reader",
    image: { storageId },
  });
  return { bookId, storageId };
}

/** An id that has the books table's shape but names no document any more. */
export async function deletedBookId(t: TestBackend): Promise<Id<"books">> {
  return await t.run(async (ctx) => {
    const userId = await ctx.db.insert("users", {});
    const id = await ctx.db.insert("books", {
      title: "Gone",
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
