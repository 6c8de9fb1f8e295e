import { clsx } from "clsx";
import { useEffect, useRef, type KeyboardEvent, type RefObject } from "react";
import { REACTION_EMOJI } from "@convex/shared/message-extras";
import { REACTION_NAMES } from "./reaction-names";
import type { ReactableMessageId } from "./reaction-types";
import { useMyReactions } from "./use-my-reactions";
import { useToggleReaction } from "./use-toggle-reaction";

type ReactionChoicesProps = {
  messageId: ReactableMessageId;
  id?: string;
  /** The button that opened it: it gets the focus back on closing, and a press on it is not "elsewhere". */
  opener: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  /** Which edge of the positioned row the six emoji line up with. */
  align: "start" | "end";
  upward: boolean;
};

/**
 * The six reaction emoji, opened from a message's "Add reaction" button (./add-reaction-button.tsx)
 * or, on a phone, its "More actions" menu: choosing one toggles it (pressed when I gave it). Focus starts on the first, arrow keys move along the row, and Escape
 * or a click elsewhere closes it, giving the focus back to the menu's button.
 */
export function ReactionChoices({ messageId, id, opener, onClose, align, upward }: ReactionChoicesProps) {
  const panel = useRef<HTMLDivElement>(null);
  const toggle = useToggleReaction(messageId);
  const mine = useMyReactions(messageId, true);

  useEffect(() => {
    panel.current?.querySelector("button")?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !opener.current?.contains(target)) onClose();
    };
    document.addEventListener("pointerdown", closeOnOutside);
    return () => document.removeEventListener("pointerdown", closeOnOutside);
  }, [onClose, opener]);

  function close() {
    onClose();
    opener.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (step === undefined) return;
    const buttons = [...(panel.current?.querySelectorAll("button") ?? [])];
    const next = buttons[buttons.indexOf(document.activeElement as HTMLButtonElement) + step];
    if (next === undefined) return;
    event.preventDefault();
    next.focus();
  }

  return (
    <div
      ref={panel}
      id={id}
      role="dialog"
      aria-label="Add reaction"
      onKeyDown={onKeyDown}
      className={clsx(
        "absolute z-30 flex w-max gap-0.5 rounded-full border border-line bg-surface p-1 shadow-xl",
        upward ? "bottom-full mb-1" : "top-full mt-1",
        align === "end" ? "right-0" : "left-0",
      )}
    >
      {REACTION_EMOJI.map((emoji) => (
        <button
          key={emoji}
          type="button"
          aria-label={REACTION_NAMES[emoji]}
          aria-pressed={mine.has(emoji)}
          title={REACTION_NAMES[emoji]}
          onClick={() => {
            close();
            toggle(emoji);
          }}
          className="inline-flex size-10 items-center justify-center rounded-full text-xl leading-none transition hover:bg-surface-muted focus-ring aria-pressed:bg-accent-soft"
        >
          {emoji}
        </button>
      ))}
    </div>
  );
}
