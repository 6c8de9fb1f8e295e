import { usePaginatedQuery } from "convex/react";
import { ArrowDown } from "lucide-react";
import { Fragment, useMemo, useRef, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { formatDayHeading, isSameDay } from "@/lib/format";
import { api } from "../../../../convex/_generated/api";
import type { Id } from "../../../../convex/_generated/dataModel";
import { useStickToBottom } from "../hooks/use-stick-to-bottom";
import { DeleteMessageDialog } from "./delete-message-dialog";
import { MessageBubble } from "./message-bubble";
import { NewMessageAnnouncer } from "./new-message-announcer";

/** Messages fetched per page; "Load older" fetches the next page back. */
const PAGE_SIZE = 30;

type MessageHistoryProps = { conversationId: string; otherName: string };

/** The conversation, oldest at the top and newest at the bottom, live, with "Load older" above. */
export function MessageHistory({ conversationId, otherName }: MessageHistoryProps) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.messages.list,
    { conversationId },
    { initialNumItems: PAGE_SIZE },
  );
  // The server pages newest first; the screen reads oldest first.
  const messages = useMemo(() => [...results].reverse(), [results]);
  const newest = messages.at(-1);
  const bounds = newest ? { oldest: messages[0]!._creationTime, newest: newest._creationTime } : null;
  const box = useRef<HTMLDivElement>(null);
  const { hasUnseen, scrollToBottom, onScroll } = useStickToBottom(box, bounds, newest?.isMine ?? false);
  const [deleting, setDeleting] = useState<Id<"messages"> | null>(null);

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={box}
        onScroll={onScroll}
        tabIndex={0}
        aria-label={`Conversation with ${otherName}`}
        role="region"
        className="h-full overflow-y-auto overscroll-contain px-3 py-4 [overflow-anchor:none] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 sm:px-5"
      >
        <div>
          {status === "LoadingFirstPage" ? (
            <Spinner />
          ) : (
            <>
              {status !== "Exhausted" && (
                <div className="mb-3 flex justify-center">
                  <button
                    type="button"
                    onClick={() => loadMore(PAGE_SIZE)}
                    disabled={status === "LoadingMore"}
                    className="inline-flex min-h-9 items-center rounded-full border border-stone-300 bg-white px-4 text-sm font-medium text-stone-700 shadow-sm hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60"
                  >
                    {status === "LoadingMore" ? "Loading..." : "Load older"}
                  </button>
                </div>
              )}
              {messages.length === 0 ? (
                <p className="py-16 text-center text-sm text-stone-500">No messages yet. Say hello to {otherName}!</p>
              ) : (
                <ol aria-label="Messages" className="space-y-1.5">
                  {messages.map((message, index) => {
                    const previous = messages[index - 1];
                    const newDay = !previous || !isSameDay(previous._creationTime, message._creationTime);
                    return (
                      <Fragment key={message._id}>
                        {newDay && (
                          <li className="flex justify-center pt-3 pb-1">
                            <span className="rounded-full bg-stone-200/70 px-3 py-0.5 text-xs font-medium text-stone-600">
                              {formatDayHeading(message._creationTime)}
                            </span>
                          </li>
                        )}
                        <MessageBubble
                          message={message}
                          senderName={message.isMine ? "You" : otherName}
                          onDelete={message.isMine ? () => setDeleting(message._id) : undefined}
                        />
                      </Fragment>
                    );
                  })}
                </ol>
              )}
            </>
          )}
        </div>
      </div>
      {hasUnseen && (
        <button
          type="button"
          onClick={() => scrollToBottom("smooth")}
          className="absolute bottom-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-lg hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <ArrowDown aria-hidden className="size-4" />
          New messages
        </button>
      )}
      <NewMessageAnnouncer newest={newest} otherName={otherName} />
      <DeleteMessageDialog messageId={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
