import type { ReactNode } from "react";

/**
 * The colours of every control: border, fill, shadow, placeholder, the focus look and the invalid
 * look (`aria-invalid`), without its size, shape or place. Used whole by the classes below, and
 * alone by a control with a layout of its own (the chat composer, the feed's compact sort select).
 */
export const controlLookClass =
  "border border-line-strong bg-surface shadow-sm placeholder:text-fg-faint focus:border-accent-line focus:outline-2 focus:outline-focus/30 aria-invalid:border-danger-ring aria-invalid:focus:border-danger-ring aria-invalid:focus:outline-danger-ring/30";

/** The look of a text input or textarea: one place for its border, focus and read-only colours. */
export const fieldControlClass = `block w-full rounded-lg px-3 py-2 text-base sm:text-sm ${controlLookClass} read-only:bg-surface-muted read-only:text-fg-subtle`;

/**
 * The look of a select. Not `read-only:`, which every select matches; a disabled one (while a
 * form saves) looks like a read-only text field.
 */
export const selectControlClass = `block min-h-10 w-full rounded-lg px-3 text-base sm:text-sm ${controlLookClass} disabled:bg-surface-muted disabled:text-fg-subtle`;

type FieldProps = {
  id: string;
  label: string;
  /** Marks the label with '*' (seed: "required where marked"). */
  required?: boolean;
  /** The text's length against its limit, shown under the field as "12/1000". */
  count?: { length: number; max: number; id: string };
  children: ReactNode;
};

/** A field's label above its control and, when asked, the character counter below it. */
export function Field({ id, label, required, count, children }: FieldProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-fg-secondary">
        {label}
        {required && <span aria-hidden>*</span>}
      </label>
      {children}
      {count && (
        <p id={count.id} className="text-right text-xs text-fg-subtle tabular-nums">
          {count.length}/{count.max}
        </p>
      )}
    </div>
  );
}
