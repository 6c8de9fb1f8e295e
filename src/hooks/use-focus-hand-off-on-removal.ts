import { useLayoutEffect, type RefObject } from "react";
import { focusNearestRemaining, focusPath } from "@/lib/focus-return";

/**
 * When the element behind `ref` leaves the page with the focus inside it (a friend's row removed
 * by its own Unfriend button), the focus goes to the nearest enclosing element that takes it.
 * React runs a layout effect's cleanup before it takes the element off the page, so the focus
 * can still be seen there, and handed on before it falls to the page body.
 */
export function useFocusHandOffOnRemoval(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    return () => {
      if (element === null || !element.contains(document.activeElement)) return;
      const path = focusPath(element.parentElement);
      focusNearestRemaining(path);
      // That one may be leaving with it (a whole list going): then the next one still there.
      queueMicrotask(() => {
        const focused = document.activeElement;
        if (focused === null || focused === document.body) focusNearestRemaining(path);
      });
    };
  }, [ref]);
}
