import { usePaginatedQuery } from "convex/react";
import { Link } from "react-router-dom";
import { buttonClass } from "@/components/ui/button-styles";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadMoreButton } from "@/components/ui/load-more-button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useScrollRestoredOnBack } from "@/hooks/use-scroll-restored-on-back";
import { api } from "@convex/_generated/api";
import { NotificationRow } from "./notification-row";

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The caller's notifications, newest first, a page at a time and live. */
export function NotificationList() {
  const { results, status, loadMore } = usePaginatedQuery(
    api.notifications.page,
    {},
    { initialNumItems: NOTIFICATIONS_PAGE_SIZE },
  );
  useScrollRestoredOnBack(status !== "LoadingFirstPage");
  if (status === "LoadingFirstPage") return <Spinner />;
  if (results.length === 0) {
    return (
      <EmptyState title="No notifications yet">
        <p className="text-sm text-fg-muted">
          When someone adds you as a friend, likes or comments on what you share, or mentions you, it shows here.
        </p>
        <Link to={paths.friends.href()} className={buttonClass({ variant: "primary" })}>
          Go to Friends
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      <ul
        aria-label="Notifications"
        // Takes the focus when a row's own button goes with it (Mark as read), instead of the page.
        tabIndex={-1}
        className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface shadow-sm focus:outline-none"
      >
        {results.map((notification) => (
          <NotificationRow key={notification._id} notification={notification} />
        ))}
      </ul>
      <LoadMoreButton
        status={status}
        onLoadMore={() => loadMore(NOTIFICATIONS_PAGE_SIZE)}
        label="Load more notifications"
      />
    </>
  );
}
