import { useSyncExternalStore } from "react";

/** Tailwind's `sm` breakpoint: from here up a message shows its row of actions, below it one menu. */
const WIDE = "(min-width: 640px)";

let media: MediaQueryList | null | undefined;

/** One query list for every caller (a page of messages asks once per message). */
function wideMedia(): MediaQueryList | null {
  if (media === undefined) media = typeof window.matchMedia === "function" ? window.matchMedia(WIDE) : null;
  return media;
}

function subscribe(onChange: () => void): () => void {
  const list = wideMedia();
  list?.addEventListener("change", onChange);
  return () => list?.removeEventListener("change", onChange);
}

/**
 * Whether the window is at least `sm` wide, live. Where a CSS breakpoint would only hide one of two
 * variants, this renders just the one shown: a page of 40 messages otherwise built both their
 * action rows and their phone menus. Without matchMedia (tests' jsdom) it answers wide.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => wideMedia()?.matches ?? true);
}
