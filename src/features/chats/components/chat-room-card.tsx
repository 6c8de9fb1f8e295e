import { Trash2, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { IconButton } from "@/components/ui/icon-button";
import { TimeAgo } from "@/components/ui/time-ago";
import { paths } from "@/config/paths";
import { formatCount } from "@/lib/format";
import type { ChatRoomSummary } from "../chat-types";
import { ChatRoomCover } from "./chat-room-cover";

type ChatRoomCardProps = {
  room: ChatRoomSummary;
  /** Messages since the reader's last visit (chatRoomReads.unreadFrom): a "New" badge. */
  unread?: boolean;
  /** Offered to the room's creator only (the server checks again). */
  onDelete?: () => void;
  /** Marks the words a search found in the name and description (/search). */
  highlight?: (text: string) => ReactNode;
};

/** A room in the list: cover, name, description, who is in it now and when it last spoke. */
export function ChatRoomCard({ room, unread = false, onDelete, highlight }: ChatRoomCardProps) {
  const marked = (text: string) => (highlight ? highlight(text) : text);
  return (
    <article className="relative flex gap-3 rounded-xl border border-line bg-surface p-3 shadow-sm transition focus-within:ring-2 focus-within:ring-focus hover:shadow-md sm:gap-4 sm:p-4">
      <ChatRoomCover imageUrl={room.imageUrl} size="lg" />
      <div className="min-w-0 flex-1">
        <h2 className="flex items-center gap-2 text-base leading-snug font-semibold text-fg">
          {/* The whole card opens the room; the link's box is stretched over it. */}
          <Link
            to={paths.chat.href(room._id)}
            className="line-clamp-1 break-all outline-none after:absolute after:inset-0 after:rounded-xl hover:text-accent-fg"
          >
            {marked(room.name)}
            {unread && <span className="sr-only"> (new messages since your last visit)</span>}
          </Link>
          {unread && (
            <span
              aria-hidden
              className="shrink-0 rounded-full bg-accent px-2 py-0.5 text-xs leading-none font-bold text-accent-contrast"
            >
              New
            </span>
          )}
        </h2>
        <p className="mt-0.5 line-clamp-2 text-sm break-words text-fg-muted">{marked(room.description)}</p>
        <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-fg-muted">
          <span className="inline-flex items-center gap-1">
            <Users aria-hidden className="size-3.5" />
            {room.onlineCount === 0 ? "Nobody here now" : `${formatCount(room.onlineCount)} here now`}
          </span>
          <span>
            {room.lastMessageAt === null ? (
              "No messages yet"
            ) : (
              <>
                Last message <TimeAgo timestamp={room.lastMessageAt} />
              </>
            )}
          </span>
        </p>
      </div>
      {onDelete && (
        <IconButton
          label={`Delete ${room.name}`}
          tone="danger"
          onClick={onDelete}
          title="Delete chat"
          // Above the stretched link, so it stays a button of its own.
          className="relative z-10 self-start"
        >
          <Trash2 aria-hidden className="size-4" />
        </IconButton>
      )}
    </article>
  );
}
