import { useEffect } from "react";
import type { Side } from "@convex/shared/duma/cards";
import { sideForKey } from "../swipe-rules";

/**
 * ArrowRight/d and ArrowLeft/a anywhere on the page swipe the card, except while typing in a
 * field or with a dialog open (the card editor needs those keys).
 */
export function useSwipeKeys(enabled: boolean, onKeySwipe: (side: Side) => void) {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.altKey || event.ctrlKey || event.metaKey) return;
      const side = sideForKey(event.key);
      if (side === null || isTyping(event.target)) return;
      event.preventDefault();
      onKeySwipe(side);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [enabled, onKeySwipe]);
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('[role="dialog"]')) return true;
  return ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}
