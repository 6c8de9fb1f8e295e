/** Every route of the app (seed §2) and a builder for each, in one place. */
export const paths = {
  home: "/",
  login: "/login",
  register: "/register",
  verifyEmail: "/verify-email",
  devMailbox: "/dev/mailbox",
  account: "/account",
  accountOf: (userId: string) => `/account/${userId}`,
  books: "/books",
  book: (bookId: string) => `/books/${bookId}`,
  bookEdit: (bookId: string) => `/books/edit/${bookId}`,
  dumy: "/dumy",
  postAdd: "/dumy/add",
  post: (postId: string) => `/dumy/${postId}`,
  postEdit: (postId: string) => `/dumy/edit/${postId}`,
  duma: "/duma",
  friends: "/friends",
  music: "/music",
  messages: "/messages",
  conversation: (conversationId: string) => `/messages/${conversationId}`,
  chats: "/chats",
  chat: (roomId: string) => `/chats/${roomId}`,
  games: "/games",
  help: "/help",
  moderation: "/moderation",
} as const;

/** Routes open to visitors; everything else needs a verified login (PRODUCT D1). */
export const OPEN_PATHS: readonly string[] = [paths.login, paths.register, paths.verifyEmail, paths.devMailbox];
