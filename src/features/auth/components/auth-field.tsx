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
      <label htmlFor={id} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-stone-400 focus:border-brand-500 focus:outline-2 focus:outline-brand-500/30 disabled:bg-stone-100 sm:text-sm"
        {...input}
      />
    </div>
  );
}
