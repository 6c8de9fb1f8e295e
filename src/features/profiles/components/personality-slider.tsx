import { useId } from "react";

type PersonalitySliderProps = {
  /** The low and high ends, e.g. "Introvert" and "Extrovert". */
  low: string;
  high: string;
  value: number;
  /** Makes it an input (the owner's edit mode); without it the value only shows. */
  onChange?: (value: number) => void;
};

/** One of the two personality scales of seed §3 (0–100, 50 in the middle). */
export function PersonalitySlider({ low, high, value, onChange }: PersonalitySliderProps) {
  const id = useId();
  const name = `${low} – ${high}`;
  const valueText = `${value} of 100 (0 is ${low}, 100 is ${high})`;
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between text-sm font-medium text-fg-secondary">
        {onChange ? <label htmlFor={id}>{low}</label> : <span aria-hidden>{low}</span>}
        <span className="text-xs text-fg-subtle tabular-nums" aria-hidden>
          {value}
        </span>
        <span aria-hidden>{high}</span>
      </div>
      {onChange ? (
        <input
          id={id}
          type="range"
          min={0}
          max={100}
          step={1}
          value={value}
          aria-label={name}
          aria-valuetext={valueText}
          onChange={(event) => onChange(Number(event.target.value))}
          className="w-full accent-accent"
        />
      ) : (
        <div role="img" aria-label={`${name}: ${valueText}`} className="relative h-2 rounded-full bg-surface-strong">
          <div
            className="absolute inset-y-0 left-0 rounded-full bg-accent-soft-strong"
            style={{ width: `${value}%` }}
          />
          <div
            className="absolute top-1/2 size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-surface bg-accent shadow"
            style={{ left: `${value}%` }}
          />
        </div>
      )}
    </div>
  );
}
