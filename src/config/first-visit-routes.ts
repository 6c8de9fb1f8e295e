/**
 * The screens a first visit most often opens, with the module each one's lazy route loads in
 * src/app/router.tsx. Their code is preloaded beside the main script (scripts/route-preload.ts);
 * tests/local-backend/route-preload.test.ts checks that this table and the router agree.
 */
export const FIRST_VISIT_ROUTES: Record<string, string> = {
  "/": "src/features/home/home-page.tsx",
  "/login": "src/features/auth/login-page.tsx",
  "/register": "src/features/auth/register-page.tsx",
  "/verify-email": "src/features/auth/verify-email-page.tsx",
  "/books": "src/features/books/books-page.tsx",
  "/dumy": "src/features/posts/feed-page.tsx",
};
