import { useId } from "react";

type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Marks the label with '*' (seed: "required where marked") and sets aria-required. */
  required?: boolean;
  /** Renders a textarea with this many rows instead of a one-line input. */
  rows?: number;
  maxLength?: number;
  placeholder?: string;
  /**
   * While a save runs: the text cannot change, but the field keeps the keyboard focus (a
   * `disabled` field would drop it to the page when Enter in it submits the form).
   */
  readOnly?: boolean;
  type?: "text" | "url" | "email";
  autoFocus?: boolean;
};

const fieldClass =
  "block w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-base shadow-sm placeholder:text-fg-faint focus:border-accent-line focus:outline-2 focus:outline-focus/30 read-only:bg-surface-muted read-only:text-fg-subtle sm:text-sm";

/** A labelled text input or textarea. Required-ness is checked by the form, not the browser, so seed messages show. */
export function TextField({
  label,
  value,
  onChange,
  required = false,
  rows,
  maxLength,
  placeholder,
  readOnly,
  type = "text",
  autoFocus,
}: TextFieldProps) {
  const id = useId();
  const common = {
    id,
    value,
    maxLength,
    placeholder,
    readOnly,
    autoFocus,
    // The Dialog starts on this field even when opened from another dialog (see Dialog).
    "data-autofocus": autoFocus || undefined,
    "aria-required": required || undefined,
    className: fieldClass,
  };
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-fg-secondary">
        {label}
        {required && <span aria-hidden>*</span>}
      </label>
      {rows ? (
        <textarea
          {...common}
          rows={rows}
          onChange={(event) => onChange(event.target.value)}
          className={`${fieldClass} resize-y`}
        />
      ) : (
        <input {...common} type={type} onChange={(event) => onChange(event.target.value)} />
      )}
    </div>
  );
}
