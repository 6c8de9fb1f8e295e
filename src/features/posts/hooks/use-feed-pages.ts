import { useQuery } from "convex/react";
import { useRef, useState } from "react";
import { api } from "../../../../convex/_generated/api";
import type { FeedSort, PostCategory } from "../post-categories";
import type { FeedPage } from "../post-types";

/**
 * The feed's pages for one sort and category selection, walked with a stack of cursors:
 * Next pushes the cursor the server gave, Previous pops it, and changing the sort or the
 * filter starts again at page 1. Every page is a live query, so new posts and changed
 * counts show without reload; while another page loads the last one stays on screen.
 */
export function useFeedPages(sort: FeedSort, categories: PostCategory[]) {
  const selectionKey = `${sort}|${categories.join(",")}`;
  const [stack, setStack] = useState<{ key: string; cursors: (string | null)[] }>({
    key: selectionKey,
    cursors: [null],
  });
  const cursors = stack.key === selectionKey ? stack.cursors : [null];
  const cursor = cursors[cursors.length - 1] ?? null;
  const result = useQuery(api.posts.feed, { sort, categories, cursor });
  const lastResult = useRef<FeedPage | undefined>(result);
  if (result !== undefined) lastResult.current = result;
  const shown = result ?? lastResult.current;
  const pageNumber = cursors.length;
  const totalPages = shown?.totalPages ?? 1;

  // A later page can empty out (its posts deleted or moved away): step back rather than show nothing.
  if (result !== undefined && result.posts.length === 0 && pageNumber > 1) {
    setStack({ key: selectionKey, cursors: cursors.slice(0, -1) });
  }

  return {
    posts: shown?.posts,
    /** True before the first page has ever arrived. */
    isLoading: shown === undefined,
    /** True while another page is on its way and the previous one is still shown. */
    isChangingPage: result === undefined && shown !== undefined,
    pageNumber,
    totalPages,
    canGoBack: pageNumber > 1,
    // The counters say how many pages there are, so a full last page does not offer an empty "Next".
    canGoForward: result !== undefined && !result.isDone && pageNumber < totalPages,
    next: () => {
      if (result && !result.isDone) setStack({ key: selectionKey, cursors: [...cursors, result.continueCursor] });
    },
    previous: () => setStack({ key: selectionKey, cursors: cursors.length > 1 ? cursors.slice(0, -1) : cursors }),
  };
}
