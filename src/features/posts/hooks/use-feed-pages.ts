import { useConvex, useQuery } from "convex/react";
import { useEffect } from "react";
import { useAddressPages } from "@/hooks/use-address-pages";
import { useLastDefined } from "@/hooks/use-last-defined";
import { api } from "@convex/_generated/api";
import type { FeedSort, PostCategory } from "../post-categories";

/**
 * The feed's pages for one sort and category selection. The page number is in the address
 * (?page=2, see useAddressPages), so Back from a post returns to the same page. Every page is a
 * live query, so new posts and changed counts show without reload; while another page loads
 * the last one stays on screen.
 */
export function useFeedPages(sort: FeedSort, categories: PostCategory[]) {
  const convex = useConvex();
  const pages = useAddressPages(`${sort}|${categories.join(",")}`, (cursor) =>
    convex.query(api.posts.feed, { sort, categories, cursor }),
  );
  const { cursor, pageNumber } = pages;
  const result = useQuery(api.posts.feed, cursor === undefined ? "skip" : { sort, categories, cursor });
  const shown = useLastDefined(result);
  // Its own query (posts.totalPages), so a new post does not re-run every open page.
  const totalPages = useLastDefined(useQuery(api.posts.totalPages, { categories })) ?? null;

  // A later page can empty out (its posts deleted or moved away): step back rather than show nothing.
  const pageEmptied = result !== undefined && result.posts.length === 0 && pageNumber > 1;
  const { stepBack } = pages;
  useEffect(() => {
    if (pageEmptied) stepBack();
  }, [pageEmptied, stepBack]);

  return {
    posts: shown?.posts,
    /** True before the first page has ever arrived. */
    isLoading: shown === undefined,
    /** True while another page is on its way and the previous one is still shown. */
    isChangingPage: result === undefined && shown !== undefined,
    pageNumber,
    totalPages,
    canGoBack: pageNumber > 1,
    // The server's isDone is exact (it peeks one post past the page), so it alone decides Next.
    canGoForward: result !== undefined && !result.isDone,
    next: () => {
      if (result && !result.isDone) pages.next(result.continueCursor);
    },
    previous: pages.previous,
  };
}
