import { timeDisplay, type GameState } from "@convex/shared/duma/engine";

/** The time counter: what it counts (the last card's label) and how long, or ∞ after an ending. */
export function TimeCounter({ state }: { state: GameState }) {
  return (
    <div className="text-center">
      <p className="text-xs font-semibold tracking-wide text-fg-muted uppercase">{state.timeLabel}</p>
      <p className="text-2xl font-bold text-fg tabular-nums sm:text-3xl" data-testid="duma-time">
        {timeDisplay(state)}
      </p>
    </div>
  );
}
