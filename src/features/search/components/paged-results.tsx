import type { PaginationStatus } from "convex/react";
import type { ReactNode } from "react";
import { ResultsStatus } from "@/components/ui/empty-state";
import { LoadMoreButton } from "@/components/ui/load-more-button";
import { Spinner } from "@/components/ui/spinner";
import { SEARCH_PAGE_SIZE } from "@convex/shared/search";
import type { Highlight } from "../search-cards";
import { useShownResults } from "../hooks/use-shown-results";
import { useHighlight } from "../hooks/use-highlight";
import { NoResults } from "./no-results";
import { ResultList, type ResultLayout } from "./result-list";

type PagedResultsProps<T> = {
  query: string;
  /** usePaginatedQuery's answer for `query`. */
  paged: { results: T[]; status: PaginationStatus; loadMore: (numItems: number) => void };
  layout: ResultLayout;
  /** "books": "Load more books", "3 books found". */
  noun: string;
  itemKey: (item: T) => string;
  render: (item: T, highlight: Highlight) => ReactNode;
};

/** One kind's tab: its live results a page at a time, with "Load more" as elsewhere in the app. */
export function PagedResults<T>({ query, paged, layout, noun, itemKey, render }: PagedResultsProps<T>) {
  const current = paged.status === "LoadingFirstPage" ? undefined : paged.results;
  const shown = useShownResults(query, current);
  const highlight = useHighlight(shown?.query ?? query);
  const found = shown?.value ?? [];
  const message = shown === undefined || shown.stale ? null : statusMessage(found.length, noun, query);

  return (
    <>
      <ResultsStatus message={message} />
      {shown === undefined ? (
        <Spinner label="Searching..." />
      ) : found.length === 0 ? (
        shown.stale ? (
          <Spinner label="Searching..." />
        ) : (
          <NoResults />
        )
      ) : (
        <>
          <ResultList
            items={found}
            layout={layout}
            label={`Found ${noun}`}
            stale={shown.stale}
            itemKey={itemKey}
            render={(item) => render(item, highlight)}
          />
          {!shown.stale && (
            <LoadMoreButton
              status={paged.status}
              onLoadMore={() => paged.loadMore(SEARCH_PAGE_SIZE)}
              label={`Load more ${noun}`}
            />
          )}
        </>
      )}
    </>
  );
}

/** What a screen reader hears once results are in. */
function statusMessage(count: number, noun: string, query: string): string {
  if (count === 0) return `Nothing found for "${query}"`;
  return `${count} ${noun} found for "${query}"`;
}
