import { useQuery } from "convex/react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ResultsStatus } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { api } from "@convex/_generated/api";
import { SEARCH_KIND_LABELS, type SearchKind } from "@convex/shared/search";
import type { SearchCards } from "../search-cards";
import { useHighlight } from "../hooks/use-highlight";
import { useShownResults } from "../hooks/use-shown-results";
import { NoResults } from "./no-results";
import { ResultList } from "./result-list";

type AllResultsProps = {
  query: string;
  cards: SearchCards;
  onSeeAll: (kind: Exclude<SearchKind, "all">) => void;
};

/** The "All" tab: the top few of each kind that found anything, each with "See all" when there are more. */
export function AllResults({ query, cards, onSeeAll }: AllResultsProps) {
  const shown = useShownResults(query, useQuery(api.search.all, { query }));
  const highlight = useHighlight(shown?.query ?? query);
  if (shown === undefined) return <Spinner label="Searching..." />;

  const { people, books, posts, chatRooms } = shown.value;
  const total = people.items.length + books.items.length + posts.items.length + chatRooms.items.length;
  const stale = shown.stale;
  const section = (kind: Exclude<SearchKind, "all">, hasMore: boolean, list: ReactNode) => (
    <section key={kind} aria-labelledby={`search-all-${kind}`} className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={`search-all-${kind}`} className="text-lg font-semibold text-fg">
          {SEARCH_KIND_LABELS[kind]}
        </h2>
        {hasMore && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onSeeAll(kind)}
            aria-label={`See all ${SEARCH_KIND_LABELS[kind].toLowerCase()}`}
          >
            See all
          </Button>
        )}
      </div>
      {list}
    </section>
  );

  return (
    <div className="space-y-8">
      <ResultsStatus
        message={stale ? null : total === 0 ? `Nothing found for "${shown.query}"` : `Results for "${shown.query}"`}
      />
      {total === 0 && (stale ? <Spinner label="Searching..." /> : <NoResults />)}
      {people.items.length > 0 &&
        section(
          "people",
          people.hasMore,
          <ResultList
            items={people.items}
            layout="people"
            label="Found people"
            stale={stale}
            itemKey={(person) => person.userId}
            render={(person) => cards.person(person, highlight)}
          />,
        )}
      {books.items.length > 0 &&
        section(
          "books",
          books.hasMore,
          <ResultList
            items={books.items}
            layout="books"
            label="Found books"
            stale={stale}
            itemKey={(book) => book._id}
            render={(book) => cards.book(book, highlight)}
          />,
        )}
      {posts.items.length > 0 &&
        section(
          "posts",
          posts.hasMore,
          <ResultList
            items={posts.items}
            layout="posts"
            label="Found posts"
            stale={stale}
            itemKey={(post) => post._id}
            render={(post) => cards.post(post, highlight)}
          />,
        )}
      {chatRooms.items.length > 0 &&
        section(
          "chatRooms",
          chatRooms.hasMore,
          <ResultList
            items={chatRooms.items}
            layout="chatRooms"
            label="Found chat rooms"
            stale={stale}
            itemKey={(room) => room._id}
            render={(room) => cards.chatRoom(room, highlight)}
          />,
        )}
    </div>
  );
}
