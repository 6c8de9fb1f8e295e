import { useId, type InputHTMLAttributes } from "react";

type AuthFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type: "email" | "password" | "text";
  autoComplete: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "inputMode" | "maxLength" | "autoFocus" | "placeholder" | "disabled">;

/**
 * A labelled input for the auth forms. The forms check values themselves (noValidate) so the
 * seed's own messages show instead of the browser's bubbles.
 */
export function AuthField({ label, value, onChange, ...input }: AuthFieldProps) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-fg-secondary">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-base shadow-sm placeholder:text-fg-faint focus:border-accent-line focus:outline-2 focus:outline-focus/30 disabled:bg-surface-muted sm:text-sm"
        {...input}
      />
    </div>
  );
}
