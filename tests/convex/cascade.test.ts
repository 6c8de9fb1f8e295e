import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { CASCADE_BATCH_SIZE } from "../../convex/cascade";
import { addBook } from "./book-fixtures";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

async function countRows(t: TestBackend, table: "likes" | "views" | "bookComments") {
  return await t.run(async (ctx) => (await ctx.db.query(table).collect()).length);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("deleting a book with more dependent rows than one batch", () => {
  test("removes the book at once and every comment, like and view in follow-up runs", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const ann = await signedInUser(t);
    const { bookId } = await addBook(t, ann.as);
    const { bookId: keptId } = await addBook(t, ann.as, "Kept");
    // More rows than two batches, spread over the three kinds, plus one row of another book.
    const extra = CASCADE_BATCH_SIZE + 150;
    await t.run(async (ctx) => {
      for (let i = 0; i < extra; i++) {
        const userId = await ctx.db.insert("users", { email: `reader${i}@example.com` });
        await ctx.db.insert("bookComments", { bookId, authorId: userId, text: `Comment ${i}` });
        await ctx.db.insert("likes", { targetId: bookId, userId });
        if (i % 2 === 0) await ctx.db.insert("views", { targetId: bookId, userId, viewedAt: 0 });
      }
      await ctx.db.insert("bookComments", { bookId: keptId, authorId: ann.userId, text: "Stays" });
    });
    const total = extra * 2 + Math.ceil(extra / 2);

    await ann.as.mutation(api.books.remove, { bookId });

    expect(await ann.as.query(api.books.get, { bookId })).toBeNull();
    const leftAfterFirstBatch =
      (await countRows(t, "bookComments")) - 1 + (await countRows(t, "likes")) + (await countRows(t, "views"));
    expect(leftAfterFirstBatch).toBe(total - CASCADE_BATCH_SIZE);

    await t.finishAllScheduledFunctions(vi.runAllTimers);

    expect(await countRows(t, "bookComments")).toBe(1);
    expect(await countRows(t, "likes")).toBe(0);
    expect(await countRows(t, "views")).toBe(0);
  });

  test("a book with few rows is cleaned up in the deleting mutation and schedules nothing", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const { bookId } = await addBook(t, ann.as);
    await bob.as.mutation(api.bookComments.add, { bookId, text: "Nice" });
    await bob.as.mutation(api.books.toggleLike, { bookId });
    const scheduled = async () =>
      await t.run(async (ctx) => (await ctx.db.system.query("_scheduled_functions").collect()).length);
    // The comment and the like each scheduled their notification's fold (lib/notifications/record.ts).
    const before = await scheduled();

    await ann.as.mutation(api.books.remove, { bookId });

    expect(await countRows(t, "bookComments")).toBe(0);
    expect(await countRows(t, "likes")).toBe(0);
    expect(await scheduled()).toBe(before);
  });
});
