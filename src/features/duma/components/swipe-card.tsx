import { animate, motion, useMotionValue, useMotionValueEvent, useTransform, type PanInfo } from "framer-motion";
import { useEffect, useState } from "react";
import type { Card, EndingCard, Side } from "@convex/shared/duma/cards";
import { isStoryCard } from "@convex/shared/duma/engine";
import type { Leaving } from "../hooks/use-duma-game";
import { swipeThresholdPx, TOUCH_SWIPE_DELAY_MS } from "../swipe-rules";

/** How far a drag goes before the card counts as leaning (preview shown). */
const LEAN_PX = 24;
const ENDING_COLOR = "var(--color-duma-ending)";

type SwipeCardProps = {
  card: Card | EndingCard;
  leaving: Leaving | null;
  reducedMotion: boolean;
  /** A drag released past the threshold. */
  onDragSwipe: (side: Side, delayMs: number) => void;
  /** The side the player leans toward while dragging (null when centred). */
  onLean: (side: Side | null) => void;
};

/**
 * The card on the table. Drag it sideways: it tilts and tints toward the yes or no colour,
 * past 30 % of half the screen width it flies out on release, short of that it springs back.
 * With reduced motion it does not tilt, spring or fly; the tint alone shows the choice.
 */
export function SwipeCard({ card, leaving, reducedMotion, onDragSwipe, onLean }: SwipeCardProps) {
  const x = useMotionValue(0);
  const [threshold, setThreshold] = useState(() => swipeThresholdPx(window.innerWidth));
  const [lean, setLean] = useState<Side | null>(null);
  const rotate = useTransform(x, [-threshold * 3, 0, threshold * 3], reducedMotion ? [0, 0, 0] : [-14, 0, 14]);
  const yesTint = useTransform(x, [0, threshold], [0, 0.55]);
  const noTint = useTransform(x, [-threshold, 0], [0.55, 0]);
  const story = isStoryCard(card) ? card : null;
  const colors = story ? story.color : { yes: ENDING_COLOR, no: ENDING_COLOR };
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
      initial={reducedMotion ? false : { opacity: 0, scale: 0.94 }}
      animate={{ opacity: 1, scale: 1 }}
      transition={{ duration: 0.18 }}
      className="relative mx-auto w-full max-w-sm cursor-grab touch-pan-y overflow-hidden rounded-3xl border border-line bg-surface shadow-lg select-none active:cursor-grabbing"
      data-testid="duma-card"
    >
      <div className="relative aspect-[16/10] bg-inverse-strong sm:aspect-[4/3]">
        <img src={card.image ?? "/duma/first-spark.svg"} alt="" draggable={false} className="size-full object-cover" />
        <motion.div
          aria-hidden
          className="pointer-events-none absolute inset-0"
          style={{ backgroundColor: colors.yes, opacity: reducedMotion && leaving?.side === "yes" ? 0.55 : yesTint }}
        />
        <motion.div
          aria-hidden
          className="pointer-events-none absolute inset-0"
          style={{ backgroundColor: colors.no, opacity: reducedMotion && leaving?.side === "no" ? 0.55 : noTint }}
        />
        {shownLean && (
          <p
            aria-hidden
            className="absolute inset-x-3 top-3 rounded-xl bg-surface/95 px-3 py-2 text-center text-sm font-semibold text-fg shadow"
          >
            <span className={shownLean === "yes" ? "text-success" : "text-danger"}>
              {shownLean === "yes" ? "Yes" : "No"}
            </span>
            {": "}
            {story ? story.description[shownLean] || (shownLean === "yes" ? "Yes" : "No") : "Begin again"}
          </p>
        )}
      </div>
      <div className="space-y-2 px-5 py-4">
        <h2 id="duma-card-title" className="text-lg font-bold text-fg">
          {card.title}
        </h2>
        <p className="text-fg-secondary">{card.question}</p>
      </div>
    </motion.article>
  );
}
