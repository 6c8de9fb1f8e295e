import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { exactItemCount } from "../../convex/lib/item-counts";
import { LIMITS } from "../../convex/shared/text";
import { addBook, deletedBookId } from "./book-fixtures";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

const NOT_SIGNED_IN = /logged in/;
const NOT_VERIFIED = /verify your email/;
const firstPage = { numItems: 20, cursor: null };

/** The exact comment count the details page shows (the book's counter, not its listed field). */
async function commentCount(t: TestBackend, bookId: Id<"books">) {
  return await t.run(async (ctx) => {
    const book = await ctx.db.get(bookId);
    return book === null ? undefined : await exactItemCount(ctx, book, "comments");
  });
}

describe("bookComments:add and list", () => {
  test("adds trimmed comments, newest first, with the author's public face and the count", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const bob = await signedInUser(t, { name: "Bob" });
    const { bookId } = await addBook(t, ann.as);
    await bob.as.mutation(api.bookComments.add, { bookId, text: "  Still have it?  " });
    await ann.as.mutation(api.bookComments.add, { bookId, text: "Yes!" });

    const { page } = await bob.as.query(api.bookComments.list, { bookId, paginationOpts: firstPage });
    expect(page.map((comment) => [comment.text, comment.author.displayName, comment.isMine])).toEqual([
      ["Yes!", "Ann", false],
      ["Still have it?", "Bob", true],
    ]);
    expect(JSON.stringify(page)).not.toContain("@example.com");
    expect(await commentCount(t, bookId)).toBe(2);
  });

  test("pages through many comments and never returns more than 50 at once", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const { bookId } = await addBook(t, ann.as);
    for (let i = 0; i < 60; i++) await ann.as.mutation(api.bookComments.add, { bookId, text: `c${i}` });
    const first = await ann.as.query(api.bookComments.list, {
      bookId,
      paginationOpts: { numItems: 500, cursor: null },
    });
    expect(first.page).toHaveLength(50);
    const rest = await ann.as.query(api.bookComments.list, {
      bookId,
      paginationOpts: { numItems: 50, cursor: first.continueCursor },
    });
    expect(rest.page.map((comment) => comment.text)).toEqual(Array.from({ length: 10 }, (_, i) => `c${9 - i}`));
    expect(await commentCount(t, bookId)).toBe(60);
  });

  test("rejects blank and oversized comments and a missing book", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const { bookId } = await addBook(t, ann.as);
    await expect(ann.as.mutation(api.bookComments.add, { bookId, text: " \n\t " })).rejects.toThrow(
      "Comment cannot be empty",
    );
    await expect(
      ann.as.mutation(api.bookComments.add, { bookId, text: "x".repeat(LIMITS.comment + 1) }),
    ).rejects.toThrow(/at most 1000/);
    await expect(ann.as.mutation(api.bookComments.add, { bookId: await deletedBookId(t), text: "Hi" })).rejects.toThrow(
      "Book not found",
    );
    expect(await commentCount(t, bookId)).toBe(0);
  });

  test("rejects anonymous and unverified callers", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const unverified = await signedInUser(t, { verified: false });
    const { bookId } = await addBook(t, ann.as);
    await expect(t.mutation(api.bookComments.add, { bookId, text: "Hi" })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.mutation(api.bookComments.add, { bookId, text: "Hi" })).rejects.toThrow(NOT_VERIFIED);
    await expect(t.query(api.bookComments.list, { bookId, paginationOpts: firstPage })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.query(api.bookComments.list, { bookId, paginationOpts: firstPage })).rejects.toThrow(
      NOT_VERIFIED,
    );
    expect(await commentCount(t, bookId)).toBe(0);
  });
});

describe("bookComments:remove", () => {
  test("the author deletes their comment and the count goes down", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const { bookId } = await addBook(t, ann.as);
    const commentId = await bob.as.mutation(api.bookComments.add, { bookId, text: "Mine" });
    await bob.as.mutation(api.bookComments.remove, { commentId });
    expect((await bob.as.query(api.bookComments.list, { bookId, paginationOpts: firstPage })).page).toEqual([]);
    expect(await commentCount(t, bookId)).toBe(0);
  });

  test("nobody else may delete it, not even the book's owner", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const { bookId } = await addBook(t, ann.as);
    const commentId = await bob.as.mutation(api.bookComments.add, { bookId, text: "Mine" });
    await expect(ann.as.mutation(api.bookComments.remove, { commentId })).rejects.toThrow(/not allowed/);
    expect(await commentCount(t, bookId)).toBe(1);
  });

  test("rejects a missing comment, anonymous and unverified callers", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const unverified = await signedInUser(t, { verified: false });
    const { bookId } = await addBook(t, ann.as);
    const commentId = await ann.as.mutation(api.bookComments.add, { bookId, text: "Hi" });
    await expect(t.mutation(api.bookComments.remove, { commentId })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.mutation(api.bookComments.remove, { commentId })).rejects.toThrow(NOT_VERIFIED);
    await ann.as.mutation(api.bookComments.remove, { commentId });
    await expect(ann.as.mutation(api.bookComments.remove, { commentId })).rejects.toThrow("Comment not found");
    expect(await commentCount(t, bookId)).toBe(0);
  });
});
