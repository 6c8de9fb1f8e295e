import { lazy, Suspense } from "react";
import { matchPath, useLocation } from "react-router-dom";
import { paths } from "@/config/paths";

// sonner's Toaster is ~10 KB gzip: loading it right after the first screen keeps the first page
// within the JavaScript budget. toast() calls made meanwhile are kept by sonner and shown on mount.
const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/**
 * Where toasts cover nothing that matters. Most screens have their heading and controls at the
 * top: toasts come up from the bottom, just above the bottom bar (4rem and the safe area, see
 * bottom-bar.tsx), across a phone and at the right of a wide screen.
 */
const ABOVE_BOTTOM_BAR = { bottom: "calc(4.75rem + env(safe-area-inset-bottom))" };
const ON_A_SCREEN = { position: "bottom-right", offset: ABOVE_BOTTOM_BAR, mobileOffset: ABOVE_BOTTOM_BAR } as const;

/**
 * A chat room or a conversation has its composer on the bottom bar and its header under the top
 * bar (conversation-frame.tsx: 3.5rem, on wide screens below a 1rem gap): there toasts come down
 * over the top of the history, clear of the header with their close button, and hide only older
 * messages for a moment.
 */
const IN_A_CONVERSATION = {
  position: "top-center",
  offset: { top: "9rem" },
  mobileOffset: { top: "7.75rem" },
} as const;

/**
 * On a phone Duma's Yes and No (and Begin again) sit just above the bottom bar: there toasts come
 * down under the heading and Edit cards, over the description and the elements for a moment. On
 * a wide screen the space under the top bar, between the heading and Edit cards, is free.
 */
const IN_DUMA = { position: "top-center", offset: { top: "4.25rem" }, mobileOffset: { top: "8.5rem" } } as const;

function placementAt(pathname: string) {
  const at = (route: { pattern: string }) => matchPath(route.pattern, pathname) !== null;
  if (at(paths.chat) || at(paths.conversation)) return IN_A_CONVERSATION;
  return at(paths.duma) ? IN_DUMA : ON_A_SCREEN;
}

/** The app's one toast area (seed messages shown as toasts, PRODUCT D9), placed for the screen. */
export function LazyToaster() {
  const { pathname } = useLocation();
  return (
    <Suspense fallback={null}>
      <Toaster {...placementAt(pathname)} richColors closeButton />
    </Suspense>
  );
}
