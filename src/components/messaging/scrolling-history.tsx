import type { PaginationStatus } from "convex/react";
import { ArrowDown } from "lucide-react";
import { Fragment, useCallback, useLayoutEffect, useMemo, useRef, type ReactNode } from "react";
import { formatDayHeading, isSameDay } from "@/lib/format";
import { isNearBottom } from "@/lib/scroll-position";
import { useStickToBottom } from "@/hooks/use-stick-to-bottom";
import { Button } from "@/components/ui/button";
import { LoadMoreButton } from "@/components/ui/load-more-button";
import { Spinner } from "@/components/ui/spinner";
import { NewMessageAnnouncer } from "./new-message-announcer";

/** Room left above the "New" divider when the history opens at it. */
const DIVIDER_MARGIN_PX = 8;

/** What the history needs of each message. */
export type HistoryMessage = { _id: string; _creationTime: number; isMine: boolean };

type ScrollingHistoryProps<M extends HistoryMessage> = {
  /** The loaded messages as the server pages them: newest first (usePaginatedQuery's results). */
  newestFirst: M[];
  status: PaginationStatus;
  onLoadOlder: () => void;
  /** The scrolling region's name, e.g. "Conversation with Ann". */
  label: string;
  /** Shown when there is no message yet. */
  emptyText: string;
  /** One message, as an `<li>`; `previous` is the one above it (null at the top or after a day heading). */
  renderMessage: (message: M, previous: M | null) => ReactNode;
  /** What a screen reader says when someone else's message arrives. */
  describeNew: (message: M) => string;
  /**
   * Where the reader's unread messages start (their last-read message time): a "New" divider goes
   * above the first later message of someone else's, and the history opens there rather than at
   * the bottom. Null or absent: no divider.
   */
  unreadAfter?: number | null;
  /** Called with the newest message's time whenever the reader is at the bottom (read it all). */
  onReadToBottom?: (newest: number) => void;
};

/**
 * A live message history read oldest at the top, newest at the bottom, with "Load older" above
 * and a heading for each day. It stays pinned to the newest message unless the reader scrolled
 * up, when a "New messages" button offers the way back down (src/lib/scroll-position.ts).
 */
export function ScrollingHistory<M extends HistoryMessage>({
  newestFirst,
  status,
  onLoadOlder,
  label,
  emptyText,
  renderMessage,
  describeNew,
  unreadAfter = null,
  onReadToBottom,
}: ScrollingHistoryProps<M>) {
  const messages = useMemo(() => [...newestFirst].reverse(), [newestFirst]);
  const newest = messages.at(-1);
  const bounds = newest ? { oldest: messages[0]!._creationTime, newest: newest._creationTime } : null;
  const box = useRef<HTMLDivElement>(null);
  const { hasUnseen, scrollToBottom, onScroll } = useStickToBottom(box, bounds, newest?.isMine ?? false);
  const firstUnreadId =
    unreadAfter === null
      ? null
      : (messages.find((message) => !message.isMine && message._creationTime > unreadAfter)?._id ?? null);
  const divider = useRef<HTMLLIElement>(null);
  const opened = useRef(false);
  const newestTime = newest?._creationTime;

  // After useStickToBottom's own first scroll (to the end): open at the divider instead. Only
  // when the history first shows, never later (a divider that appears then must not jump).
  useLayoutEffect(() => {
    const container = box.current;
    if (opened.current || !container || newestTime === undefined) return;
    opened.current = true;
    if (!divider.current) return;
    const offset = divider.current.getBoundingClientRect().top - container.getBoundingClientRect().top;
    container.scrollTop += offset - DIVIDER_MARGIN_PX;
    // Tells the pinning whether the reader is still at the bottom (a short unread stretch).
    onScroll();
  }, [newestTime, onScroll]);

  const reportIfAtBottom = useCallback(() => {
    const container = box.current;
    if (container && newestTime !== undefined && isNearBottom(container)) onReadToBottom?.(newestTime);
  }, [newestTime, onReadToBottom]);
  // A new message while at the bottom, or the history opening at the bottom, is read.
  useLayoutEffect(reportIfAtBottom, [reportIfAtBottom]);

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={box}
        onScroll={() => {
          onScroll();
          reportIfAtBottom();
        }}
        tabIndex={0}
        aria-label={label}
        role="region"
        className="h-full overflow-y-auto overscroll-contain px-3 py-4 [overflow-anchor:none] focus-ring focus-visible:-outline-offset-2 sm:px-5"
      >
        <div>
          {status === "LoadingFirstPage" ? (
            <Spinner />
          ) : (
            <>
              <LoadMoreButton status={status} onLoadMore={onLoadOlder} label="Load older" className="mb-3" />
              {messages.length === 0 ? (
                <p className="py-16 text-center text-sm text-fg-subtle">{emptyText}</p>
              ) : (
                <ol aria-label="Messages" className="space-y-1.5">
                  {messages.map((message, index) => {
                    const previous = messages[index - 1];
                    const newDay = !previous || !isSameDay(previous._creationTime, message._creationTime);
                    return (
                      <Fragment key={message._id}>
                        {newDay && (
                          <li className="flex justify-center pt-3 pb-1">
                            <span className="rounded-full bg-surface-strong/70 px-3 py-0.5 text-xs font-medium text-fg-muted">
                              {formatDayHeading(message._creationTime)}
                            </span>
                          </li>
                        )}
                        {message._id === firstUnreadId && (
                          <li ref={divider} className="flex items-center gap-3 py-2">
                            <span aria-hidden className="h-px flex-1 bg-accent-line" />
                            <span className="text-xs font-semibold tracking-wide text-accent-fg uppercase">
                              New<span className="sr-only"> messages since your last visit</span>
                            </span>
                            <span aria-hidden className="h-px flex-1 bg-accent-line" />
                          </li>
                        )}
                        {renderMessage(message, newDay || message._id === firstUnreadId ? null : (previous ?? null))}
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
        // The wrapper floats it above the history, with a deeper shadow than a button's own.
        <div className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full shadow-lg">
          <Button
            variant="primary"
            shape="pill"
            onClick={() => {
              scrollToBottom("smooth");
              // The button goes once the newest message is in view: keep the focus in the history.
              box.current?.focus({ preventScroll: true });
            }}
          >
            <ArrowDown aria-hidden className="size-4" />
            New messages
          </Button>
        </div>
      )}
      <NewMessageAnnouncer messages={messages} loaded={status !== "LoadingFirstPage"} describe={describeNew} />
    </div>
  );
}
