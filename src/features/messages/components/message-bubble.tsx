import { clsx } from "clsx";
import { useMutation } from "convex/react";
import { useState } from "react";
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
import { excerptOf } from "@convex/shared/message-excerpt";
import { MessagePicture } from "@/components/messaging/message-picture";
import { ReportButton } from "@/components/moderation/report-button";
import { AddReactionButton } from "@/components/messaging/reactions/add-reaction-button";
import { ReactionBar } from "@/components/messaging/reactions/reaction-bar";
import { formatTimeOfDay } from "@/lib/format";
import { MESSAGE_MAX_LENGTH } from "../message-limits";
import type { PrivateMessage } from "../message-types";

type MessageBubbleProps = {
  message: PrivateMessage;
  /** Who wrote it, for screen readers ("You" for the reader's own). */
  senderName: string;
  /** Offered on the reader's own messages only. */
  onDelete?: () => void;
};

/**
 * One message: the reader's on the right in the brand colour (with Delete, and Edit for 15
 * minutes, in place), the other person's on the left (with Report); Reply on both. A reply shows
 * the quote of what it answers above its text; "edited" goes beside the time. From `sm` up the
 * actions are a row of buttons beside the bubble (shown on hover with a mouse); on a phone they are
 * one ⋯ menu on the bubble's inner side, so the bubble keeps its 85 % of the width.
 */
export function MessageBubble({ message, senderName, onDelete }: MessageBubbleProps) {
  const mine = message.isMine;
  const [editing, setEditing] = useState(false);
  const mayEdit = useEditWindowOpen(message._creationTime) && mine;
  const { startReply } = useReply();
  const editMessage = useMutation(api.messages.edit);
  // While editing, the bubble takes the plain surface, so the box and its buttons read as everywhere.
  const accent = mine && !editing;
  function startReplying() {
    startReply({
      messageId: message._id,
      authorName: senderName,
      excerpt: excerptOf(message.text),
      hasPicture: message.image !== null,
    });
  }
  const reply = !editing && <ReplyMessageButton text={message.text} onClick={startReplying} />;
  // Placed against the whole row: the bubble may put the button near either edge of the screen.
  const phoneMenu = !editing && (
    <PhoneOnly>
      <MessageActionsMenu
        messageId={message._id}
        text={message.text}
        authorName={senderName}
        isMine={mine}
        onReply={startReplying}
        onEdit={mayEdit ? () => setEditing(true) : undefined}
        onDelete={onDelete}
        report={mine ? undefined : { kind: "message", id: message._id }}
        align={mine ? "end" : "start"}
        anchor="parent"
        className={PHONE_ONLY}
      />
    </PhoneOnly>
  );
  return (
    <li
      id={messageAnchorId(message._id)}
      tabIndex={-1}
      className={clsx(
        "group relative flex scroll-my-4 items-center gap-1 rounded-2xl transition-colors duration-500 outline-none data-highlighted:bg-accent-soft",
        mine ? "justify-end" : "justify-start",
      )}
    >
      <WideOnly>
        {mine && onDelete && <DeleteMessageButton text={message.text} onClick={onDelete} />}
        {mine && mayEdit && !editing && <EditMessageButton text={message.text} onClick={() => setEditing(true)} />}
        {mine && reply}
      </WideOnly>
      {mine && phoneMenu}
      <div
        className={clsx(
          "rounded-2xl px-3.5 py-2 shadow-sm",
          editing ? "w-full max-w-[85%] sm:max-w-[70%]" : "max-w-[85%] sm:max-w-[70%]",
          mine && "rounded-br-md",
          accent ? "bg-accent text-accent-contrast" : "bg-surface text-fg ring-1 ring-line",
          !mine && "rounded-bl-md",
        )}
      >
        <span className="sr-only">{senderName}: </span>
        {message.replyTo && <ReplyQuote quote={message.replyTo} onAccent={accent} />}
        {message.image && <MessagePicture picture={message.image} authorName={senderName} className="my-1" />}
        {editing ? (
          <MessageEditor
            initial={message}
            maxLength={MESSAGE_MAX_LENGTH}
            mayBeBlank={message.image !== null}
            onSave={(text) =>
              withFailureToast(
                () => editMessage({ messageId: message._id, text }),
                "Failed to edit message. Please try again.",
              )
            }
            onDone={() => setEditing(false)}
          />
        ) : (
          <p className="text-[15px] leading-snug break-words whitespace-pre-wrap">
            <MessageText text={message.text} linkClassName={accent ? "text-accent-contrast" : "text-accent-fg"} />
          </p>
        )}
        <p
          className={clsx(
            "mt-0.5 flex justify-end gap-1.5 text-[11px] tabular-nums",
            accent ? "text-accent-contrast-muted" : "text-fg-subtle",
          )}
        >
          {message.editedAt !== null && <EditedMark editedAt={message.editedAt} className="text-[11px]" />}
          <time dateTime={new Date(message._creationTime).toISOString()}>{formatTimeOfDay(message._creationTime)}</time>
        </p>
        <ReactionBar
          messageId={message._id}
          reactions={message.reactions}
          className={mine ? "justify-end" : undefined}
        />
      </div>
      {!mine && phoneMenu}
      <WideOnly>
        {/* Among the actions: before Delete on mine, after Report on the other person's. */}
        <AddReactionButton
          messageId={message._id}
          align={mine ? "end" : "start"}
          className={mine ? "order-first" : "order-last"}
        />
        {!mine && reply}
        {!mine && (
          <ReportButton
            target={{ kind: "message", id: message._id }}
            label="message"
            text={message.text}
            variant="icon"
            className={REVEAL_ON_HOVER}
          />
        )}
      </WideOnly>
    </li>
  );
}
