import { createBrowserRouter, Navigate, type RouteObject } from "react-router-dom";
import { paths } from "@/config/paths";
import { startNewVisitAtTheTop } from "./new-visit-scroll";
import { lazyPage } from "./lazy-page";
import { FirstLoadFallback, RootLayout } from "./root-layout";
import { RouteError } from "./route-error";
import { RedirectSignedInUser, RequireVerifiedUser } from "./route-guard";

/** Every route of seed §2, matched by the patterns of paths.ts; each screen's code loads only when visited. */
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
              { path: paths.login.pattern, lazy: lazyPage(() => import("@/features/auth/login-page")) },
              { path: paths.register.pattern, lazy: lazyPage(() => import("@/features/auth/register-page")) },
              {
                path: paths.forgotPassword.pattern,
                lazy: lazyPage(() => import("@/features/auth/forgot-password-page")),
              },
            ],
          },
          { path: paths.verifyEmail.pattern, lazy: lazyPage(() => import("@/features/auth/verify-email-page")) },
          // Open signed in too: a reset link must work in a browser where someone is signed in.
          { path: paths.resetPassword.pattern, lazy: lazyPage(() => import("@/features/auth/reset-password-page")) },
          { path: paths.devMailbox.pattern, lazy: lazyPage(() => import("@/features/auth/dev-mailbox-page")) },
          {
            element: <RequireVerifiedUser />,
            children: [
              { index: true, lazy: lazyPage(() => import("@/features/home/home-page")) },
              { path: paths.account.pattern, lazy: lazyPage(() => import("./account-redirect")) },
              { path: paths.settings.pattern, lazy: lazyPage(() => import("@/features/settings/settings-page")) },
              { path: paths.accountOf.pattern, lazy: lazyPage(() => import("@/features/profiles/account-page")) },
              { path: paths.books.pattern, lazy: lazyPage(() => import("@/features/books/books-page")) },
              { path: paths.bookEdit.pattern, lazy: lazyPage(() => import("@/features/books/book-edit-page")) },
              { path: paths.book.pattern, lazy: lazyPage(() => import("@/features/books/book-details-page")) },
              { path: paths.dumy.pattern, lazy: lazyPage(() => import("@/features/posts/feed-page")) },
              { path: paths.postAdd.pattern, lazy: lazyPage(() => import("@/features/posts/post-add-page")) },
              { path: paths.postEdit.pattern, lazy: lazyPage(() => import("@/features/posts/post-edit-page")) },
              { path: paths.post.pattern, lazy: lazyPage(() => import("@/features/posts/post-details-page")) },
              { path: paths.duma.pattern, lazy: lazyPage(() => import("@/features/duma/duma-page")) },
              { path: paths.friends.pattern, lazy: lazyPage(() => import("@/features/friends/friends-page")) },
              { path: paths.music.pattern, lazy: lazyPage(() => import("@/features/music/music-page")) },
              { path: paths.messages.pattern, lazy: lazyPage(() => import("@/features/messages/messages-page")) },
              {
                path: paths.conversation.pattern,
                lazy: lazyPage(() => import("@/features/messages/conversation-page")),
              },
              { path: paths.chats.pattern, lazy: lazyPage(() => import("@/features/chats/chats-page")) },
              { path: paths.chat.pattern, lazy: lazyPage(() => import("@/features/chats/chat-room-page")) },
              { path: paths.games.pattern, lazy: lazyPage(() => import("@/features/games/games-page")) },
              { path: paths.help.pattern, lazy: lazyPage(() => import("@/features/help/help-page")) },
              { path: paths.moderation.pattern, lazy: lazyPage(() => import("@/features/moderation/moderation-page")) },
              {
                path: paths.notifications.pattern,
                lazy: lazyPage(() => import("@/features/notifications/notifications-page")),
              },
              // The cards of books, posts, rooms and people come in through the app (search-route.tsx).
              { path: paths.search.pattern, lazy: lazyPage(() => import("./search-route")) },
            ],
          },
          { path: "*", element: <Navigate to={paths.home.href()} replace /> },
        ],
      },
    ],
  },
];

startNewVisitAtTheTop();
export const router = createBrowserRouter(routes);
