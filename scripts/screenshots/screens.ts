/**
 * Every screen the tool captures, in the order it visits them. The order matters a little:
 * visiting changes what later screens show (a book page records a view, opening a conversation
 * marks it read), so it is fixed, and every run shows the same counts.
 */
import type { Page } from "playwright-core";
import type { DemoIds } from "./demo-app";

export type Screen = {
  /** The file name's start: `<name>-<width>.png`. */
  name: string;
  /** The address to open, or why the screen cannot be captured with this seed. */
  path: string | { skip: string };
  /** Something to do once the page has settled (open a dialog); the shot waits for it to settle again. */
  act?: (page: Page) => Promise<void>;
};

/** Seen by a visitor who is not signed in (the signed-in user is sent away from login and register). */
export const SIGNED_OUT_SCREENS: readonly Screen[] = [
  { name: "login", path: "/login" },
  { name: "register", path: "/register" },
  { name: "verify-email", path: "/verify-email" },
  { name: "forgot-password", path: "/forgot-password" },
  { name: "reset-password", path: "/reset-password" },
  { name: "dev-mailbox", path: "/dev/mailbox" },
];

export function signedInScreens(ids: DemoIds): Screen[] {
  const at = (id: string | null, build: (id: string) => string, missing: string) =>
    id === null ? { skip: missing } : build(id);
  return [
    { name: "home", path: "/" },
    { name: "books", path: "/books" },
    { name: "book", path: at(ids.aliceBook, (id) => `/books/${id}`, "the seed has no book of Alice's") },
    {
      name: "book-delete-dialog",
      path: at(ids.aliceBook, (id) => `/books/${id}`, "the seed has no book of Alice's"),
      act: (page) => page.getByRole("button", { name: "Delete", exact: true }).click(),
    },
    { name: "book-edit", path: at(ids.aliceBook, (id) => `/books/edit/${id}`, "the seed has no book of Alice's") },
    { name: "book-other", path: at(ids.otherBook, (id) => `/books/${id}`, "the seed has no book of another user") },
    {
      name: "book-report-dialog",
      path: at(ids.otherBook, (id) => `/books/${id}`, "the seed has no book of another user"),
      act: (page) => page.getByRole("button", { name: "Report book", exact: true }).click(),
    },
    { name: "feed", path: "/dumy" },
    { name: "post-add", path: "/dumy/add" },
    { name: "post", path: at(ids.alicePost, (id) => `/dumy/${id}`, "the seed has no post of Alice's") },
    { name: "post-edit", path: at(ids.alicePost, (id) => `/dumy/edit/${id}`, "the seed has no post of Alice's") },
    // /account sends the signed-in user on to /account/<her id>.
    { name: "account", path: "/account" },
    { name: "profile-other", path: at(ids.otherUser, (id) => `/account/${id}`, "the seed has no second user") },
    { name: "settings", path: "/settings" },
    {
      name: "settings-delete-dialog",
      path: "/settings",
      act: (page) => page.getByRole("button", { name: "Delete my account" }).click(),
    },
    { name: "friends", path: "/friends" },
    { name: "messages", path: "/messages" },
    {
      name: "conversation",
      path: at(ids.conversation, (id) => `/messages/${id}`, "the seed has no conversation of Alice's"),
    },
    { name: "chats", path: "/chats" },
    { name: "chat-room", path: at(ids.chatRoom, (id) => `/chats/${id}`, "the seed has no chat room") },
    { name: "games", path: "/games" },
    { name: "duma", path: "/duma" },
    { name: "music", path: "/music" },
    { name: "help", path: "/help" },
    { name: "notifications", path: "/notifications" },
    // Alice is no moderator: the app sends her home from here.
    { name: "moderation", path: "/moderation" },
  ];
}

/** Seen by a moderator (./demo-app.ts makes Carol one, with a report in the queue). */
export const MODERATOR_SCREENS: readonly Screen[] = [{ name: "moderation-moderator", path: "/moderation" }];
