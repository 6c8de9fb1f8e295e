import { clsx } from "clsx";
import { ThumbsDown, ThumbsUp, RotateCcw } from "lucide-react";
import { useEffect, useRef, type FocusEvent } from "react";
import type { Card, EndingCard, Side } from "@convex/shared/duma/cards";
import { isStoryCard } from "@convex/shared/duma/engine";
import { effectSummary } from "../effect-summary";

type SwipeButtonsProps = {
  card: Card | EndingCard;
  disabled: boolean;
  onSwipe: (side: Side) => void;
  /** Hovering or focusing a button previews its side, as leaning the card does. */
  onLean: (side: Side | null) => void;
};

/**
 * No and Yes as real buttons, for people who cannot or would rather not drag; "Begin again" in
 * their place on an ending. While a card leaves, the buttons say they are disabled without the
 * `disabled` attribute, which would throw the keyboard focus out of the page; and when presses
 * here turn a story card into an ending or back, the focus goes on to the new main button.
 */
export function SwipeButtons({ card, disabled, onSwipe, onLean }: SwipeButtonsProps) {
  const groupRef = useRef<HTMLDivElement>(null);
  // The reader works these buttons: set by a press here, cleared when they move the focus elsewhere.
  const pressedHere = useRef(false);
  const press = (side: Side) => {
    pressedHere.current = true;
    if (!disabled) onSwipe(side);
  };
  const leaveGroup = (event: FocusEvent<HTMLDivElement>) => {
    const to = event.relatedTarget;
    if (to !== null && event.currentTarget.contains(to)) return;
    // A button taken away as the story turns to an ending (or back) loses the focus too: not the reader leaving.
    const from = event.target;
    queueMicrotask(() => {
      if (from.isConnected) pressedHere.current = false;
    });
  };

  const isStory = isStoryCard(card);
  useEffect(() => {
    const group = groupRef.current;
    if (!pressedHere.current || group === null || group.contains(document.activeElement)) return;
    group.querySelector<HTMLButtonElement>("[data-main-button]")?.focus();
  }, [isStory]);

  return (
    <div ref={groupRef} onBlur={leaveGroup}>
      {isStory ? (
        <StoryButtons card={card} disabled={disabled} onPress={press} onLean={onLean} />
      ) : (
        <div className="flex justify-center">
          <button
            type="button"
            data-main-button
            aria-disabled={disabled}
            onClick={() => press("yes")}
            className="inline-flex min-h-12 items-center gap-2 rounded-full bg-inverse px-6 font-semibold text-accent-contrast shadow hover:bg-inverse-strong focus-ring aria-disabled:opacity-60"
          >
            <RotateCcw aria-hidden className="size-5" />
            Begin again
          </button>
        </div>
      )}
    </div>
  );
}

type StoryButtonsProps = {
  card: Card;
  disabled: boolean;
  onPress: (side: Side) => void;
  onLean: (side: Side | null) => void;
};

function StoryButtons({ card, disabled, onPress, onLean }: StoryButtonsProps) {
  return (
    <div className="grid grid-cols-2 gap-3">
      {(["no", "yes"] as const).map((side) => {
        const Icon = side === "yes" ? ThumbsUp : ThumbsDown;
        const descriptionId = `duma-${side}-effect`;
        return (
          <div key={side}>
            <button
              type="button"
              data-main-button={side === "yes" ? true : undefined}
              aria-disabled={disabled}
              aria-describedby={descriptionId}
              onClick={() => onPress(side)}
              onPointerEnter={() => onLean(side)}
              onPointerLeave={() => onLean(null)}
              onFocus={() => onLean(side)}
              onBlur={() => onLean(null)}
              className={clsx(
                "inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full px-4 font-semibold text-accent-contrast shadow focus-ring aria-disabled:opacity-60",
                side === "yes"
                  ? "bg-duma-yes hover:bg-duma-yes-hover focus-visible:outline-duma-yes-ring"
                  : "bg-danger-solid hover:bg-danger-solid-hover focus-visible:outline-danger-ring",
              )}
            >
              {side === "no" && <Icon aria-hidden className="size-5" />}
              {side === "yes" ? "Yes" : "No"}
              {side === "yes" && <Icon aria-hidden className="size-5" />}
            </button>
            <p id={descriptionId} className="sr-only">
              {card.description[side]} {effectSummary(card.effects[side])}
            </p>
          </div>
        );
      })}
    </div>
  );
}
