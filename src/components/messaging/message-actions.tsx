import { clsx } from "clsx";
import { Pencil, Reply, Trash2 } from "lucide-react";
import { IconButton } from "@/components/ui/icon-button";
import { nameWithQuote } from "@/lib/name-with-quote";

/**
 * How a message's own actions (Delete on the reader's, Report on others') show: always on touch
 * screens, where there is no hover; with a mouse, on hovering the message's row (`group`) or focus.
 */
export const REVEAL_ON_HOVER = "group-hover:opacity-100 focus-visible:opacity-100 [@media(hover:hover)]:opacity-0";

/** The round Delete button beside one's own message in a conversation or a chat room. */
export function DeleteMessageButton({
  text,
  onClick,
  className,
}: {
  text: string;
  onClick: () => void;
  className?: string;
}) {
  return (
    <IconButton
      onClick={onClick}
      label={nameWithQuote("Delete message", text)}
      title="Delete message"
      tone="danger"
      className={clsx(REVEAL_ON_HOVER, className)}
    >
      <Trash2 aria-hidden className="size-4" />
    </IconButton>
  );
}

/** The round Reply button on every message: the composer then answers it (reply-context.tsx). */
export function ReplyMessageButton({
  text,
  onClick,
  className,
}: {
  text: string;
  onClick: () => void;
  className?: string;
}) {
  return (
    <IconButton
      onClick={onClick}
      label={nameWithQuote("Reply to message", text)}
      title="Reply"
      className={clsx(REVEAL_ON_HOVER, className)}
    >
      <Reply aria-hidden className="size-4" />
    </IconButton>
  );
}

/** The round Edit button on one's own message while it may still be edited (use-edit-window.ts). */
export function EditMessageButton({
  text,
  onClick,
  className,
}: {
  text: string;
  onClick: () => void;
  className?: string;
}) {
  return (
    <IconButton
      onClick={onClick}
      label={nameWithQuote("Edit message", text)}
      title="Edit message"
      className={clsx(REVEAL_ON_HOVER, className)}
    >
      <Pencil aria-hidden className="size-4" />
    </IconButton>
  );
}
