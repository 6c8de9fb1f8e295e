/** The keys of a keydown this module reads (a DOM KeyboardEvent has them all). */
type KeyPress = Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey" | "isComposing"> & {
  target: EventTarget | null;
};

/**
 * "/" alone, or Ctrl+K / ⌘+K (either on every platform), pressed outside a text field: the way to
 * the search from anywhere. Typing "/" in a comment or Ctrl+K in a composer keeps its meaning.
 */
export function isSearchShortcut(event: KeyPress): boolean {
  if (event.isComposing || event.altKey || isTyping(event.target)) return false;
  // Shift is allowed with "/": some layouts (German, French) type it with Shift.
  if (event.key === "/") return !event.ctrlKey && !event.metaKey;
  const k = event.key === "k" || event.key === "K";
  return k && event.ctrlKey !== event.metaKey && !event.shiftKey;
}

/** A text field, text area, select or editable text has the focus (a checkbox counts too: rare, and it keeps this small). */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}
