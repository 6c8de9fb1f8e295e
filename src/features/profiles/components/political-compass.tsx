import { useRef, type KeyboardEvent, type PointerEvent } from "react";
import { economicLabel, movedByKey, pointAt, socialLabel, type CompassPoint } from "../compass";

type PoliticalCompassProps = {
  value: CompassPoint;
  /** Makes the point movable (the owner's edit mode); without it the compass only shows. */
  onChange?: (point: CompassPoint) => void;
};

const QUADRANTS = [
  "top-0 left-0 bg-compass-left-auth", // Left, Authoritarian
  "top-0 right-0 bg-compass-right-auth", // Right, Authoritarian
  "bottom-0 left-0 bg-compass-left-lib", // Left, Libertarian
  "bottom-0 right-0 bg-compass-right-lib", // Right, Libertarian
];

/**
 * Seed §9's political compass: a square with economic (x, Left → Right) and social
 * (y, Libertarian → Authoritarian, upwards) axes. The owner drags the point with a mouse or a
 * finger, or focuses it and uses the arrow keys (Shift for steps of ten); the labels follow live.
 */
export function PoliticalCompass({ value, onChange }: PoliticalCompassProps) {
  const square = useRef<HTMLDivElement>(null);
  const editable = onChange !== undefined;
  const economic = economicLabel(value.x);
  const social = socialLabel(value.y);
  const description = `${economic} (${value.x}), ${social} (${value.y})`;

  function moveTo(event: PointerEvent<HTMLDivElement>) {
    const rect = square.current?.getBoundingClientRect();
    if (!rect || !onChange) return;
    onChange(pointAt(rect, event.clientX, event.clientY));
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (!editable || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    square.current?.querySelector<HTMLElement>("[role=slider]")?.focus();
    moveTo(event);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (editable && event.currentTarget.hasPointerCapture?.(event.pointerId)) moveTo(event);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = movedByKey(value, event.key, event.shiftKey);
    if (next === null || !onChange) return;
    event.preventDefault();
    onChange(next);
  }

  return (
    <figure className="space-y-2">
      <div className="mx-auto w-full max-w-72">
        <p className="text-center text-xs font-semibold tracking-wide text-fg-muted uppercase">Authoritarian</p>
        <div className="flex items-center gap-1.5">
          <span className="w-9 shrink-0 text-right text-xs font-semibold tracking-wide text-fg-muted uppercase">
            Left
          </span>
          <div
            ref={square}
            data-testid="compass-square"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            className={`relative aspect-square flex-1 overflow-hidden rounded-lg border border-line-strong ${editable ? "cursor-crosshair touch-none select-none" : ""}`}
            {...(editable ? {} : { role: "img", "aria-label": `Political compass: ${description}` })}
          >
            {QUADRANTS.map((position) => (
              <div key={position} aria-hidden className={`absolute size-1/2 ${position}`} />
            ))}
            <div aria-hidden className="absolute inset-y-0 left-1/2 w-px bg-fg-faint" />
            <div aria-hidden className="absolute inset-x-0 top-1/2 h-px bg-fg-faint" />
            <div
              {...(editable
                ? {
                    role: "slider",
                    tabIndex: 0,
                    "aria-label": "Political compass",
                    "aria-valuemin": 0,
                    "aria-valuemax": 100,
                    "aria-valuenow": value.x,
                    "aria-valuetext": description,
                    onKeyDown,
                  }
                : { "aria-hidden": true })}
              className="absolute size-5 -translate-x-1/2 translate-y-1/2 rounded-full border-2 border-surface bg-accent shadow-md ring-focus outline-none focus-visible:ring-4"
              style={{ left: `${value.x}%`, bottom: `${value.y}%` }}
            />
          </div>
          <span className="w-9 shrink-0 text-xs font-semibold tracking-wide text-fg-muted uppercase">Right</span>
        </div>
        <p className="text-center text-xs font-semibold tracking-wide text-fg-muted uppercase">Libertarian</p>
      </div>
      <figcaption className="text-center text-sm text-fg-secondary" aria-live={editable ? "polite" : undefined}>
        <span data-testid="compass-economic">
          Economic: <strong>{economic}</strong> ({value.x})
        </span>
        <span aria-hidden> · </span>
        <span data-testid="compass-social">
          Social: <strong>{social}</strong> ({value.y})
        </span>
      </figcaption>
      {editable && (
        <p className="text-center text-xs text-fg-subtle">Drag the point, or focus it and use the arrow keys.</p>
      )}
    </figure>
  );
}
