/** Seed §9: how far and how fast a gesture becomes a swipe. */

/** A drag counts once it passes this share of half the screen width. */
export const SWIPE_THRESHOLD = 0.3;
/** Keys (and the Yes/No buttons) swipe after this delay, while the card flies out. */
export const KEY_SWIPE_DELAY_MS = 100;
/** A released drag (touch, and the mouse alike) swipes after this delay. */
export const TOUCH_SWIPE_DELAY_MS = 300;

export function swipeThresholdPx(viewportWidth: number): number {
  return SWIPE_THRESHOLD * (viewportWidth / 2);
}

/** ArrowRight and d say yes, ArrowLeft and a say no (seed §4); anything else is not a swipe. */
export function sideForKey(key: string): "yes" | "no" | null {
  if (key === "ArrowRight" || key === "d" || key === "D") return "yes";
  if (key === "ArrowLeft" || key === "a" || key === "A") return "no";
  return null;
}
