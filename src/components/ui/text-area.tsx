import { useId } from "react";
import { Field, fieldControlClass } from "./field";
import type { TextFieldProps } from "./text-field";

type TextAreaProps = Omit<TextFieldProps, "type" | "autoComplete"> & {
  rows: number;
  /** Off for text that is not prose (JSON). */
  spellCheck?: boolean;
  /** Added to the control's classes: its height or font (`font-mono`), never its colours. */
  className?: string;
};

/** A labelled, vertically resizable textarea, with the same rules and counter as TextField. */
export function TextArea({
  label,
  value,
  onChange,
  required = false,
  maxLength,
  counter,
  rows,
  className,
  ...rest
}: TextAreaProps) {
  const id = useId();
  const count =
    counter && maxLength !== undefined ? { length: value.length, max: maxLength, id: `${id}-count` } : undefined;
  return (
    <Field id={id} label={label} required={required} count={count}>
      <textarea
        {...rest}
        id={id}
        rows={rows}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        data-autofocus={rest.autoFocus || undefined}
        aria-required={required || undefined}
        aria-describedby={count?.id}
        className={[fieldControlClass, "resize-y", className].filter(Boolean).join(" ")}
      />
    </Field>
  );
}
