import { useMutation, usePaginatedQuery } from "convex/react";
import { useEffect, useState } from "react";
import { useDeleteMessage } from "@/components/messaging/delete-message-dialog";
import { ScrollingHistory } from "@/components/messaging/scrolling-history";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { useRoomReadMark } from "../hooks/use-room-read-mark";
import { useUnreadStart } from "../hooks/use-unread-start";
import { ChatMessageItem } from "./chat-message-item";

/** Messages fetched per page; "Load older" fetches the next page back. */
const PAGE_SIZE = 40;
/** Older pages fetched at most on opening so the first unread message is in (then the divider tops what is loaded). */
const MAX_PAGES_FOR_UNREAD = 4;
const NO_MESSAGES: never[] = [];

type ChatHistoryProps = { roomId: Id<"chatRooms">; roomName: string };

/**
 * The room's messages, oldest at the top and newest at the bottom, live, with "Load older" above.
 * It opens at the first message since the reader's last visit, under a "New" divider (or at the
 * bottom when nothing is new), and marks the room read when they read to the bottom or leave.
 */
export function ChatHistory({ roomId, roomName }: ChatHistoryProps) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.chatMessages.list,
    { roomId },
    { initialNumItems: PAGE_SIZE },
  );
  const removeMessage = useMutation(api.chatMessages.remove);
  const { askToDelete, dialog } = useDeleteMessage((messageId: Id<"chatMessages">) => removeMessage({ messageId }));
  const unreadAfter = useUnreadStart(roomId);
  const readTo = useRoomReadMark(roomId, results[0]?._creationTime);

  // Opening: wait for the reader's mark, and for the pages back to the first unread message.
  const [pagesForUnread, setPagesForUnread] = useState(0);
  const oldestLoaded = results.at(-1)?._creationTime;
  const unreadNotLoaded =
    typeof unreadAfter === "number" &&
    status === "CanLoadMore" &&
    oldestLoaded !== undefined &&
    oldestLoaded > unreadAfter &&
    pagesForUnread < MAX_PAGES_FOR_UNREAD;
  const [shown, setShown] = useState(false);
  const ready =
    unreadAfter !== undefined && status !== "LoadingFirstPage" && status !== "LoadingMore" && !unreadNotLoaded;
  if (ready && !shown) setShown(true);
  useEffect(() => {
    if (shown || !unreadNotLoaded) return;
    setPagesForUnread((pages) => pages + 1);
    loadMore(PAGE_SIZE);
  }, [shown, unreadNotLoaded, loadMore]);

  return (
    <>
      <ScrollingHistory
        // Nothing until it can open at the right place (useStickToBottom scrolls on the first messages).
        newestFirst={shown || ready ? results : NO_MESSAGES}
        status={shown || ready ? status : "LoadingFirstPage"}
        unreadAfter={unreadAfter}
        onReadToBottom={readTo}
        onLoadOlder={() => loadMore(PAGE_SIZE)}
        label={`Messages in ${roomName}`}
        emptyText="No messages yet. Say hello!"
        describeNew={(message) => `${message.author.displayName}: ${message.text}`}
        renderMessage={(message, previous) => (
          <ChatMessageItem
            key={message._id}
            message={message}
            previous={previous}
            roomId={roomId}
            onDelete={message.isMine ? () => askToDelete(message._id) : undefined}
          />
        )}
      />
      {dialog}
    </>
  );
}
