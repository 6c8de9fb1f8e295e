/**
 * The one Enter rule of the app's text boxes. One-line composers (chat rooms, private messages):
 * Enter sends, Shift+Enter starts a new line. Multi-line fields (comments, descriptions, reports):
 * Enter starts a new line, Ctrl+Enter (⌘+Enter on Apple devices) submits the form.
 */

/** The keys of a keyboard event this module reads (a DOM KeyboardEvent has them all). */
type KeyPress = Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey" | "isComposing">;

type NavigatorWithHints = Navigator & { userAgentData?: { platform?: string } };

/** Whether this is a Mac, iPhone or iPad, where ⌘ does what Ctrl does elsewhere. */
export function isApplePlatform(): boolean {
  if (typeof navigator === "undefined") return false;
  const platform = (navigator as NavigatorWithHints).userAgentData?.platform || navigator.platform || "";
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** How the submit shortcut is written for this device: "Ctrl+Enter" or "⌘+Enter". */
export function submitShortcutLabel(): string {
  return isApplePlatform() ? "⌘+Enter" : "Ctrl+Enter";
}

/** The submit shortcut as `aria-keyshortcuts` spells it. */
export function submitShortcutKeys(): string {
  return isApplePlatform() ? "Meta+Enter" : "Control+Enter";
}

/**
 * Ctrl+Enter or ⌘+Enter (both work on every platform; the hint names the usual one). Enter while
 * an input method is composing a character belongs to the input method.
 */
export function isSubmitShortcut(event: KeyPress): boolean {
  return event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.isComposing;
}

/** Enter without Shift, in a one-line composer: send. Shift+Enter is left to make a new line. */
export function isEnterToSend(event: KeyPress): boolean {
  return event.key === "Enter" && !event.shiftKey && !event.altKey && !event.isComposing;
}
