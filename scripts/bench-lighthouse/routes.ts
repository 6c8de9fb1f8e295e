/**
 * The pages `bench:lighthouse` measures, and who opens them: the auth pages signed out, every
 * other screen signed in as the demo user Alice, /moderation as Carol made a moderator
 * (scripts/screenshots/demo-app.ts). Pages of one document open the seed's first of their kind.
 */
import { ALICE, type DemoApp, type DemoUser } from "../screenshots/demo-app";

export type Viewer = "signed out" | "Alice" | "moderator";

export type BenchRoute = {
  /** What LIGHTHOUSE_ROUTES may name it by, besides its path. */
  name: string;
  /** The route as the docs' table shows it (no ids, which change with every seed). */
  label: string;
  viewer: Viewer;
  /** The address to open, or why it cannot be measured with this seed. */
  path: string | { missing: string };
};

export function benchRoutes({ ids, moderator }: DemoApp): BenchRoute[] {
  const at = (id: string | null, prefix: string, missing: string) => (id === null ? { missing } : `${prefix}${id}`);
  const alice = (name: string, label: string, path: BenchRoute["path"] = label): BenchRoute => ({
    name,
    label,
    viewer: "Alice",
    path,
  });
  return [
    { name: "login", label: "/login", viewer: "signed out", path: "/login" },
    { name: "register", label: "/register", viewer: "signed out", path: "/register" },
    { name: "verify-email", label: "/verify-email", viewer: "signed out", path: "/verify-email" },
    { name: "forgot-password", label: "/forgot-password", viewer: "signed out", path: "/forgot-password" },
    { name: "reset-password", label: "/reset-password", viewer: "signed out", path: "/reset-password" },
    alice("home", "/"),
    alice("books", "/books"),
    alice("book", "/books/{book}", at(ids.aliceBook ?? ids.otherBook, "/books/", "the seed has no book")),
    alice("dumy", "/dumy"),
    alice("post", "/dumy/{post}", at(ids.alicePost, "/dumy/", "the seed has no post of Alice's")),
    alice("account", "/account/{Alice}", `/account/${ids.alice}`),
    alice("settings", "/settings"),
    alice("friends", "/friends"),
    alice("messages", "/messages"),
    alice(
      "conversation",
      "/messages/{conversation}",
      at(ids.conversation, "/messages/", "the seed has no conversation of Alice's"),
    ),
    alice("chats", "/chats"),
    alice("room", "/chats/{room}", at(ids.chatRoom, "/chats/", "the seed has no chat room")),
    alice("games", "/games"),
    alice("duma", "/duma"),
    alice("music", "/music"),
    alice("help", "/help"),
    alice("notifications", "/notifications"),
    // With a query, so the results (the route's largest paint) are scored, not the empty hint.
    alice("search", "/search?q=book"),
    {
      name: "moderation",
      label: "/moderation",
      viewer: "moderator",
      path: moderator === null ? { missing: "Carol could not be made a moderator" } : "/moderation",
    },
  ];
}

/** The demo user a viewer signs in as (null: signed out). */
export function userOf(viewer: Viewer, app: DemoApp): DemoUser | null {
  if (viewer === "signed out") return null;
  return viewer === "Alice" ? ALICE : app.moderator;
}

/**
 * LIGHTHOUSE_ROUTES: comma-separated names ("book", "room") or path prefixes ("/books" is the
 * board and a book, "/" the home page only). Empty: every route.
 */
export function selectRoutes(routes: BenchRoute[], filter: string | undefined): BenchRoute[] {
  const tokens = (filter ?? "")
    .split(",")
    .map((token) => token.trim())
    .filter((token) => token !== "");
  if (tokens.length === 0) return routes;
  return routes.filter((route) => tokens.some((token) => matches(route, token)));
}

function matches(route: BenchRoute, token: string): boolean {
  if (token === route.name || token === route.label) return true;
  if (!token.startsWith("/")) return false;
  const pattern = route.label;
  if (token === "/") return pattern === "/";
  const prefix = token.replace(/\/+$/, "");
  return pattern === prefix || pattern.startsWith(`${prefix}/`);
}
