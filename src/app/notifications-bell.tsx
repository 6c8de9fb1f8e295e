import { clsx } from "clsx";
import { useQueries } from "convex/react";
import { Bell } from "lucide-react";
import { NavLink } from "react-router-dom";
import { paths } from "@/config/paths";
import { UnreadBadge } from "@/features/messages/components/unread-badge";
import { formatBadgeCount } from "@/lib/badge-count";
import { api } from "@convex/_generated/api";

/**
 * The top bar's bell: the live unread count of notifications (one counter row on the server),
 * "99+" past 99 as the messages badge, and the way to /notifications. Its name says the count,
 * so a screen reader hears "Notifications, 3 unread".
 */
export function NotificationsBell() {
  const unread = useUnreadNotifications();
  return (
    <NavLink
      to={paths.notifications.href()}
      aria-label={unread > 0 ? `Notifications, ${formatBadgeCount(unread)} unread` : "Notifications"}
      className={({ isActive }) =>
        clsx(
          "relative flex size-9 items-center justify-center rounded-full transition focus-ring",
          // 36 px on a phone, where the bar has room for nothing more; 40 px from `sm` up.
          "sm:size-10",
          isActive ? "bg-accent-soft text-accent-fg" : "text-fg-muted hover:bg-surface-muted hover:text-fg",
        )
      }
    >
      <Bell aria-hidden className="size-5" />
      {unread > 0 && <UnreadBadge count={unread} className="absolute -top-0.5 -right-0.5 ring-2 ring-surface" />}
    </NavLink>
  );
}

const UNREAD = { unread: { query: api.notifications.unreadCount, args: {} } };

/** The count, or 0 until known; a failure (the session ending under the bar) shows no badge rather than an error page. */
function useUnreadNotifications(): number {
  const { unread } = useQueries(UNREAD);
  return typeof unread === "number" ? unread : 0;
}
