import { usePaginatedQuery } from "convex/react";
import type { SearchKind } from "@convex/shared/search";
import type { PostCategory } from "@convex/shared/validators";
import { api } from "@convex/_generated/api";
import { SEARCH_PAGE_SIZE } from "@convex/shared/search";
import type { SearchCards } from "../search-cards";
import { PagedResults } from "./paged-results";

type KindProps = { query: string; cards: SearchCards };

/** The tab of one kind (not "All"): its live results a page at a time. */
export function KindResults({
  kind,
  query,
  category,
  cards,
}: KindProps & { kind: Exclude<SearchKind, "all">; category: PostCategory | null }) {
  switch (kind) {
    case "people":
      return <PeopleResults query={query} cards={cards} />;
    case "books":
      return <BookResults query={query} cards={cards} />;
    case "posts":
      return <PostResults query={query} category={category} cards={cards} />;
    case "chatRooms":
      return <ChatRoomResults query={query} cards={cards} />;
  }
}

const FIRST_PAGE = { initialNumItems: SEARCH_PAGE_SIZE };

function PeopleResults({ query, cards }: KindProps) {
  const paged = usePaginatedQuery(api.search.people, { query }, FIRST_PAGE);
  return (
    <PagedResults
      query={query}
      paged={paged}
      layout="people"
      noun="people"
      itemKey={(person) => person.userId}
      render={cards.person}
    />
  );
}

function BookResults({ query, cards }: KindProps) {
  const paged = usePaginatedQuery(api.search.books, { query }, FIRST_PAGE);
  return (
    <PagedResults
      query={query}
      paged={paged}
      layout="books"
      noun="books"
      itemKey={(book) => book._id}
      render={cards.book}
    />
  );
}

function PostResults({ query, category, cards }: KindProps & { category: PostCategory | null }) {
  const paged = usePaginatedQuery(api.search.posts, category ? { query, category } : { query }, FIRST_PAGE);
  return (
    <PagedResults
      query={query}
      paged={paged}
      layout="posts"
      noun="posts"
      itemKey={(post) => post._id}
      render={cards.post}
    />
  );
}

function ChatRoomResults({ query, cards }: KindProps) {
  const paged = usePaginatedQuery(api.search.chatRooms, { query }, FIRST_PAGE);
  return (
    <PagedResults
      query={query}
      paged={paged}
      layout="chatRooms"
      noun="chat rooms"
      itemKey={(room) => room._id}
      render={cards.chatRoom}
    />
  );
}
