import { createBrowserRouter, Navigate, type RouteObject } from "react-router-dom";
import { paths } from "@/config/paths";
import { lazyPage } from "./lazy-page";
import { FirstLoadFallback, RootLayout } from "./root-layout";
import { RouteError } from "./route-error";
import { RedirectSignedInUser, RequireVerifiedUser } from "./route-guard";

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
              { path: paths.login, lazy: lazyPage(() => import("@/features/auth/login-page")) },
              { path: paths.register, lazy: lazyPage(() => import("@/features/auth/register-page")) },
            ],
          },
          { path: paths.verifyEmail, lazy: lazyPage(() => import("@/features/auth/verify-email-page")) },
          { path: paths.devMailbox, lazy: lazyPage(() => import("@/features/auth/dev-mailbox-page")) },
          {
            element: <RequireVerifiedUser />,
            children: [
              { index: true, lazy: lazyPage(() => import("@/features/home/home-page")) },
              { path: paths.account, lazy: lazyPage(() => import("./account-redirect")) },
              { path: "/account/:userId", lazy: lazyPage(() => import("@/features/profiles/account-page")) },
              { path: paths.books, lazy: lazyPage(() => import("@/features/books/books-page")) },
              { path: "/books/edit/:bookId", lazy: lazyPage(() => import("@/features/books/book-edit-page")) },
              { path: "/books/:bookId", lazy: lazyPage(() => import("@/features/books/book-details-page")) },
              { path: paths.dumy, lazy: lazyPage(() => import("@/features/posts/feed-page")) },
              { path: paths.postAdd, lazy: lazyPage(() => import("@/features/posts/post-add-page")) },
              { path: "/dumy/edit/:postId", lazy: lazyPage(() => import("@/features/posts/post-edit-page")) },
              { path: "/dumy/:postId", lazy: lazyPage(() => import("@/features/posts/post-details-page")) },
              { path: paths.duma, lazy: lazyPage(() => import("@/features/duma/duma-page")) },
              { path: paths.friends, lazy: lazyPage(() => import("@/features/friends/friends-page")) },
              { path: paths.music, lazy: lazyPage(() => import("@/features/music/music-page")) },
              { path: paths.messages, lazy: lazyPage(() => import("@/features/messages/messages-page")) },
              {
                path: "/messages/:conversationId",
                lazy: lazyPage(() => import("@/features/messages/conversation-page")),
              },
              { path: paths.chats, lazy: lazyPage(() => import("@/features/chats/chats-page")) },
              { path: "/chats/:roomId", lazy: lazyPage(() => import("@/features/chats/chat-room-page")) },
              { path: paths.games, lazy: lazyPage(() => import("@/features/games/games-page")) },
              { path: paths.help, lazy: lazyPage(() => import("@/features/help/help-page")) },
              { path: paths.moderation, lazy: lazyPage(() => import("@/features/moderation/moderation-page")) },
            ],
          },
          { path: "*", element: <Navigate to={paths.home} replace /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
