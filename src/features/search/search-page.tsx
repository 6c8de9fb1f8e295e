import { Search } from "lucide-react";
import { useId, useRef } from "react";
import { useLocation } from "react-router-dom";
import { EmptyState } from "@/components/ui/empty-state";
import { fieldControlClass } from "@/components/ui/field";
import { useScreenTitle } from "@/hooks/use-screen-title";
import { SEARCH_TEXTS } from "@convex/shared/search";
import { AllResults } from "./components/all-results";
import { CategoryFilter } from "./components/category-filter";
import { KindResults } from "./components/kind-results";
import { SearchErrorBoundary } from "./components/search-error-boundary";
import { PANEL_ID, SearchTabs, tabId } from "./components/search-tabs";
import { useSearchState } from "./hooks/use-search-state";
import { focusFirstResult, moveThroughResults } from "./result-keys";
import type { SearchCards } from "./search-cards";

/**
 * /search?q=…&type=…: one field, tabs All / People / Books / Posts / Chat rooms, live results a
 * page at a time with the words found marked. The cards come from the app (see SearchCards).
 */
export function SearchPage({ cards }: { cards: SearchCards }) {
  const search = useSearchState();
  const { query, kind, category } = search;
  useScreenTitle(query === null ? "Search" : `Search: ${query}`);
  const fieldId = useId();
  const noteId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // The phone's search button, the top bar's field and the shortcut come here to type; so does an
  // empty page. A shared link with a query shows its results without opening a phone's keyboard.
  const state: unknown = useLocation().state;
  const focusOnArrival = search.typed === "" || (isObject(state) && state.focusSearch === true);

  return (
    <section className="mx-auto max-w-6xl space-y-4 px-3 py-6 sm:px-6 sm:py-8">
      <h1 className="text-xl font-bold tracking-tight text-fg sm:text-2xl">Search</h1>
      <div>
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            search.searchNow();
          }}
          className="relative"
        >
          <label htmlFor={fieldId} className="sr-only">
            Search people, books, posts and chat rooms
          </label>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-fg-subtle"
          />
          <input
            id={fieldId}
            type="search"
            data-search-field=""
            value={search.typed}
            onChange={(event) => search.type(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "ArrowDown" && focusFirstResult(panel.current)) event.preventDefault();
            }}
            placeholder="Search people, books, posts and chat rooms"
            autoComplete="off"
            autoFocus={focusOnArrival}
            aria-keyshortcuts="/ Control+K Meta+K"
            aria-describedby={noteId}
            className={`${fieldControlClass} h-12 pl-10`}
          />
        </form>
        {/* A polite live region that is always there, so the cut is announced when it happens. */}
        <p id={noteId} role="status" className="mt-1 text-sm text-fg-muted">
          {search.cut ? SEARCH_TEXTS.tooLong : ""}
        </p>
      </div>
      <SearchTabs kind={kind} onChoose={search.showKind} />
      <div
        ref={panel}
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={tabId(kind)}
        onKeyDown={moveThroughResults}
        className="space-y-4 pt-2"
      >
        {kind === "posts" && <CategoryFilter category={category} onChoose={search.filterCategory} />}
        {query === null ? (
          <EmptyState title={SEARCH_TEXTS.hint} />
        ) : (
          <SearchErrorBoundary resetKey={`${kind}|${category ?? ""}|${query}`}>
            {kind === "all" ? (
              <AllResults query={query} cards={cards} onSeeAll={search.showKind} />
            ) : (
              <KindResults kind={kind} query={query} category={category} cards={cards} />
            )}
          </SearchErrorBoundary>
        )}
      </div>
    </section>
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
