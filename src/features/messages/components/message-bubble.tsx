import { clsx } from "clsx";
import { DeleteMessageButton, REVEAL_ON_HOVER } from "@/components/messaging/message-actions";
import { ReportButton } from "@/components/moderation/report-button";
import { formatTimeOfDay } from "@/lib/format";
import type { PrivateMessage } from "../message-types";

type MessageBubbleProps = {
  message: PrivateMessage;
  /** Who wrote it, for screen readers ("You" for the reader's own). */
  senderName: string;
  /** Offered on the reader's own messages only. */
  onDelete?: () => void;
};

/** One message: the reader's on the right in the brand colour (with Delete), the other person's on the left (with Report). */
export function MessageBubble({ message, senderName, onDelete }: MessageBubbleProps) {
  const mine = message.isMine;
  return (
    <li className={clsx("group flex items-center gap-1", mine ? "justify-end" : "justify-start")}>
      {mine && onDelete && <DeleteMessageButton text={message.text} onClick={onDelete} />}
      <div
        className={clsx(
          "max-w-[85%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%]",
          mine ? "rounded-br-md bg-accent text-accent-contrast" : "rounded-bl-md bg-surface text-fg ring-1 ring-line",
        )}
      >
        <span className="sr-only">{senderName}: </span>
        <p className="text-[15px] leading-snug break-words whitespace-pre-wrap">{message.text}</p>
        <time
          dateTime={new Date(message._creationTime).toISOString()}
          className={clsx(
            "mt-0.5 block text-right text-[11px] tabular-nums",
            mine ? "text-accent-contrast-muted" : "text-fg-subtle",
          )}
        >
          {formatTimeOfDay(message._creationTime)}
        </time>
      </div>
      {!mine && (
        <ReportButton
          target={{ kind: "message", id: message._id }}
          label="message"
          text={message.text}
          variant="icon"
          className={REVEAL_ON_HOVER}
        />
      )}
    </li>
  );
}
