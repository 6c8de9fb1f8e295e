import { createBrowserRouter, Navigate, type RouteObject } from "react-router-dom";
import { paths } from "@/config/paths";
import { AccountRedirect } from "./account-redirect";
import { lazyPage } from "./lazy-page";
import { FirstLoadFallback, RootLayout } from "./root-layout";
import { RouteError } from "./route-error";
import { RedirectSignedInUser, RequireVerifiedUser } from "./route-guard";
import { titled } from "./route-title";

/** Every route of seed §2 (paths.ts); each screen's code loads only when visited. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: FirstLoadFallback,
    errorElement: <RouteError />,
    children: [
      {
        // A failing screen keeps the top and bottom bars around its error message.
        errorElement: <RouteError />,
        children: [
          {
            element: <RedirectSignedInUser />,
            children: [
              {
                path: paths.login,
                handle: titled("Log in"),
                lazy: lazyPage(() => import("@/features/auth/login-page")),
              },
              {
                path: paths.register,
                handle: titled("Register"),
                lazy: lazyPage(() => import("@/features/auth/register-page")),
              },
            ],
          },
          {
            path: paths.verifyEmail,
            handle: titled("Verify your e-mail"),
            lazy: lazyPage(() => import("@/features/auth/verify-email-page")),
          },
          {
            path: paths.devMailbox,
            handle: titled("Mailbox"),
            lazy: lazyPage(() => import("@/features/auth/dev-mailbox-page")),
          },
          {
            element: <RequireVerifiedUser />,
            children: [
              { index: true, handle: titled("Home"), lazy: lazyPage(() => import("@/features/home/home-page")) },
              { path: paths.account, element: <AccountRedirect /> },
              {
                path: "/account/:userId",
                handle: titled("Profile"),
                lazy: lazyPage(() => import("@/features/profiles/account-page")),
              },
              {
                path: paths.books,
                handle: titled("BOOK_CROSS"),
                lazy: lazyPage(() => import("@/features/books/books-page")),
              },
              {
                path: "/books/edit/:bookId",
                handle: titled("Edit book"),
                lazy: lazyPage(() => import("@/features/books/book-edit-page")),
              },
              {
                path: "/books/:bookId",
                handle: titled("Book"),
                lazy: lazyPage(() => import("@/features/books/book-details-page")),
              },
              { path: paths.dumy, handle: titled("Posts"), lazy: lazyPage(() => import("@/features/posts/feed-page")) },
              {
                path: paths.postAdd,
                handle: titled("Add post"),
                lazy: lazyPage(() => import("@/features/posts/post-add-page")),
              },
              {
                path: "/dumy/edit/:postId",
                handle: titled("Edit post"),
                lazy: lazyPage(() => import("@/features/posts/post-edit-page")),
              },
              {
                path: "/dumy/:postId",
                handle: titled("Post"),
                lazy: lazyPage(() => import("@/features/posts/post-details-page")),
              },
              { path: paths.duma, handle: titled("Duma"), lazy: lazyPage(() => import("@/features/duma/duma-page")) },
              {
                path: paths.friends,
                handle: titled("Friends"),
                lazy: lazyPage(() => import("@/features/friends/friends-page")),
              },
              {
                path: paths.music,
                handle: titled("Music"),
                lazy: lazyPage(() => import("@/features/music/music-page")),
              },
              {
                path: paths.messages,
                handle: titled("Messages"),
                lazy: lazyPage(() => import("@/features/messages/messages-page")),
              },
              {
                path: "/messages/:conversationId",
                handle: titled("Conversation"),
                lazy: lazyPage(() => import("@/features/messages/conversation-page")),
              },
              {
                path: paths.chats,
                handle: titled("Public chats"),
                lazy: lazyPage(() => import("@/features/chats/chats-page")),
              },
              {
                path: "/chats/:roomId",
                handle: titled("Chat room"),
                lazy: lazyPage(() => import("@/features/chats/chat-room-page")),
              },
              {
                path: paths.games,
                handle: titled("Games/Apps"),
                lazy: lazyPage(() => import("@/features/games/games-page")),
              },
              { path: paths.help, handle: titled("Help"), lazy: lazyPage(() => import("@/features/help/help-page")) },
              {
                path: paths.moderation,
                handle: titled("Moderation"),
                lazy: lazyPage(() => import("@/features/moderation/moderation-page")),
              },
            ],
          },
          { path: "*", element: <Navigate to={paths.home} replace /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
