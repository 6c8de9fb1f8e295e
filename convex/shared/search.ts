/**
 * The search contract (issue 33), read by the server (convex/search.ts) and the client
 * (src/features/search/). One search box finds people, books, posts and chat rooms through
 * Convex search indexes; the query and the tab live in the URL: /search?q=…&type=….
 *
 * Public functions (convex/search.ts), all for signed-in, verified users:
 * - `search.people | search.books | search.posts | search.chatRooms`
 *   args `{ query: string, paginationOpts }` (+ `category?: PostCategory` for posts);
 *   a Convex paginated result whose items are the same item shapes the rest of the app lists
 *   (people as /friends lists them, books as the board, posts as the feed, rooms as /chats),
 *   in relevance order.
 * - `search.all` args `{ query: string }` → `{ people, books, posts, chatRooms }`, each
 *   `{ items: Item[]; hasMore: boolean }` with at most SEARCH_ALL_PER_KIND items.
 * A query shorter than SEARCH_MIN_CHARS (after trimming) answers empty without reading;
 * a longer one than SEARCH_MAX_CHARS is cut to it (the client says so).
 */

export const SEARCH_KINDS = ["all", "people", "books", "posts", "chatRooms"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The tab labels, in the order the tabs show. */
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  all: "All",
  people: "People",
  books: "Books",
  posts: "Posts",
  chatRooms: "Chat rooms",
};

/** Fewer characters than this shows a hint instead of asking the server. */
export const SEARCH_MIN_CHARS = 2;
/** Longer queries are cut to this many characters (Convex search takes at most 16 terms anyway). */
export const SEARCH_MAX_CHARS = 100;
/** How long typing must pause before the client asks. */
export const SEARCH_DEBOUNCE_MS = 200;
/** Items per page on a kind's tab. */
export const SEARCH_PAGE_SIZE = 10;
/** Items per kind on the "All" tab, each with "See all" when there are more. */
export const SEARCH_ALL_PER_KIND = 3;

export const SEARCH_TEXTS = {
  hint: "Type at least 2 characters to search",
  tooLong: `Searches are cut to ${SEARCH_MAX_CHARS} characters`,
  noResults: "Nothing found. Try other words!",
} as const;
