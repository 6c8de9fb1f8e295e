import { SmilePlus } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { EMOJIS } from "@/lib/emojis";
import { IconButton } from "./icon-button";

/** Emojis per row of the grid; arrow keys move by one, Up and Down by a row. */
const COLUMNS = 6;

type EmojiPickerProps = {
  /** Called with the chosen emoji; the picker closes and the caller puts the focus where the emoji went. */
  onPick: (emoji: string) => void;
  disabled?: boolean;
};

/**
 * A button that opens a grid of the 29 emojis (seed §9). Each is a real button named for screen
 * readers; focus moves into the grid on opening, arrow keys move within it, and Escape or a
 * click elsewhere closes it, giving the focus back to the button.
 */
export function EmojiPicker({ onPick, disabled }: EmojiPickerProps) {
  const [open, setOpen] = useState(false);
  const gridId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector("button")?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !trigger.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOnOutside);
    return () => document.removeEventListener("pointerdown", closeOnOutside);
  }, [open]);

  function onGridKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      trigger.current?.focus();
      return;
    }
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS }[event.key];
    if (step === undefined) return;
    const buttons = [...(panel.current?.querySelectorAll("button") ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[index + step];
    if (index === -1 || next === undefined) return;
    event.preventDefault();
    next.focus();
  }

  return (
    <div className="relative shrink-0">
      <IconButton
        ref={trigger}
        label="Insert emoji"
        title="Insert emoji"
        size="lg"
        aria-expanded={open}
        aria-controls={open ? gridId : undefined}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        // Open, it keeps the accent look of a pressed toggle.
        className="aria-expanded:bg-accent-soft aria-expanded:text-accent-fg"
      >
        <SmilePlus aria-hidden className="size-5" />
      </IconButton>
      {open && (
        <div
          ref={panel}
          id={gridId}
          role="dialog"
          aria-label="Emojis"
          onKeyDown={onGridKeyDown}
          className="absolute bottom-full left-0 z-20 mb-2 grid w-max grid-cols-6 gap-0.5 rounded-2xl border border-line bg-surface p-2 shadow-xl"
        >
          {EMOJIS.map(({ emoji, name }) => (
            <button
              key={emoji}
              type="button"
              aria-label={name}
              title={name}
              onClick={() => {
                setOpen(false);
                onPick(emoji);
              }}
              className="inline-flex size-11 items-center justify-center rounded-lg text-2xl leading-none transition hover:bg-surface-muted focus-visible:bg-accent-soft focus-ring"
            >
              {emoji}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
