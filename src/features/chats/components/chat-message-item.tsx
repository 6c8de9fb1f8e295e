import { clsx } from "clsx";
import { Link } from "react-router-dom";
import { Avatar } from "@/components/ui/avatar";
import { MentionText } from "@/components/mentions/mention-text";
import { DeleteMessageButton, REVEAL_ON_HOVER } from "@/components/messaging/message-actions";
import { ReportButton } from "@/components/moderation/report-button";
import { paths } from "@/config/paths";
import { formatTimeOfDay, fullDateOnHover } from "@/lib/format";
import type { ChatMessage } from "../chat-types";

/** Messages by one author closer together than this share one avatar and name. */
const GROUP_GAP_MS = 5 * 60_000;

type ChatMessageItemProps = {
  message: ChatMessage;
  /** The message above it (null at the top or after a day heading), for grouping by author. */
  previous: ChatMessage | null;
  /** Offered on the reader's own messages only (the server checks again); others' get Report. */
  onDelete?: () => void;
};

/** One room message: the author's avatar and name when they start speaking, then the text and time. */
export function ChatMessageItem({ message, previous, onDelete }: ChatMessageItemProps) {
  const { author } = message;
  const continues =
    previous !== null &&
    previous.author._id === author._id &&
    message._creationTime - previous._creationTime < GROUP_GAP_MS;

  return (
    <li className={clsx("group flex gap-2.5 rounded-lg px-1 hover:bg-surface-muted/70", continues ? "" : "pt-2")}>
      <div className="w-9 shrink-0">
        {!continues && (
          <Link to={paths.accountOf.href(author._id)} tabIndex={-1} aria-hidden>
            <Avatar src={author.avatarUrl} name={author.displayName} size="md" className="size-9" />
          </Link>
        )}
      </div>
      <div className="min-w-0 flex-1">
        {continues ? (
          <span className="sr-only">{author.displayName}: </span>
        ) : (
          <p className="flex items-baseline gap-2">
            <Link
              to={paths.accountOf.href(author._id)}
              className="truncate text-sm font-semibold text-fg hover:underline focus-ring"
            >
              {message.isMine ? "You" : author.displayName}
            </Link>
            <time
              dateTime={new Date(message._creationTime).toISOString()}
              {...fullDateOnHover(message._creationTime)}
              className="shrink-0 text-xs text-fg-subtle tabular-nums"
            >
              {formatTimeOfDay(message._creationTime)}
            </time>
          </p>
        )}
        <p className="text-[15px] leading-snug break-words whitespace-pre-wrap text-fg">
          <MentionText text={message.text} mentions={message.mentions} />
        </p>
      </div>
      {!message.isMine && (
        <ReportButton
          target={{ kind: "chatMessage", id: message._id }}
          label="message"
          text={message.text}
          variant="icon"
          className={clsx("self-center", REVEAL_ON_HOVER)}
        />
      )}
      {onDelete && <DeleteMessageButton text={message.text} onClick={onDelete} className="self-center" />}
    </li>
  );
}
