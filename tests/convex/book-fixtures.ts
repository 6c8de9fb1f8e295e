import type { Id } from "../../convex/_generated/dataModel";
import { api } from "../../convex/_generated/api";
import type { TestBackend } from "./test-env";

type Client = ReturnType<TestBackend["withIdentity"]>;

/** Puts a tiny file into storage the way an upload would, and returns its id. */
export async function storeFile(t: TestBackend, type = "image/png"): Promise<Id<"_storage">> {
  return await t.run(async (ctx) => {
    const storageId = await ctx.storage.store(new Blob([new Uint8Array([137, 80, 78, 71])], { type }));
    // convex-test keeps no content type for stored blobs; an upload through the URL has one.
    await (ctx.db as unknown as { patch: (id: string, value: object) => Promise<void> }).patch(storageId, {
      contentType: type,
    });
    return storageId;
  });
}

/** Adds a book with an uploaded cover as `as`, and returns its id and the cover's storage id. */
export async function addBook(t: TestBackend, as: Client, title = "Dune") {
  const storageId = await storeFile(t);
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
