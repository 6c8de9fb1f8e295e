import { useMutation } from "convex/react";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { useAudioState } from "@/hooks/use-audio";
import { api } from "@convex/_generated/api";
import type { Deck, Side } from "@convex/shared/duma/cards";
import { currentCard, formatDays, isStoryCard, timeDisplay, type GameState } from "@convex/shared/duma/engine";
import { useDumaGame } from "../hooks/use-duma-game";
import { useSwipeKeys } from "../hooks/use-swipe-keys";
import { playSwipeSound } from "../swipe-sound";
import { KEY_SWIPE_DELAY_MS } from "../swipe-rules";
import { ElementMeters } from "./element-meters";
import { usePrefersReducedMotion } from "../hooks/use-prefers-reduced-motion";
import { StillCard } from "./still-card";
import { SwipeButtons } from "./swipe-buttons";
import { TimeCounter } from "./time-counter";

// The draggable card brings framer-motion (most of this screen's code): it loads after the first
// paint, while the still card stands in.
const loadSwipeCard = () => import("./swipe-card");
type SwipeCardComponent = (typeof import("./swipe-card"))["default"];

type DumaGameProps = {
  deck: Deck;
  /** Reigns with the built-in story count for the leaderboard; with an own deck they do not. */
  countsForRecords: boolean;
  /** Keys stay off while the card editor is open. */
  keysEnabled: boolean;
  /** Shown under the elements and time (the player's longest reign). */
  aside?: ReactNode;
};

/** The table: elements, time, the card and its Yes/No controls. Draws the state, turns gestures into swipes. */
export function DumaGame({ deck, countsForRecords, keysEnabled, aside }: DumaGameProps) {
  const { volume } = useAudioState();
  const reducedMotion = usePrefersReducedMotion();

  const recordReign = useMutation(api.duma.recordReign);
  // A lean belongs to the card it was made on (its turn): the next card starts with none, even
  // when the last one's fly-out crossed the lean distance or a button kept the pointer or focus.
  const [lean, setLean] = useState<{ side: Side; turn: number } | null>(null);

  const onEnding = useCallback(
    (state: GameState) => {
      if (!countsForRecords) return;
      recordReign({ swipes: state.swipes })
        .then((result) => {
          if (result.isRecord) toast.success(`Your longest reign yet: ${formatDays(result.days)}!`);
        })
        .catch(() => toast.error("Your reign could not be saved. Please try again."));
    },
    [countsForRecords, recordReign],
  );

  const game = useDumaGame(deck, {
    onSwipeStart: () => playSwipeSound(volume),
    onEnding,
  });
  const card = currentCard(game.state, deck);
  const { requestSwipe, turn } = game;
  const live = useLiveCard(turn);
  const takeOver = live.takeOver;
  const onLean = useCallback((side: Side | null) => setLean(side && { side, turn }), [turn]);
  const keySwipe = useCallback((side: Side) => requestSwipe(side, KEY_SWIPE_DELAY_MS), [requestSwipe]);
  useSwipeKeys(keysEnabled, keySwipe);

  // The next card's picture is fetched while this one is up, so it never pops in after a swipe.
  const nextImage = isStoryCard(card) ? deck.cards[(game.state.cardIndex + 1) % deck.cards.length]?.image : undefined;
  useEffect(() => {
    if (nextImage) new Image().src = nextImage;
  }, [nextImage]);

  // A key or button swipe flies the card out, which the draggable card draws.
  const needsLiveCard = game.leaving !== null;
  useEffect(() => {
    if (needsLiveCard) takeOver();
  }, [needsLiveCard, takeOver]);

  const previewSide = game.leaving?.side ?? (lean?.turn === turn ? lean.side : null);
  const preview = previewSide && isStoryCard(card) ? card.effects[previewSide] : null;

  return (
    // Phones stack everything; wide screens put the elements and time beside the card, so the
    // card and its buttons fit on one screen.
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem] lg:grid-rows-[auto_1fr] lg:gap-x-8">
      <div className="space-y-4 lg:col-start-2 lg:row-start-1">
        <ElementMeters elements={game.state.elements} preview={preview} />
        <TimeCounter state={game.state} />
      </div>
      <div className="space-y-4 lg:col-start-1 lg:row-span-2 lg:row-start-1">
        {live.SwipeCard ? (
          <live.SwipeCard
            key={turn}
            card={card}
            leaving={game.leaving}
            reducedMotion={reducedMotion}
            onDragSwipe={requestSwipe}
            onLean={onLean}
            enter={!live.tookOverOn(turn)}
          />
        ) : (
          <StillCard card={card} leaving={game.leaving} onDragSwipe={requestSwipe} />
        )}
        <div className="mx-auto max-w-sm">
          <SwipeButtons card={card} disabled={game.leaving !== null} onSwipe={keySwipe} onLean={onLean} />
        </div>
        <p className="text-center text-sm text-fg-muted">
          Drag the card, or press <kbd className="font-sans font-semibold">←</kbd> /{" "}
          <kbd className="font-sans font-semibold">A</kbd> for no and <kbd className="font-sans font-semibold">→</kbd> /{" "}
          <kbd className="font-sans font-semibold">D</kbd> for yes.
        </p>
      </div>
      {aside && <div className="lg:col-start-2 lg:row-start-2">{aside}</div>}
      <p role="status" className="sr-only">
        {isStoryCard(card)
          ? `${card.title}. ${game.state.timeLabel}: ${timeDisplay(game.state)}.`
          : `The world has ended: ${card.title}. ${card.question}`}
      </p>
    </div>
  );
}

/**
 * The draggable card once its code has loaded (fetched when the browser is first idle, or at
 * once for a swipe by key or button, whose card flies out), with the turn it took over on.
 * Not React.lazy: a Suspense fallback swapped in and out would hide the card being pressed.
 */
function useLiveCard(turn: number) {
  const [live, setLive] = useState<{ SwipeCard: SwipeCardComponent; turn: number } | null>(null);
  const [wanted, setWanted] = useState(false);
  const takeOver = useCallback(() => setWanted(true), []);

  useEffect(() => {
    let cancelled = false;
    const load = () =>
      void loadSwipeCard().then(({ default: SwipeCard }) => {
        if (!cancelled) setLive((current) => current ?? { SwipeCard, turn });
      });
    if (wanted) load();
    else (window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1)))(load);
    return () => {
      cancelled = true;
    };
    // The turn is read when the code arrives; a new turn does not start another load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);

  return {
    SwipeCard: live?.SwipeCard ?? null,
    /** The card that takes over does not fade in again: it is the card already shown. */
    tookOverOn: (cardTurn: number) => live?.turn === cardTurn,
    takeOver,
  };
}
