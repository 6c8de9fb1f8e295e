import { useId } from "react";
import { Field, selectControlClass } from "./field";

export type SelectOption<T extends string> = { value: T; label: string };

type SelectFieldProps<T extends string> = {
  label: string;
  value: T;
  onChange: (value: T) => void;
  /** In the order shown; the value of each is one of `T`, so `onChange` hands back a `T`. */
  options: readonly SelectOption<T>[];
  /** While a save runs (a select cannot be read-only). */
  disabled?: boolean;
};

/** A labelled select: the label above it, as for TextField, and the one look of a control. */
export function SelectField<T extends string>({ label, value, onChange, options, disabled }: SelectFieldProps<T>) {
  const id = useId();
  return (
    <Field id={id} label={label}>
      <select
        id={id}
        value={value}
        disabled={disabled}
        // The options' values are all `T`, so the chosen one is too.
        onChange={(event) => onChange(event.target.value as T)}
        className={selectControlClass}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
