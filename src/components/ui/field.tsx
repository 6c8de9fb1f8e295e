import type { ReactNode } from "react";
import { formatCount } from "@/lib/format";

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

/**
 * A character counter: the text's length against the server's limit. Multi-line fields show it
 * all the time; one-line fields from 80 % of the limit on, where it starts to matter.
 */
export type FieldCount = {
  length: number;
  max: number;
  /** The counter's id, for the control's aria-describedby. */
  id: string;
  /** Multi-line: shown from the first character. */
  always: boolean;
  /** What the limit is about, for "Descriptions can be at most 5,000 characters." */
  name: string;
};

/** A one-line field's counter shows from this share of the limit on. */
export const COUNTER_FROM = 0.8;

/** Whether the counter is on screen (and so describes the control). */
export function counterShown(count: FieldCount | undefined): count is FieldCount {
  return count !== undefined && (count.always || count.length >= count.max * COUNTER_FROM);
}

type FieldProps = {
  id: string;
  label: string;
  /** Marks the label with '*' (seed: "required where marked"). */
  required?: boolean;
  /** The text's length against its limit, shown under the field as "12/1,000" (see FieldCount). */
  count?: FieldCount;
  children: ReactNode;
};

/**
 * A field's label above its control and, when asked, the character counter below it. At the limit
 * a line says so; it is a polite live region, empty until then, so screen readers hear it once
 * the limit is reached and not on every keystroke.
 */
export function Field({ id, label, required, count, children }: FieldProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-fg-secondary">
        {label}
        {required && <span aria-hidden>*</span>}
      </label>
      {children}
      {count && (
        <div className="flex items-start gap-3 text-xs">
          <p aria-live="polite" className="min-w-0 flex-1 font-medium text-warning">
            {count.length >= count.max ? `${count.name} can be at most ${formatCount(count.max)} characters.` : ""}
          </p>
          {counterShown(count) && (
            <p id={count.id} className="shrink-0 text-fg-subtle tabular-nums">
              {formatCount(count.length)}/{formatCount(count.max)}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
