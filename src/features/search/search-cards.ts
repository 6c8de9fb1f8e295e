import type { FunctionReturnType } from "convex/server";
import type { ReactNode } from "react";
import type { api } from "@convex/_generated/api";

export type PersonResult = FunctionReturnType<typeof api.search.people>["page"][number];
export type BookResult = FunctionReturnType<typeof api.search.books>["page"][number];
export type PostResult = FunctionReturnType<typeof api.search.posts>["page"][number];
export type ChatRoomResult = FunctionReturnType<typeof api.search.chatRooms>["page"][number];

/** Shows a text with the words the search matched in <mark>. */
export type Highlight = (text: string) => ReactNode;

/**
 * How each kind of result is drawn: with the card it has everywhere else. The cards belong to their
 * own features (books, posts, chats, friends), which this feature may not import, so the app
 * hands them in (src/app/search-route.tsx). `person` draws a list item (the /friends row is one);
 * the others draw a card that the list wraps in one.
 */
export type SearchCards = {
  person: (person: PersonResult, highlight: Highlight) => ReactNode;
  book: (book: BookResult, highlight: Highlight) => ReactNode;
  post: (post: PostResult, highlight: Highlight) => ReactNode;
  chatRoom: (room: ChatRoomResult, highlight: Highlight) => ReactNode;
};
