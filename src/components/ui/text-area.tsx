import { useId, type KeyboardEvent } from "react";
import { isSubmitShortcut, submitShortcutKeys } from "@/lib/keyboard-shortcuts";
import { counterShown, Field, fieldControlClass, type FieldCount } from "./field";
import type { TextFieldProps } from "./text-field";

type TextAreaProps = Omit<TextFieldProps, "type" | "autoComplete"> & {
  rows: number;
  /** Off for text that is not prose (JSON). */
  spellCheck?: boolean;
  /** Added to the control's classes: its height or font (`font-mono`), never its colours. */
  className?: string;
};

/**
 * A labelled, vertically resizable textarea, with the same rules as TextField. With a `maxLength`
 * its counter is on by default and always shown (`counter={false}` hides it). Enter makes a new
 * line; Ctrl+Enter (⌘+Enter on Apple devices) submits its form, as the form's submit button would
 * (the form's handler still decides: blank or busy forms ignore it). Say so beside the submit
 * button with ShortcutHint.
 */
export function TextArea({
  label,
  value,
  onChange,
  required = false,
  maxLength,
  counter = true,
  limitName,
  rows,
  className,
  ...rest
}: TextAreaProps) {
  const id = useId();
  const count: FieldCount | undefined =
    counter && maxLength !== undefined
      ? { length: value.length, max: maxLength, id: `${id}-count`, always: true, name: limitName ?? label }
      : undefined;

  function submitOnShortcut(event: KeyboardEvent<HTMLTextAreaElement>) {
    const form = event.currentTarget.form;
    if (!form || !isSubmitShortcut(event.nativeEvent)) return;
    event.preventDefault();
    form.requestSubmit();
  }

  return (
    <Field id={id} label={label} required={required} count={count}>
      <textarea
        {...rest}
        id={id}
        rows={rows}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={submitOnShortcut}
        aria-keyshortcuts={submitShortcutKeys()}
        data-autofocus={rest.autoFocus || undefined}
        aria-required={required || undefined}
        aria-describedby={counterShown(count) ? count.id : undefined}
        className={[fieldControlClass, "resize-y", className].filter(Boolean).join(" ")}
      />
    </Field>
  );
}
