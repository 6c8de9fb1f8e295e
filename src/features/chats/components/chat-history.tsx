import { useMutation, usePaginatedQuery } from "convex/react";
import { useDeleteMessage } from "@/components/messaging/delete-message-dialog";
import { ScrollingHistory } from "@/components/messaging/scrolling-history";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { ChatMessageItem } from "./chat-message-item";

/** Messages fetched per page; "Load older" fetches the next page back. */
const PAGE_SIZE = 40;

type ChatHistoryProps = { roomId: Id<"chatRooms">; roomName: string };

/** The room's messages, oldest at the top and newest at the bottom, live, with "Load older" above. */
export function ChatHistory({ roomId, roomName }: ChatHistoryProps) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.chatMessages.list,
    { roomId },
    { initialNumItems: PAGE_SIZE },
  );
  const removeMessage = useMutation(api.chatMessages.remove);
  const { askToDelete, dialog } = useDeleteMessage((messageId: Id<"chatMessages">) => removeMessage({ messageId }));

  return (
    <>
      <ScrollingHistory
        newestFirst={results}
        status={status}
        onLoadOlder={() => loadMore(PAGE_SIZE)}
        label={`Messages in ${roomName}`}
        emptyText="No messages yet. Say hello!"
        describeNew={(message) => `${message.author.displayName}: ${message.text}`}
        renderMessage={(message, previous) => (
          <ChatMessageItem
            key={message._id}
            message={message}
            previous={previous}
            onDelete={message.isMine ? () => askToDelete(message._id) : undefined}
          />
        )}
      />
      {dialog}
    </>
  );
}
