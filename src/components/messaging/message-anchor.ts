/**
 * Where a message is on the page: each message's element carries `id={messageAnchorId(id)}`, so a
 * reply's quote can scroll to its original when it is loaded, and light it up for a moment.
 */
export function messageAnchorId(messageId: string): string {
  return `message-${messageId}`;
}

/** How long the original stays lit after a jump to it. */
export const HIGHLIGHT_MS = 2_000;

/** The data attribute the highlight sets (styled by the message item: `data-[highlighted]:…`). */
const HIGHLIGHTED = "data-highlighted";

/**
 * Scrolls the message into the middle of its history and highlights it briefly. Returns false
 * when it is not on the page (an older page not loaded), for the caller to say so.
 */
export function jumpToMessage(messageId: string): boolean {
  const element = document.getElementById(messageAnchorId(messageId));
  if (element === null) return false;
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  element.scrollIntoView({ block: "center", behavior: reduceMotion ? "auto" : "smooth" });
  element.setAttribute(HIGHLIGHTED, "");
  window.setTimeout(() => element.removeAttribute(HIGHLIGHTED), HIGHLIGHT_MS);
  return true;
}
