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
