import { clsx } from "clsx";
import { Search } from "lucide-react";
import { useEffect, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { paths } from "@/config/paths";
import { isSearchShortcut } from "../search-shortcut";
import { searchHref } from "../search-href";

/** The app's search fields carry `data-search-field`, so the shortcut finds the one on screen. */
const FIELD_SELECTOR = "input[data-search-field]";
/** What a link to /search carries when the page's field should take the focus on arrival. */
export const FOCUS_SEARCH_STATE = { focusSearch: true } as const;

/**
 * The top bar's search: a field from the large breakpoint up, a button to /search below it, and the
 * "/" and Ctrl/⌘+K shortcuts. In everyone's first download, so it is a plain form and a link; the
 * page with its tabs and results is the lazy /search route. On /search the page's own field is the
 * search, so the bar's field steps aside.
 */
export function TopBarSearch() {
  const navigate = useNavigate();
  const onSearchPage = useLocation().pathname === paths.search.href();
  useSearchShortcut();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem("q") as HTMLInputElement;
    void navigate(searchHref(field.value), { state: FOCUS_SEARCH_STATE });
    field.value = "";
  }

  return (
    <>
      {!onSearchPage && (
        <form role="search" aria-label="Site" onSubmit={submit} className="relative hidden lg:block">
          <label htmlFor="top-bar-search" className="sr-only">
            Search
          </label>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
          />
          <input
            id="top-bar-search"
            name="q"
            type="search"
            placeholder="Search"
            autoComplete="off"
            aria-keyshortcuts="/ Control+K Meta+K"
            data-search-field=""
            className="h-9 w-48 rounded-full border border-line-strong bg-surface pr-3 pl-9 text-sm text-fg placeholder:text-fg-subtle focus:border-accent-line focus:outline-2 focus:outline-focus/30 xl:w-60"
          />
        </form>
      )}
      <Link
        to={searchHref()}
        state={FOCUS_SEARCH_STATE}
        aria-label="Search"
        aria-keyshortcuts="/ Control+K Meta+K"
        aria-current={onSearchPage ? "page" : undefined}
        onClick={(event) => {
          // Already there: the page's field is the search; keep the query on screen.
          if (onSearchPage && focusVisibleSearchField()) event.preventDefault();
        }}
        className={clsx(
          "flex size-9 shrink-0 items-center justify-center rounded-full transition focus-ring sm:size-10 lg:hidden",
          onSearchPage ? "bg-accent-soft text-accent-fg" : "text-fg-muted hover:bg-surface-muted hover:text-fg",
        )}
      >
        <Search aria-hidden className="size-5" />
      </Link>
    </>
  );
}

/** "/" or Ctrl/⌘+K anywhere (not while typing elsewhere): the visible search field, or /search. */
function useSearchShortcut() {
  const navigate = useNavigate();
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || !isSearchShortcut(event)) return;
      event.preventDefault();
      if (!focusVisibleSearchField()) void navigate(searchHref(), { state: FOCUS_SEARCH_STATE });
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [navigate]);
}

/** Focuses (and selects) the search field on screen, if there is one. */
function focusVisibleSearchField(): boolean {
  const fields = document.querySelectorAll<HTMLInputElement>(FIELD_SELECTOR);
  const shown = Array.from(fields).find((field) => field.getClientRects().length > 0);
  if (!shown) return false;
  shown.focus();
  shown.select();
  return true;
}
