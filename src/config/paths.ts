/**
 * Every route of the app (seed §2) in one place: its pattern, which the router matches, and a
 * builder for links to it. One parameter name per entity (`:bookId`, `:postId`, `:userId`,
 * `:conversationId`, `:roomId`), so a screen reads its id by the same name on every route.
 */
type Route<Args extends string[]> = { pattern: string; href: (...args: Args) => string };

function fixed(pattern: string): Route<[]> {
  return { pattern, href: () => pattern };
}

/** A route with one `:param` segment, e.g. withParam("/books/", "bookId") → /books/:bookId. */
function withParam(prefix: string, param: string): Route<[id: string]> {
  return { pattern: `${prefix}:${param}`, href: (id) => `${prefix}${id}` };
}

export const paths = {
  home: fixed("/"),
  login: fixed("/login"),
  register: fixed("/register"),
  verifyEmail: fixed("/verify-email"),
  forgotPassword: fixed("/forgot-password"),
  resetPassword: fixed("/reset-password"),
  devMailbox: fixed("/dev/mailbox"),
  account: fixed("/account"),
  settings: fixed("/settings"),
  accountOf: withParam("/account/", "userId"),
  books: fixed("/books"),
  book: withParam("/books/", "bookId"),
  bookEdit: withParam("/books/edit/", "bookId"),
  dumy: fixed("/dumy"),
  postAdd: fixed("/dumy/add"),
  post: withParam("/dumy/", "postId"),
  postEdit: withParam("/dumy/edit/", "postId"),
  duma: fixed("/duma"),
  friends: fixed("/friends"),
  music: fixed("/music"),
  messages: fixed("/messages"),
  conversation: withParam("/messages/", "conversationId"),
  chats: fixed("/chats"),
  chat: withParam("/chats/", "roomId"),
  games: fixed("/games"),
  help: fixed("/help"),
  moderation: fixed("/moderation"),
  notifications: fixed("/notifications"),
  // The query and the tab travel as ?q=…&type=… (src/features/search/search-params.ts builds them).
  search: fixed("/search"),
} as const;

/** Routes open to visitors; everything else needs a verified login (PRODUCT D1). */
export const OPEN_PATHS: readonly string[] = [
  paths.login,
  paths.register,
  paths.verifyEmail,
  paths.forgotPassword,
  paths.resetPassword,
  paths.devMailbox,
].map((route) => route.pattern);
