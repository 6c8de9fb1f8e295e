import { clsx } from "clsx";
import { useQueries } from "convex/react";
import { MessageCircle } from "lucide-react";
import { NavLink } from "react-router-dom";
import { paths } from "@/config/paths";
import { formatBadgeCount } from "@/lib/badge-count";
import { api } from "@convex/_generated/api";
import { UnreadBadge } from "./unread-badge";

/** The top bar's way to /messages, with the live total of unread messages on every page. */
export function MessagesLink() {
  const unread = useUnreadTotal();
  return (
    <NavLink
      to={paths.messages.href()}
      aria-label={unread > 0 ? `Messages, ${formatBadgeCount(unread)} unread` : "Messages"}
      className={({ isActive }) =>
        clsx(
          "relative flex size-10 items-center justify-center rounded-full transition focus-ring",
          isActive ? "bg-accent-soft text-accent-fg" : "text-fg-muted hover:bg-surface-muted hover:text-fg",
        )
      }
    >
      <MessageCircle aria-hidden className="size-5" />
      {unread > 0 && <UnreadBadge count={unread} className="absolute -top-0.5 -right-0.5 ring-2 ring-surface" />}
    </NavLink>
  );
}

const UNREAD_TOTAL = { unread: { query: api.conversations.unreadTotal, args: {} } };

/**
 * The unread total, or 0 until known. A failure (the session ending while the bar is still on
 * screen) shows no badge instead of taking down every page with it.
 */
function useUnreadTotal(): number {
  const { unread } = useQueries(UNREAD_TOTAL);
  return typeof unread === "number" ? unread : 0;
}
