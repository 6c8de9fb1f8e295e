import { BookCard } from "@/features/books/components/book-card";
import { ChatRoomCard } from "@/features/chats/components/chat-room-card";
import { PersonRow } from "@/features/friends/components/person-row";
import { PostCard } from "@/features/posts/components/post-card";
import type { SearchCards } from "@/features/search/search-cards";
import { SearchPage } from "@/features/search/search-page";

/**
 * Search results wear the cards they have everywhere else. Those cards belong to their features,
 * which the search feature may not import (one feature never imports another), so the app, which
 * sits above every feature, hands them to the page.
 */
const cards: SearchCards = {
  person: (person, highlight) => <PersonRow person={person} highlight={highlight} />,
  book: (book, highlight) => <BookCard book={book} highlight={highlight} />,
  post: (post, highlight) => <PostCard post={post} highlight={highlight} />,
  chatRoom: (room, highlight) => <ChatRoomCard room={room} highlight={highlight} />,
};

/** /search, as a lazy route of its own (src/app/router.tsx). */
export default function SearchRoute() {
  return <SearchPage cards={cards} />;
}
