import { useConvex, useQuery } from "convex/react";
import { useEffect } from "react";
import { useAddressPages } from "@/hooks/use-address-pages";
import { useLastDefined } from "@/hooks/use-last-defined";
import { api } from "@convex/_generated/api";

/**
 * The board's pages. The page number is in the address (?page=2, see useAddressPages), so Back
 * from a book returns to the same page. Every page is a live query, so a new book appears on
 * page 1 at once. While the next page loads, the last one stays on screen (no flash of "Loading...").
 */
export function useBookPages() {
  const convex = useConvex();
  // "board:stream": the board's cursors are a stream's since it pages through one (books.page);
  // history entries from before hold cursors of ctx.db's paginate, which it cannot read.
  const pages = useAddressPages("board:stream", (cursor) => convex.query(api.books.page, { cursor }));
  const { cursor, pageNumber } = pages;
  const result = useQuery(api.books.page, cursor === undefined ? "skip" : { cursor });
  const shown = useLastDefined(result);
  // Its own query (books.totalPages), so a new book re-runs page 1 only, not every open page.
  const totalPages = useLastDefined(useQuery(api.books.totalPages, {})) ?? null;

  // A later page can empty out (its books deleted); step back instead of showing nothing.
  const pageEmptied = result !== undefined && result.books.length === 0 && pageNumber > 1;
  const { stepBack } = pages;
  useEffect(() => {
    if (pageEmptied) stepBack();
  }, [pageEmptied, stepBack]);

  return {
    books: shown?.books,
    /** True before the first page has ever arrived. */
    isLoading: shown === undefined,
    /** True while another page is on its way and the previous one is still shown. */
    isChangingPage: result === undefined && shown !== undefined,
    pageNumber,
    totalPages,
    canGoBack: pageNumber > 1,
    // The server's isDone is exact (it peeks one book past the page), so it alone decides Next.
    canGoForward: result !== undefined && !result.isDone,
    next: () => {
      if (result && !result.isDone) pages.next(result.continueCursor);
    },
    previous: pages.previous,
    firstPage: pages.firstPage,
  };
}
