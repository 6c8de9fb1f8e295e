import { clsx } from "clsx";
import { useMutation } from "convex/react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Avatar } from "@/components/ui/avatar";
import { EditedMark } from "@/components/messaging/edited-mark";
import {
  DeleteMessageButton,
  EditMessageButton,
  REVEAL_ON_HOVER,
  ReplyMessageButton,
} from "@/components/messaging/message-actions";
import { messageAnchorId } from "@/components/messaging/message-anchor";
import { MessageActionsMenu, PHONE_ONLY, PhoneOnly, WideOnly } from "@/components/messaging/message-actions-menu";
import { MessageEditor } from "@/components/messaging/message-editor";
import { MessageText } from "@/components/messaging/message-text";
import { useReply } from "@/components/messaging/reply-context";
import { ReplyQuote } from "@/components/messaging/reply-quote";
import { useEditWindowOpen } from "@/hooks/use-edit-window";
import { withFailureToast } from "@/lib/show-failure";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { excerptOf } from "@convex/shared/message-excerpt";
import { MessagePicture } from "@/components/messaging/message-picture";
import { ReportButton } from "@/components/moderation/report-button";
import { AddReactionButton } from "@/components/messaging/reactions/add-reaction-button";
import { ReactionBar } from "@/components/messaging/reactions/reaction-bar";
import { paths } from "@/config/paths";
import { formatTimeOfDay, fullDateOnHover } from "@/lib/format";
import { CHAT_LIMITS, type ChatMessage } from "../chat-types";

/** Messages by one author closer together than this share one avatar and name. */
const GROUP_GAP_MS = 5 * 60_000;

type ChatMessageItemProps = {
  message: ChatMessage;
  /** The message above it (null at the top or after a day heading), for grouping by author. */
  previous: ChatMessage | null;
  /** Offered on the reader's own messages only (the server checks again); others' get Report. */
  onDelete?: () => void;
  /** The room, whose people the editor's @mentions offer first. */
  roomId: Id<"chatRooms">;
};

/**
 * One room message: the author's avatar and name when they start speaking, then the quote of the
 * message it answers, the text and time ("edited" once changed). Reply on every message; Edit on
 * the reader's own for 15 minutes, in place. From `sm` up the actions are a row of buttons beside
 * the text (shown on hover with a mouse); on a phone they are one ⋯ menu floated at the top right,
 * so the name line, text, picture and reactions keep the full width (a row would take ~160 px).
 */
export function ChatMessageItem({ message, previous, onDelete, roomId }: ChatMessageItemProps) {
  const { author } = message;
  const [editing, setEditing] = useState(false);
  const mayEdit = useEditWindowOpen(message._creationTime) && message.isMine;
  const { startReply } = useReply();
  const editMessage = useMutation(api.chatMessages.edit);
  function reply() {
    startReply({
      messageId: message._id,
      authorName: author.displayName,
      excerpt: excerptOf(message.text),
      hasPicture: message.image !== null,
    });
  }
  const continues =
    previous !== null &&
    previous.author._id === author._id &&
    message._creationTime - previous._creationTime < GROUP_GAP_MS;

  return (
    <li
      id={messageAnchorId(message._id)}
      tabIndex={-1}
      className={clsx(
        "group flex scroll-my-4 gap-2.5 rounded-lg px-1 transition-colors duration-500 outline-none hover:bg-surface-muted/70 data-highlighted:bg-accent-soft",
        continues ? "" : "pt-2",
      )}
    >
      <div className="w-9 shrink-0">
        {!continues && (
          <Link to={paths.accountOf.href(author._id)} tabIndex={-1} aria-hidden>
            <Avatar src={author.avatarUrl} name={author.displayName} size="md" className="size-9" />
          </Link>
        )}
      </div>
      <div className="min-w-0 flex-1">
        {!editing && (
          <PhoneOnly>
            <MessageActionsMenu
              messageId={message._id}
              text={message.text}
              authorName={author.displayName}
              isMine={message.isMine}
              onReply={reply}
              onEdit={mayEdit ? () => setEditing(true) : undefined}
              onDelete={onDelete}
              report={message.isMine ? undefined : { kind: "chatMessage", id: message._id }}
              align="end"
              // Floated: the name line (or a continued message's first line) narrows by the button, and
              // what follows has the full width. Its 32 px take 20 in the flow: one line's height.
              className={clsx(PHONE_ONLY, "float-right -my-1.5 ml-1")}
            />
          </PhoneOnly>
        )}
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
              // Darker on the row's hover and highlight fills, where the subtle grey falls short of 4.5:1.
              className="shrink-0 text-xs text-fg-subtle tabular-nums group-hover:text-fg-muted group-data-highlighted:text-fg-muted"
            >
              {formatTimeOfDay(message._creationTime)}
            </time>
            {message.editedAt !== null && (
              <EditedMark
                editedAt={message.editedAt}
                className="text-fg-subtle group-hover:text-fg-muted group-data-highlighted:text-fg-muted"
              />
            )}
          </p>
        )}
        {message.replyTo && (
          // Its own formatting context: a full-width quote would go below the floated ⋯, leaving a gap.
          <div className="flow-root">
            <ReplyQuote quote={message.replyTo} />
          </div>
        )}
        {message.image && <MessagePicture picture={message.image} authorName={author.displayName} className="my-1" />}
        {editing ? (
          <MessageEditor
            initial={message}
            maxLength={CHAT_LIMITS.message}
            mayBeBlank={message.image !== null}
            mentionsIn={{ roomId }}
            onSave={(text, mentions) =>
              withFailureToast(
                () => editMessage({ messageId: message._id, text, mentions }),
                "Failed to edit message. Please try again.",
              )
            }
            onDone={() => setEditing(false)}
          />
        ) : (
          <p className="text-[15px] leading-snug break-words whitespace-pre-wrap text-fg">
            <MessageText text={message.text} mentions={message.mentions} />
            {continues && message.editedAt !== null && (
              <EditedMark
                editedAt={message.editedAt}
                className="ml-1.5 text-fg-subtle group-hover:text-fg-muted group-data-highlighted:text-fg-muted"
              />
            )}
          </p>
        )}
        <ReactionBar messageId={message._id} reactions={message.reactions} />
      </div>
      <WideOnly>
        {!editing && <ReplyMessageButton text={message.text} className="self-center" onClick={reply} />}
        {mayEdit && !editing && (
          <EditMessageButton text={message.text} className="self-center" onClick={() => setEditing(true)} />
        )}
        <AddReactionButton messageId={message._id} className="self-center" />
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
      </WideOnly>
    </li>
  );
}
