import { clsx } from "clsx";
import { useConvexAuth, useQuery } from "convex/react";
import { LogOut } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, NavLink } from "react-router-dom";
import { Avatar } from "@/components/ui/avatar";
import { paths } from "@/config/paths";
import { MessagesLink } from "@/features/messages/components/messages-link";
import { TopBarSearch } from "@/features/search/components/top-bar-search";
import { useBrowserAlertsState } from "@/features/notifications/hooks/use-browser-alerts-state";
import { api } from "@convex/_generated/api";
import { useLogOut } from "@/hooks/use-log-out";
import { useMyStatus } from "@/hooks/use-my-status";
import { NotificationsBell } from "./notifications-bell";

// Only moderators ever see it, so its code is not part of everyone's first download.
const ModerationLink = lazy(async () => ({ default: (await import("./moderation-link")).ModerationLink }));
// Only for people who turned browser notifications on; it watches their counts while the tab is hidden.
const LazyBrowserAlerts = lazy(async () => ({
  default: (await import("@/features/notifications/components/browser-alerts")).BrowserAlerts,
}));
// Its icons and the theme module are not needed for the first paint; a same-size box holds its place.
const LazyThemeToggle = lazy(async () => ({ default: (await import("./theme-toggle")).ThemeToggle }));

function ThemeToggle({ className }: { className: string }) {
  return (
    <Suspense fallback={<span aria-hidden className={`size-10 ${className}`} />}>
      <LazyThemeToggle className={className} />
    </Suspense>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    // Tight on a phone, where the bar holds the logo, both links and four round buttons at 390 px;
    // smaller still below 380 px (down to 320 px).
    "rounded-lg px-1 py-1.5 text-sm font-bold tracking-wide transition focus-ring sm:px-3",
    "max-[379px]:px-0.5 max-[379px]:text-xs max-[379px]:tracking-normal",
    isActive ? "bg-accent-soft text-accent-fg" : "text-fg-secondary hover:bg-surface-muted hover:text-fg",
  );

/**
 * Seed §2 top bar: logo → home, DUMY, BOOK_CROSS, own avatar → account, plus Log Out; Moderation
 * for moderators. A suspended user keeps only the avatar and Log Out (their live counts would fail).
 */
export function TopBar({ minimal, suspended = false }: { minimal: boolean; suspended?: boolean }) {
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-0.5 px-1.5 max-[379px]:px-1 sm:gap-4 sm:px-6">
        <Link to={paths.home.href()} className="flex shrink-0 items-center gap-2 rounded-lg focus-ring">
          <img src="/images/logo.svg" alt="" className="size-8 max-[379px]:size-7 sm:size-9" />
          <span className="sr-only">Home</span>
        </Link>
        {!minimal && (
          <>
            <nav aria-label="Main" className="flex items-center sm:gap-1">
              <NavLink to={paths.dumy.href()} className={navLinkClass}>
                DUMY
              </NavLink>
              <NavLink to={paths.books.href()} className={navLinkClass}>
                BOOK_CROSS
              </NavLink>
            </nav>
            <UserArea suspended={suspended} />
          </>
        )}
        {minimal && <ThemeToggle className="ml-auto inline-flex" />}
      </div>
    </header>
  );
}

function UserArea({ suspended }: { suspended: boolean }) {
  const { isAuthenticated } = useConvexAuth();
  const role = useMyStatus()?.role ?? null;
  const viewer = useQuery(api.users.viewer, isAuthenticated ? {} : "skip");
  const { logOut, signingOut } = useLogOut();

  if (!viewer) return null;
  return (
    <div className="ml-auto flex items-center sm:gap-2">
      {viewer.emailVerified && !suspended && <TopBarSearch />}
      {role !== null && !suspended && (
        <Suspense fallback={null}>
          <ModerationLink />
        </Suspense>
      )}
      {/* No room beside the rest on a phone: there, the account page's Settings choose the theme. */}
      <ThemeToggle className="hidden sm:inline-flex" />
      {viewer.emailVerified && !suspended && (
        <>
          <NotificationsBell />
          <MessagesLink />
          <BrowserAlertsWhenOn />
        </>
      )}
      <Link
        to={paths.account.href()}
        // Starts with the name shown beside the avatar, so the spoken name matches what is seen.
        aria-label={`${viewer.displayName}, my account`}
        className="flex items-center gap-2 rounded-full hover:bg-surface-muted focus-ring sm:p-0.5 md:pr-3"
      >
        <Avatar src={viewer.photoURL} name={viewer.displayName} size="sm" />
        <span className="hidden max-w-40 truncate text-sm font-medium text-fg-secondary md:inline">
          {viewer.displayName}
        </span>
      </Link>
      <button
        type="button"
        onClick={() => void logOut()}
        disabled={signingOut}
        // On a phone the bar has no room left for it at a size a finger can hit: there, the account
        // page's own Log Out (one tap away, on the avatar) is the way out.
        className="hidden items-center gap-1.5 rounded-lg p-3 text-sm font-medium text-fg-muted hover:bg-surface-muted hover:text-fg focus-ring disabled:opacity-60 sm:flex"
      >
        <LogOut aria-hidden className="size-4" />
        <span className="sr-only sm:not-sr-only">Log Out</span>
      </button>
    </div>
  );
}

/** System notifications in a hidden tab, opt-in on /notifications: nothing is loaded or watched until then. */
function BrowserAlertsWhenOn() {
  if (useBrowserAlertsState() !== "on") return null;
  return (
    <Suspense fallback={null}>
      <LazyBrowserAlerts />
    </Suspense>
  );
}
