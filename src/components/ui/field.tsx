import type { ReactNode } from "react";

/** The look of a text input or textarea: one place for its border, focus and read-only colours. */
export const fieldControlClass =
  "block w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-base shadow-sm placeholder:text-fg-faint focus:border-accent-line focus:outline-2 focus:outline-focus/30 read-only:bg-surface-muted read-only:text-fg-subtle sm:text-sm";

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
