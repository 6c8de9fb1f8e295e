import { lazy, Suspense, useEffect, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation, useNavigation } from "react-router-dom";
import { Spinner } from "@/components/ui/spinner";
import { OPEN_PATHS } from "@/config/paths";
import { useAudioManager } from "@/hooks/use-audio";
import { useMyStatus } from "@/hooks/use-my-status";
import { BottomBar } from "./bottom-bar";
import { ConnectionBanner } from "./connection-banner";
import { ConnectionStatusProvider } from "./connection-status";
import { LazyToaster } from "./lazy-toaster";
import { NameStepGate } from "./name-step-gate";
import { TopBar } from "./top-bar";
import { useEndedSessionSignOut } from "./use-ended-session-sign-out";

// Rarely shown, so it stays out of the first download (ARCHITECTURE budget for initial JS).
const SuspendedNotice = lazy(async () => ({ default: (await import("./suspended-notice")).SuspendedNotice }));

/** The frame every screen lives in: top bar, the screen, bottom bar, toasts. */
export function RootLayout() {
  const { pathname } = useLocation();
  const loadingScreen = useNavigation().state === "loading";
  const onSignInPage = OPEN_PATHS.includes(pathname);
  const audio = useAudioManager();
  // Every function refuses a suspended user, so the page (and the bars' live counts) give way to the notice.
  const suspension = useMyStatus()?.suspension ?? null;
  const suspended = suspension !== null && !onSignInPage;
  // A session ended from another device (or by a password change) signs this one out live.
  useEndedSessionSignOut();

  useEffect(() => audio.setPath(pathname), [audio, pathname]);

  // After a move to another screen, when the keyboard focus went with the old screen (the link
  // pressed was on it), it goes to main: a keyboard user goes on from the new screen's top, and a
  // screen reader hears where they are (with the tab title each screen sets, see lazy-page.ts),
  // instead of starting again from the page body. Focus that stayed on a bar link, or that the
  // new screen placed (autoFocus), is left alone; so is the first load.
  const main = useRef<HTMLElement>(null);
  const firstScreen = useRef(pathname);
  useEffect(() => {
    if (pathname === firstScreen.current) return;
    firstScreen.current = "";
    if (document.activeElement === document.body) main.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    // Offline, a screen still waiting for its data says so instead of spinning (Spinner).
    <ConnectionStatusProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-surface px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <TopBar minimal={onSignInPage} suspended={suspended} />
        {/* Under the top bar and sticky with it, pushing the screen down: it covers nothing. */}
        <ConnectionBanner />
        {loadingScreen && (
          <div
            role="progressbar"
            aria-label="Loading the page"
            className="fixed inset-x-0 top-0 z-40 h-1 animate-pulse bg-focus"
          />
        )}
        {/* tabIndex -1: the skip link and a change of screen move the focus here (see above). */}
        <main id="main" ref={main} tabIndex={-1} aria-busy={loadingScreen} className="flex-1 pb-24 focus:outline-none">
          {suspension !== null && suspended ? (
            <Suspense fallback={<Spinner />}>
              <SuspendedNotice endsAt={suspension.endsAt} reason={suspension.reason} />
            </Suspense>
          ) : (
            <>
              {!onSignInPage && <NameStepGate />}
              {/* For screens that lazy-load parts of themselves (React.lazy) without their own boundary. */}
              <Suspense fallback={<Spinner />}>
                <Outlet />
              </Suspense>
            </>
          )}
        </main>
        <BottomBar minimal={onSignInPage} />
        <LazyToaster />
        <ScrollRestoration />
      </div>
    </ConnectionStatusProvider>
  );
}

/** While the first screen's code downloads (before anything else can show). */
export function FirstLoadFallback() {
  return (
    <ConnectionStatusProvider>
      <Spinner className="min-h-dvh" />
    </ConnectionStatusProvider>
  );
}
