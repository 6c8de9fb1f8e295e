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

/** How long a focus given back keeps following its element's removal (see below). */
const FOLLOW_REMOVAL_MS = 5000;

/**
 * Focuses the first element of `path` still on the page that takes the focus (a control, or an
 * element given a tabindex, such as a message history or a comment list); nothing when none does.
 *
 * The element focused may still go a moment later: a dialog closes as soon as its delete is
 * done, while the list without the deleted item renders as a transition (query results do,
 * src/app/convex-client.ts). So for a few seconds, if it leaves the page while it has the focus,
 * the focus moves on to the next of its former ancestors that takes it.
 */
export function focusNearestRemaining(path: readonly HTMLElement[]): void {
  const index = path.findIndex(
    (element) => element.isConnected && (element.tabIndex >= 0 || element.hasAttribute("tabindex")),
  );
  const target = path[index];
  if (target === undefined) return;
  target.focus();
  if (document.activeElement !== target) return;
  const observer = new MutationObserver(() => {
    if (target.isConnected && document.activeElement === target) return;
    stop();
    // Removed while focused: the focus fell to the body. Gone elsewhere: the reader moved it.
    if (!target.isConnected && (document.activeElement === document.body || document.activeElement === null)) {
      focusNearestRemaining(path.slice(index + 1));
    }
  });
  const timer = setTimeout(() => stop(), FOLLOW_REMOVAL_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
}
