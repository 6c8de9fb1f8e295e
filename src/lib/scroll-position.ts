/** How close to the bottom (in CSS pixels) still counts as "reading the newest messages". */
export const PINNED_THRESHOLD_PX = 80;

type ScrollMetrics = { scrollTop: number; scrollHeight: number; clientHeight: number };

/** Whether a scrolled box shows its end, give or take PINNED_THRESHOLD_PX. */
export function isNearBottom({ scrollTop, scrollHeight, clientHeight }: ScrollMetrics): boolean {
  return scrollHeight - scrollTop - clientHeight <= PINNED_THRESHOLD_PX;
}

export type HistoryChange = "first-load" | "newer" | "older" | "other";

/**
 * What happened to the loaded history between two renders, judged by the times of its oldest and
 * newest message: a newer message arrived (stay pinned or offer "New messages"), an older page
 * loaded above (keep the reader's place), or something else, such as a deletion (leave it).
 */
export function historyChange(
  before: { oldest: number; newest: number } | null,
  after: { oldest: number; newest: number },
): HistoryChange {
  if (before === null) return "first-load";
  if (after.newest > before.newest) return "newer";
  if (after.oldest < before.oldest) return "older";
  return "other";
}

/** What the history box does about a change: follow to the end, offer "New messages", keep the reader's place, or nothing. */
export type ScrollAction = "to-bottom" | "offer-new" | "keep-place" | "none";

/**
 * The pinned/new-messages rule: the first load and a newer message while the reader is at the
 * bottom (or the newest is their own, just sent) go to the end; a newer message while they read
 * further up leaves them there and offers "New messages"; an older page loaded above keeps what
 * they were reading in place.
 */
export function scrollAction(change: HistoryChange, pinned: boolean, newestIsMine: boolean): ScrollAction {
  if (change === "first-load") return "to-bottom";
  if (change === "newer") return pinned || newestIsMine ? "to-bottom" : "offer-new";
  if (change === "older") return "keep-place";
  return "none";
}
