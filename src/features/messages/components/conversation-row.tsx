import { clsx } from "clsx";
import { Link } from "react-router-dom";
import { Avatar } from "@/components/ui/avatar";
import { paths } from "@/config/paths";
import { formatBadgeCount } from "@/lib/badge-count";
import { formatConversationTime } from "@/lib/format";
import type { ConversationSummary } from "../message-types";
import { UnreadBadge } from "./unread-badge";

/** One conversation in the list: avatar, name, time, who wrote the last message and its start, unread badge. */
export function ConversationRow({ conversation }: { conversation: ConversationSummary }) {
  const { other, lastMessage, unreadCount } = conversation;
  const unread = unreadCount > 0;
  return (
    <li>
      <Link
        to={paths.conversation.href(conversation.conversationId)}
        className="flex items-center gap-3 px-3 py-3 transition hover:bg-canvas focus-ring focus-visible:-outline-offset-2 sm:px-4"
      >
        <Avatar src={other.photoURL} name={other.displayName} size="md" decorative />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <span className={clsx("truncate text-fg", unread ? "font-bold" : "font-semibold")}>
              {other.displayName}
            </span>
            <time
              dateTime={new Date(conversation.lastMessageAt).toISOString()}
              className={clsx(
                "shrink-0 text-xs tabular-nums",
                unread ? "font-semibold text-accent-fg" : "text-fg-subtle",
              )}
            >
              {formatConversationTime(conversation.lastMessageAt)}
            </time>
          </div>
          <div className="mt-0.5 flex items-center justify-between gap-2">
            <p className={clsx("truncate text-sm", unread ? "font-medium text-fg" : "text-fg-muted")}>
              {lastMessage === null ? (
                <span className="text-fg-subtle italic">No messages yet</span>
              ) : (
                <>
                  {lastMessage.fromMe && <span className="text-fg-subtle">You: </span>}
                  {lastMessage.text}
                </>
              )}
            </p>
            {unread && <UnreadBadge count={unreadCount} label={`${formatBadgeCount(unreadCount)} unread`} />}
          </div>
        </div>
      </Link>
    </li>
  );
}
