import { clsx } from "clsx";
import { ThumbsDown, ThumbsUp, RotateCcw } from "lucide-react";
import type { Card, EndingCard, Side } from "../../../../convex/lib/duma/cards";
import { isStoryCard } from "../../../../convex/lib/duma/engine";
import { effectSummary } from "../effect-summary";

type SwipeButtonsProps = {
  card: Card | EndingCard;
  disabled: boolean;
  onSwipe: (side: Side) => void;
  /** Hovering or focusing a button previews its side, as leaning the card does. */
  onLean: (side: Side | null) => void;
};

/** No and Yes as real buttons, for people who cannot or would rather not drag. */
export function SwipeButtons({ card, disabled, onSwipe, onLean }: SwipeButtonsProps) {
  if (!isStoryCard(card)) {
    return (
      <div className="flex justify-center">
        <button
          type="button"
          disabled={disabled}
          onClick={() => onSwipe("yes")}
          className="inline-flex min-h-12 items-center gap-2 rounded-full bg-stone-800 px-6 font-semibold text-white shadow hover:bg-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60"
        >
          <RotateCcw aria-hidden className="size-5" />
          Begin again
        </button>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-2 gap-3">
      {(["no", "yes"] as const).map((side) => {
        const Icon = side === "yes" ? ThumbsUp : ThumbsDown;
        const descriptionId = `duma-${side}-effect`;
        return (
          <div key={side}>
            <button
              type="button"
              disabled={disabled}
              aria-describedby={descriptionId}
              onClick={() => onSwipe(side)}
              onPointerEnter={() => onLean(side)}
              onPointerLeave={() => onLean(null)}
              onFocus={() => onLean(side)}
              onBlur={() => onLean(null)}
              className={clsx(
                "inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full px-4 font-semibold text-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60",
                side === "yes"
                  ? "bg-emerald-700 hover:bg-emerald-800 focus-visible:outline-emerald-600"
                  : "bg-red-700 hover:bg-red-800 focus-visible:outline-red-600",
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
