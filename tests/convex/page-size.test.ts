/** Every paginated list keeps a page between 1 and its cap, whatever page size a client sends. */
import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { withPageSizeCapped } from "../../convex/lib/page-size";
import { addBook } from "./book-fixtures";
import { newBackend, signedInUser } from "./test-env";

describe("page sizes a client sends", () => {
  test("are whole numbers from 1 to the cap: NaN and nonsense ask for one, Infinity for the cap", () => {
    const sizeOf = (numItems: number) => withPageSizeCapped({ numItems, cursor: null }, 50).numItems;
    expect([NaN, 0, -3, -Infinity, 2.7, 50, 51, Infinity].map(sizeOf)).toEqual([1, 1, 1, 1, 2, 50, 50, 50]);
    expect(withPageSizeCapped({ numItems: 10, cursor: "abc" }, 50)).toEqual({ numItems: 10, cursor: "abc" });
  });

  test("NaN gives a page of one comment rather than a failed or unbounded query", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const { bookId } = await addBook(t, ann.as);
    for (let i = 0; i < 3; i++) await ann.as.mutation(api.bookComments.add, { bookId, text: `c${i}` });
    const page = await ann.as.query(api.bookComments.list, {
      bookId,
      paginationOpts: { numItems: NaN, cursor: null },
    });
    expect(page.page.map((comment) => comment.text)).toEqual(["c2"]);
  });
});
