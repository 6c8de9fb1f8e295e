import { useMutation, usePaginatedQuery, useQuery } from "convex/react";
import { useDeleteMessage } from "@/components/messaging/delete-message-dialog";
import { ScrollingHistory } from "@/components/messaging/scrolling-history";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { seenMessageId } from "../seen";
import { MessageBubble } from "./message-bubble";
import { SeenMark } from "./seen-mark";

/** Messages fetched per page; "Load older" fetches the next page back. */
const PAGE_SIZE = 30;

type MessageHistoryProps = { conversationId: string; otherName: string };

/**
 * The conversation, oldest at the top and newest at the bottom, live, with "Load older" above,
 * and "Seen" under the newest of the reader's messages the other person has read.
 */
export function MessageHistory({ conversationId, otherName }: MessageHistoryProps) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.messages.list,
    { conversationId },
    { initialNumItems: PAGE_SIZE },
  );
  const removeMessage = useMutation(api.messages.remove);
  const { askToDelete, dialog } = useDeleteMessage((messageId: Id<"messages">) => removeMessage({ messageId }));
  // A query of its own (the other person's row): their reading re-runs only this.
  const otherReadUpTo = useQuery(api.conversations.otherReadUpTo, { conversationId });
  const seenId = seenMessageId(results, otherReadUpTo);

  return (
    <>
      <ScrollingHistory
        newestFirst={results}
        status={status}
        onLoadOlder={() => loadMore(PAGE_SIZE)}
        label={`Conversation with ${otherName}`}
        emptyText={`No messages yet. Say hello to ${otherName}!`}
        describeNew={(message) => `New message from ${otherName}: ${message.text}`}
        renderMessage={(message) => (
          <>
            <MessageBubble
              message={message}
              senderName={message.isMine ? "You" : otherName}
              onDelete={message.isMine ? () => askToDelete(message._id) : undefined}
            />
            {message._id === seenId && <SeenMark otherName={otherName} />}
          </>
        )}
      />
      {dialog}
    </>
  );
}
