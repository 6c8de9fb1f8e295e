import { useQuery } from "convex/react";
import { useEffect, useRef, useState } from "react";
import { useLastDefined } from "@/hooks/use-last-defined";
import { api } from "@convex/_generated/api";

/**
 * Everyone on /friends, a page at a time, walked with a stack of cursors (Next pushes the
 * server's cursor, Previous pops it). A new search starts again at page 1. Pages are live queries,
 * so Add Friend / Unfriend and new people show at once; the last page stays up while the next loads.
 */
export function usePeoplePages(search: string) {
  const [pages, setPages] = useState<{ search: string; cursors: (string | null)[] }>({ search, cursors: [null] });
  // A changed search resets the stack during render (no extra pass with the old cursors).
  const cursors = pages.search === search ? pages.cursors : [null];
  if (pages.search !== search) setPages({ search, cursors });
  const cursor = cursors[cursors.length - 1] ?? null;
  const result = useQuery(api.friends.people, { search, cursor });
  const lastResult = useRef(result);
  useEffect(() => {
    if (result !== undefined) lastResult.current = result;
  });
  const shown = result ?? lastResult.current;
  const pageNumber = cursors.length;
  // Its own query (friends.peopleTotalPages), so a sign-up does not re-run every open page.
  const listsEveryone = search.trim() === "";
  const everyoneTotal = useLastDefined(useQuery(api.friends.peopleTotalPages, listsEveryone ? {} : "skip"));
  const totalPages = listsEveryone ? (everyoneTotal ?? null) : null;

  return {
    people: shown?.people,
    isLoading: shown === undefined,
    isChangingPage: result === undefined && shown !== undefined,
    pageNumber,
    /** Unknown for a search (a search index has no count): then only "Page x" shows. */
    totalPages,
    canGoBack: pageNumber > 1,
    // Listing everyone, the server's isDone is exact (it peeks one profile past the page). A search
    // cannot peek, so a full last page of results may still offer a Next that shows nobody.
    canGoForward: result !== undefined && !result.isDone && result.people.length > 0,
    next: () => {
      if (result && !result.isDone) setPages({ search, cursors: [...cursors, result.continueCursor] });
    },
    previous: () => setPages({ search, cursors: cursors.length > 1 ? cursors.slice(0, -1) : cursors }),
  };
}
