import { useId, type HTMLAttributes } from "react";
import { counterShown, Field, fieldControlClass, type FieldCount } from "./field";

export type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Marks the label with '*' (seed: "required where marked") and sets aria-required. */
  required?: boolean;
  maxLength?: number;
  /**
   * Shows "length/maxLength" under the field (needs `maxLength`): for a server's limit. A one-line
   * field shows it from 80 % of the limit; at the limit a line says so (see Field).
   */
  counter?: boolean;
  /** What the limit is about, plural where it reads better: "Titles can be at most 120 characters." Default: the label. */
  limitName?: string;
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
  limitName,
  type = "text",
  ...rest
}: TextFieldProps) {
  const id = useId();
  const count: FieldCount | undefined =
    counter && maxLength !== undefined
      ? { length: value.length, max: maxLength, id: `${id}-count`, always: false, name: limitName ?? label }
      : undefined;
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
        aria-describedby={counterShown(count) ? count.id : undefined}
        className={fieldControlClass}
      />
    </Field>
  );
}
