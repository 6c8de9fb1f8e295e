import { stream } from "convex-helpers/server/stream";
import { describe, expect, test } from "vitest";
import { newestFirstPage } from "../../convex/lib/newest-first-page";
import { INVALID_PAGE_CURSOR, streamPage } from "../../convex/lib/stream-page";
import schema from "../../convex/schema";
import { addBook } from "./book-fixtures";
import { newBackend, signedInUser } from "./test-env";

type Page = { page: { _id: string }[]; isDone: boolean; continueCursor: string };
const ids = (page: Page) => ({ ...page, page: page.page.map((book) => book._id) });

describe("newestFirstPage", () => {
  test("gives the pages, isDone and cursors the stream it replaced gives, and takes that stream's cursors", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    for (let i = 1; i <= 11; i++) await addBook(t, ann.as, `Book ${i}`);
    for (const size of [1, 3, 4, 11, 12]) {
      await t.run(async (ctx) => {
        const board = () => stream(ctx.db, schema).query("books").withIndex("by_creation_time").order("desc");
        let cursor: string | null = null;
        for (let pages = 0; pages < 20; pages++) {
          const expected: Page = await streamPage(board(), cursor, size);
          expect(ids(await newestFirstPage(ctx.db, "books", cursor, size)), `size ${size}, page ${pages}`).toEqual(
            ids(expected),
          );
          if (expected.isDone) break;
          cursor = expected.continueCursor;
        }
      });
    }
  });

  test("answers a finished cursor with an empty last page, and a cursor of another shape with the stale-page message", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    await addBook(t, ann.as, "Dune");
    await t.run(async (ctx) => {
      expect(await newestFirstPage(ctx.db, "books", "[]", 8)).toEqual({ page: [], isDone: true, continueCursor: "[]" });
      for (const cursor of ["nonsense", "{}", "[1]", '["a", 1]', "[1, 2]"]) {
        await expect(newestFirstPage(ctx.db, "books", cursor, 8), cursor).rejects.toThrow(INVALID_PAGE_CURSOR);
      }
    });
  });
});
