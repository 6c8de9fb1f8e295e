import { clsx } from "clsx";
import { submitShortcutLabel } from "@/lib/keyboard-shortcuts";

type ShortcutHintProps = {
  /**
   * What the keys do: "send" reads "Ctrl+Enter to send" (⌘+Enter on Apple devices), the rule of
   * every multi-line field (TextArea). Or the whole text, for the composers' rule: "Enter to send,
   * Shift+Enter for a new line".
   */
  action?: string;
  text?: string;
  /** For a field's aria-describedby. */
  id?: string;
  className?: string;
};

/**
 * The keyboard shortcut of a form, in small print beside its submit button. Hidden on touch
 * screens, whose on-screen keyboards have no Ctrl or ⌘; screen readers get the shortcut from the
 * field's `aria-keyshortcuts` as well.
 */
export function ShortcutHint({ action = "send", text, id, className }: ShortcutHintProps) {
  return (
    <p id={id} className={clsx("text-xs text-fg-subtle pointer-coarse:hidden", className)}>
      {text ?? `${submitShortcutLabel()} to ${action}`}
    </p>
  );
}
