import { animate, motion, useMotionValue, useMotionValueEvent, useTransform, type PanInfo } from "framer-motion";
import { useEffect, useState } from "react";
import type { Card, EndingCard, Side } from "@convex/shared/duma/cards";
import type { Leaving } from "../hooks/use-duma-game";
import { swipeThresholdPx, TOUCH_SWIPE_DELAY_MS } from "../swipe-rules";
import { CARD_CLASS, CardFace, tintColors } from "./card-face";

/** How far a drag goes before the card counts as leaning (preview shown). */
const LEAN_PX = 24;

type SwipeCardProps = {
  card: Card | EndingCard;
  leaving: Leaving | null;
  reducedMotion: boolean;
  /** A drag released past the threshold. */
  onDragSwipe: (side: Side, delayMs: number) => void;
  /** The side the player leans toward while dragging (null when centred). */
  onLean: (side: Side | null) => void;
  /** Fade and grow in (a new card); false when taking over from the still card. */
  enter?: boolean;
};

/**
 * The card on the table. Drag it sideways: it tilts and tints toward the yes or no colour,
 * past 30 % of half the screen width it flies out on release, short of that it springs back.
 * With reduced motion it does not tilt, spring or fly; the tint alone shows the choice.
 */
export default function SwipeCard({ card, leaving, reducedMotion, onDragSwipe, onLean, enter = true }: SwipeCardProps) {
  const x = useMotionValue(0);
  const [threshold, setThreshold] = useState(() => swipeThresholdPx(window.innerWidth));
  const [lean, setLean] = useState<Side | null>(null);
  const rotate = useTransform(x, [-threshold * 3, 0, threshold * 3], reducedMotion ? [0, 0, 0] : [-14, 0, 14]);
  const yesTint = useTransform(x, [0, threshold], [0, 0.55]);
  const noTint = useTransform(x, [-threshold, 0], [0.55, 0]);
  const colors = tintColors(card);
  const shownLean = leaving?.side ?? lean;

  useEffect(() => {
    const onResize = () => setThreshold(swipeThresholdPx(window.innerWidth));
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);

  useMotionValueEvent(x, "change", (latest) => {
    const next = latest > LEAN_PX ? "yes" : latest < -LEAN_PX ? "no" : null;
    if (next !== lean) {
      setLean(next);
      onLean(next);
    }
  });

  useEffect(() => {
    if (!leaving) return;
    const direction = leaving.side === "yes" ? 1 : -1;
    if (reducedMotion) return;
    const controls = animate(x, direction * (window.innerWidth * 0.6 + 200), {
      duration: leaving.delayMs / 1000,
      ease: "easeIn",
    });
    return () => controls.stop();
  }, [leaving, reducedMotion, x]);

  function onDragEnd(_event: MouseEvent | TouchEvent | PointerEvent, info: PanInfo) {
    const offset = info.offset.x;
    if (Math.abs(offset) > threshold) {
      onDragSwipe(offset > 0 ? "yes" : "no", TOUCH_SWIPE_DELAY_MS);
    } else {
      void animate(x, 0, reducedMotion ? { duration: 0 } : { type: "spring", stiffness: 500, damping: 32 });
    }
  }

  return (
    <motion.article
      aria-labelledby="duma-card-title"
      drag={leaving ? false : "x"}
      dragMomentum={false}
      onDragEnd={onDragEnd}
      style={{ x, rotate }}
      initial={reducedMotion || !enter ? false : { opacity: 0, scale: 0.94 }}
      animate={{ opacity: 1, scale: 1 }}
      transition={{ duration: 0.18 }}
      className={CARD_CLASS}
      data-testid="duma-card"
    >
      <CardFace
        card={card}
        shownLean={shownLean}
        tints={
          <>
            <motion.div
              aria-hidden
              className="pointer-events-none absolute inset-0"
              style={{
                backgroundColor: colors.yes,
                opacity: reducedMotion && leaving?.side === "yes" ? 0.55 : yesTint,
              }}
            />
            <motion.div
              aria-hidden
              className="pointer-events-none absolute inset-0"
              style={{ backgroundColor: colors.no, opacity: reducedMotion && leaving?.side === "no" ? 0.55 : noTint }}
            />
          </>
        }
      />
    </motion.article>
  );
}
