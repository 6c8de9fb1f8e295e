import { useLayoutEffect, type RefObject } from "react";

/**
 * Giving the keyboard focus back after what had it is gone: a dialog's opener deleted with its
 * item, or a "Load more" button that vanished once everything was loaded. Without this the focus
 * falls to the page body and a keyboard user starts again from the top.
 */

/** The element and its ancestors up to the body, nearest first (record it while it is on the page). */
export function focusPath(element: Element | null): HTMLElement[] {
  const path: HTMLElement[] = [];
  for (let node = element; node instanceof HTMLElement && node !== document.body; node = node.parentElement) {
    path.push(node);
  }
  return path;
}

/**
 * Focuses the first element of `path` still on the page that takes the focus (a control, or an
 * element given a tabindex, such as a message history or a comment list); nothing when none does.
 */
export function focusNearestRemaining(path: readonly HTMLElement[]): void {
  path.find((element) => element.isConnected && (element.tabIndex >= 0 || element.hasAttribute("tabindex")))?.focus();
}

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
