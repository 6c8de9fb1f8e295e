import { useId, type HTMLAttributes } from "react";
import { Field, fieldControlClass } from "./field";

export type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Marks the label with '*' (seed: "required where marked") and sets aria-required. */
  required?: boolean;
  maxLength?: number;
  /** Shows "length/maxLength" under the field (needs `maxLength`). */
  counter?: boolean;
  placeholder?: string;
  /**
   * While a save runs: the text cannot change, but the field keeps the keyboard focus (a
   * `disabled` field would drop it to the page when Enter in it submits the form).
   */
  readOnly?: boolean;
  type?: "text" | "url" | "email" | "password";
  autoFocus?: boolean;
  /** What the browser may fill in ("email", "new-password", "one-time-code"…). */
  autoComplete?: string;
  /** The on-screen keyboard to offer ("numeric" for a code). */
  inputMode?: HTMLAttributes<HTMLElement>["inputMode"];
};

/** A labelled one-line text input. Required-ness is checked by the form, not the browser, so seed messages show. */
export function TextField({
  label,
  value,
  onChange,
  required = false,
  maxLength,
  counter,
  type = "text",
  ...rest
}: TextFieldProps) {
  const id = useId();
  const count =
    counter && maxLength !== undefined ? { length: value.length, max: maxLength, id: `${id}-count` } : undefined;
  return (
    <Field id={id} label={label} required={required} count={count}>
      <input
        {...rest}
        id={id}
        type={type}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        // The Dialog starts on this field even when opened from another dialog (see Dialog).
        data-autofocus={rest.autoFocus || undefined}
        aria-required={required || undefined}
        aria-describedby={count?.id}
        className={fieldControlClass}
      />
    </Field>
  );
}
