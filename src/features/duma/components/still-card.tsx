import { useEffect, useRef } from "react";
import type { Card, EndingCard, Side } from "@convex/shared/duma/cards";
import type { Leaving } from "../hooks/use-duma-game";
import { swipeThresholdPx, TOUCH_SWIPE_DELAY_MS } from "../swipe-rules";
import { CARD_CLASS, CardFace, tintColors } from "./card-face";

type StillCardProps = {
  card: Card | EndingCard;
  leaving: Leaving | null;
  /** A drag released past the threshold, as the draggable card reports it. */
  onDragSwipe: (side: Side, delayMs: number) => void;
};

/**
 * The card as the first paint shows it, before the draggable card (framer-motion, its own
 * chunk) has loaded: the same look, no motion. Drawing the screen does not wait for the drag
 * code. A drag made in that moment does not move the card, but still swipes when released past
 * the threshold, so no gesture is lost.
 */
export function StillCard({ card, leaving, onDragSwipe }: StillCardProps) {
  const colors = tintColors(card);
  const article = useRef<HTMLElement>(null);
  const swipe = useRef(onDragSwipe);
  useEffect(() => {
    swipe.current = onDragSwipe;
  });
  // A native listener: a press right as the draggable card takes over must still count.
  useEffect(() => {
    const element = article.current;
    if (element === null) return;
    const onPress = (event: PointerEvent) =>
      watchRelease(event.clientX, (side, delayMs) => swipe.current(side, delayMs));
    element.addEventListener("pointerdown", onPress);
    return () => element.removeEventListener("pointerdown", onPress);
  }, []);
  const tint = (side: Side) => (
    <div
      aria-hidden
      className="pointer-events-none absolute inset-0"
      style={{ backgroundColor: colors[side], opacity: leaving?.side === side ? 0.55 : 0 }}
    />
  );
  return (
    <article aria-labelledby="duma-card-title" className={CARD_CLASS} data-testid="duma-card" ref={article}>
      <CardFace
        card={card}
        shownLean={leaving?.side ?? null}
        tints={
          <>
            {tint("yes")}
            {tint("no")}
          </>
        }
      />
    </article>
  );
}

/** Swipes when the press that began at `startX` is released far enough to the side. */
function watchRelease(startX: number, onDragSwipe: StillCardProps["onDragSwipe"]): void {
  const release = (event: PointerEvent) => {
    window.removeEventListener("pointerup", release);
    window.removeEventListener("pointercancel", release);
    if (event.type !== "pointerup") return;
    const offset = event.clientX - startX;
    if (Math.abs(offset) > swipeThresholdPx(window.innerWidth)) {
      onDragSwipe(offset > 0 ? "yes" : "no", TOUCH_SWIPE_DELAY_MS);
    }
  };
  window.addEventListener("pointerup", release);
  window.addEventListener("pointercancel", release);
}
