import { clsx } from "clsx";
import { SmilePlus } from "lucide-react";
import { useCallback, useId, useRef, useState } from "react";
import { IconButton } from "@/components/ui/icon-button";
import { ReactionChoices } from "./reaction-choices";
import type { ReactableMessageId } from "./reaction-types";

type AddReactionButtonProps = {
  messageId: ReactableMessageId;
  /** Which edge of the button the six emoji line up with (the side of the message it sits on). */
  align?: "start" | "end";
  className?: string;
};

/**
 * "Add reaction" among a message's actions: opens the six emoji of the set (./reaction-choices.tsx).
 */
export function AddReactionButton({ messageId, align = "end", className }: AddReactionButtonProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  return (
    <div className={clsx("relative shrink-0", className)}>
      <IconButton
        ref={trigger}
        label="Add reaction"
        title="Add reaction"
        size="sm"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        // Shown on hover like the other actions (message-actions.tsx), and while its row is open.
        className="group-hover:opacity-100 focus-visible:opacity-100 aria-expanded:bg-accent-soft aria-expanded:text-accent-fg aria-expanded:opacity-100 [@media(hover:hover)]:opacity-0"
      >
        <SmilePlus aria-hidden className="size-4" />
      </IconButton>
      {open && (
        <ReactionChoices id={panelId} messageId={messageId} opener={trigger} onClose={close} align={align} upward />
      )}
    </div>
  );
}
