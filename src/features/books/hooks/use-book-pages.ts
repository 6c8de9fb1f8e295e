import { useQuery } from "convex/react";
import { useEffect, useRef, useState } from "react";
import { api } from "../../../../convex/_generated/api";

/**
 * The board's pages, walked with a stack of cursors: Next pushes the cursor the server gave,
 * Previous pops it. Every page is a live query, so a new book appears on page 1 at once.
 * While the next page loads, the last one stays on screen (no flash of "Loading...").
 */
export function useBookPages() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const result = useQuery(api.books.page, { cursor });
  const lastResult = useRef(result);
  if (result !== undefined) lastResult.current = result;
  const shown = result ?? lastResult.current;
  const pageNumber = cursors.length;

  // A later page can empty out (its books deleted); step back instead of showing nothing.
  const pageEmptied = result !== undefined && result.books.length === 0 && pageNumber > 1;
  useEffect(() => {
    if (pageEmptied) setCursors((stack) => stack.slice(0, -1));
  }, [pageEmptied]);

  return {
    books: shown?.books,
    /** True before the first page has ever arrived. */
    isLoading: shown === undefined,
    /** True while another page is on its way and the previous one is still shown. */
    isChangingPage: result === undefined && shown !== undefined,
    pageNumber,
    totalPages: shown?.totalPages ?? 1,
    canGoBack: pageNumber > 1,
    // The counter knows when this is the last page even if the server could not tell (a full last page).
    canGoForward: result !== undefined && !result.isDone && result.books.length > 0 && pageNumber < result.totalPages,
    next: () => {
      if (result && !result.isDone) setCursors((stack) => [...stack, result.continueCursor]);
    },
    previous: () => setCursors((stack) => (stack.length > 1 ? stack.slice(0, -1) : stack)),
    firstPage: () => setCursors([null]),
  };
}
