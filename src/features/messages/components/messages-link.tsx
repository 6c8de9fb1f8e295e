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
      to={paths.messages}
      aria-label={unread > 0 ? `Messages, ${formatBadgeCount(unread)} unread` : "Messages"}
      className={({ isActive }) =>
        clsx(
          "relative flex size-10 items-center justify-center rounded-full transition focus-visible:outline-2 focus-visible:outline-brand-500",
          isActive ? "bg-brand-50 text-brand-700" : "text-stone-600 hover:bg-stone-100 hover:text-stone-900",
        )
      }
    >
      <MessageCircle aria-hidden className="size-5" />
      {unread > 0 && <UnreadBadge count={unread} className="absolute -top-0.5 -right-0.5 ring-2 ring-white" />}
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
