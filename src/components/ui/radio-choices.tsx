import { clsx } from "clsx";
import type { ReactNode } from "react";

type RadioChoicesProps<Value extends string> = {
  /** The group's name for screen readers and the form, e.g. "reason". */
  name: string;
  legend: ReactNode;
  choices: readonly Value[];
  labels: Record<Value, string>;
  value: Value | null;
  onChange: (value: Value) => void;
  /** Two columns from the start; by default one on a phone and two from `sm` up. */
  twoColumnsOnPhones?: boolean;
};

/** One choice from a short list, as radio buttons in a fieldset, the chosen one highlighted. */
export function RadioChoices<Value extends string>({
  name,
  legend,
  choices,
  labels,
  value,
  onChange,
  twoColumnsOnPhones = false,
}: RadioChoicesProps<Value>) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-fg">{legend}</legend>
      <div className={clsx("mt-2 grid gap-1", twoColumnsOnPhones ? "grid-cols-2" : "sm:grid-cols-2")}>
        {choices.map((choice) => (
          <label
            key={choice}
            className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm text-fg hover:bg-canvas has-[:checked]:bg-accent-soft has-[:checked]:font-medium"
          >
            <input
              type="radio"
              name={name}
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
              className="size-4 accent-accent"
            />
            {labels[choice]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
