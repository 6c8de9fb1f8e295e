import { useCallback, useEffect, useRef, useState } from "react";
import type { Deck, Side } from "@convex/shared/duma/cards";
import { newGame, swipe, type GameState } from "@convex/shared/duma/engine";

export type Leaving = { side: Side; delayMs: number };

type Options = {
  /** Called as the swipe starts (the sound). */
  onSwipeStart?: (side: Side) => void;
  /** Called once when a swipe ends the world, with the state that shows the ending. */
  onEnding?: (state: GameState) => void;
};

/**
 * A game of Duma on screen: the engine's state, plus the short moment between a gesture and
 * its swipe while the card leaves (one swipe at a time; gestures meanwhile are ignored).
 * A new deck starts a new game.
 */
export function useDumaGame(deck: Deck, { onSwipeStart, onEnding }: Options = {}) {
  const [state, setState] = useState<GameState>(newGame);
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const [turn, setTurn] = useState(0);
  const stateRef = useRef(state);
  const leavingRef = useRef<Leaving | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const callbacks = useRef({ onSwipeStart, onEnding });

  const [playedDeck, setPlayedDeck] = useState(deck);
  if (playedDeck !== deck) {
    // A saved or reset deck: the old game's cards no longer exist, so begin again.
    setPlayedDeck(deck);
    setState(newGame());
    setLeaving(null);
    setTurn((current) => current + 1);
  }

  useEffect(() => {
    stateRef.current = state;
    leavingRef.current = leaving;
    callbacks.current = { onSwipeStart, onEnding };
  });

  useEffect(() => {
    clearTimeout(timer.current);
    leavingRef.current = null;
  }, [deck]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const requestSwipe = useCallback(
    (side: Side, delayMs: number) => {
      if (leavingRef.current) return;
      const next: Leaving = { side, delayMs };
      leavingRef.current = next;
      setLeaving(next);
      callbacks.current.onSwipeStart?.(side);
      timer.current = setTimeout(() => {
        const wasEnding = stateRef.current.ending !== null;
        const after = swipe(stateRef.current, side, deck);
        stateRef.current = after;
        leavingRef.current = null;
        setState(after);
        setLeaving(null);
        setTurn((current) => current + 1);
        if (after.ending && !wasEnding) callbacks.current.onEnding?.(after);
      }, delayMs);
    },
    [deck],
  );

  return {
    state,
    /** The swipe under way, while the card leaves; null when a gesture may start one. */
    leaving,
    /** Goes up with every card shown, so each card is a fresh element (it starts centred). */
    turn,
    requestSwipe,
  };
}
