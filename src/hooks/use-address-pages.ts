import { useEffect, useEffectEvent } from "react";
import { useLocation, useNavigate, useNavigationType, useSearchParams } from "react-router-dom";

/** One page's answer, as far as walking the pages needs it. */
export type CursorPage = { continueCursor: string; isDone: boolean };

export const PAGE_PARAM = "page";

type KnownCursors = { key: string; cursors: (string | null)[] };
type PagesState = { pageCursors?: KnownCursors };

/** The page number of an address: a whole number from 1 ("?page=abc" and "?page=0" are page 1). */
export function pageFromSearch(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get(PAGE_PARAM));
  return Number.isSafeInteger(page) && page > 1 ? page : 1;
}

/** The search string for `page` of the same view: other parameters kept, "page" left out for page 1. */
export function searchForPage(searchParams: URLSearchParams, page: number): string {
  const next = new URLSearchParams(searchParams);
  if (page > 1) next.set(PAGE_PARAM, String(page));
  else next.delete(PAGE_PARAM);
  const search = next.toString();
  return search === "" ? "" : `?${search}`;
}

/**
 * Cursor pagination (Convex `paginate`) whose page number lives in the address (?page=3), so
 * Back, reload and a shared link return to the same page. The cursors of the pages walked
 * travel in the history entry's state (it survives Back and reload); a link opened fresh walks
 * to its page once with `fetchPage` (page 1 → 2 → 3, one small query each) and then reads it
 * live. `viewKey` names the list's sort and filter: cursors of another view are not reused.
 *
 * Cursors kept in history go stale: while the reader was away (on a post, say) posts came, went
 * or changed their counts, so the stored start of page 3 no longer follows page 2 and a post
 * could be skipped or shown twice. Coming back to a later page (Back, Forward or a reload: a POP
 * navigation) therefore shows it at once from the stored cursor, walks from page 1 again in the
 * background, and moves to the fresh cursor (a REPLACE navigation, so it happens once).
 */
export function useAddressPages(viewKey: string, fetchPage: (cursor: string | null) => Promise<CursorPage>) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const pageNumber = pageFromSearch(searchParams);
  const stored = (location.state as PagesState | null)?.pageCursors;
  const known = stored?.key === viewKey ? stored.cursors : [null];
  const cursor = known.length >= pageNumber ? known[pageNumber - 1] : undefined;
  const cameBack = useNavigationType() === "POP";

  const goTo = (page: number, cursors: (string | null)[], replace = false) =>
    void navigate(
      { pathname: location.pathname, search: searchForPage(searchParams, page), hash: location.hash },
      { replace, preventScrollReset: replace, state: { pageCursors: { key: viewKey, cursors } } satisfies PagesState },
    );

  // A page the cursors do not reach yet (a shared link, a new tab), or cursors from before this
  // visit: walk to it once.
  const walk = useEffectEvent(async (isCancelled: () => boolean, fromFirstPage: boolean) => {
    const cursors = fromFirstPage ? [null] : [...known];
    try {
      while (cursors.length < pageNumber) {
        const page = await fetchPage(cursors[cursors.length - 1] ?? null);
        if (isCancelled()) return;
        if (page.isDone) break;
        cursors.push(page.continueCursor);
      }
    } catch {
      // Stop at the last page reached: its live query shows what went wrong.
    }
    if (!isCancelled()) goTo(Math.min(pageNumber, cursors.length), cursors, true);
  });
  const walking = cursor === undefined;
  const stale = !walking && pageNumber > 1 && cameBack;
  useEffect(() => {
    if (!walking && !stale) return;
    let cancelled = false;
    void walk(() => cancelled, !walking);
    return () => {
      cancelled = true;
    };
  }, [walking, stale, pageNumber, viewKey]);

  return {
    /** The cursor of the page shown; undefined while walking to it (skip the live query then). */
    cursor,
    pageNumber,
    /** Goes on to the next page, whose cursor the current page's answer gave. */
    next: (continueCursor: string) => goTo(pageNumber + 1, [...known.slice(0, pageNumber), continueCursor]),
    previous: () => {
      if (pageNumber > 1) goTo(pageNumber - 1, known);
    },
    /** The page emptied out (its items deleted): show the one before it instead of nothing. */
    stepBack: () => goTo(Math.max(1, pageNumber - 1), known, true),
    firstPage: () => goTo(1, [null]),
  };
}
