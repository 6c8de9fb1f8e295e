import { clsx } from "clsx";
import { type LucideIcon, Pencil, Reply, Trash2 } from "lucide-react";
import { IconButton } from "@/components/ui/icon-button";
import { nameWithQuote } from "@/lib/name-with-quote";

/**
 * How a message's own actions (Delete on the reader's, Report on others') show: always on touch
 * screens, where there is no hover; with a mouse, on hovering the message's row (`group`) or focus.
 */
export const REVEAL_ON_HOVER = "group-hover:opacity-100 focus-visible:opacity-100 [@media(hover:hover)]:opacity-0";

type MessageActionProps = { text: string; onClick: () => void; className?: string };

/** One round action beside a message, named for what it does to which message. */
function MessageActionButton({
  action,
  title,
  icon: Icon,
  tone,
  text,
  onClick,
  className,
}: MessageActionProps & { action: string; title: string; icon: LucideIcon; tone?: "danger" }) {
  return (
    <IconButton
      onClick={onClick}
      label={nameWithQuote(action, text)}
      title={title}
      {...(tone === undefined ? {} : { tone })}
      className={clsx(REVEAL_ON_HOVER, className)}
    >
      <Icon aria-hidden className="size-4" />
    </IconButton>
  );
}

/** The round Delete button beside one's own message in a conversation or a chat room. */
export function DeleteMessageButton(props: MessageActionProps) {
  return <MessageActionButton action="Delete message" title="Delete message" icon={Trash2} tone="danger" {...props} />;
}

/** The round Reply button on every message: the composer then answers it (reply-context.tsx). */
export function ReplyMessageButton(props: MessageActionProps) {
  return <MessageActionButton action="Reply to message" title="Reply" icon={Reply} {...props} />;
}

/** The round Edit button on one's own message while it may still be edited (use-edit-window.ts). */
export function EditMessageButton(props: MessageActionProps) {
  return <MessageActionButton action="Edit message" title="Edit message" icon={Pencil} {...props} />;
}
