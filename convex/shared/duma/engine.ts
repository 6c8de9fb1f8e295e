/**
 * The rules of Duma (seed §4 and §9) as pure functions: a game state and a swipe give the next
 * state. No React and no clock, so the screen only draws a state and turns gestures into swipes,
 * and the server can replay a reign from its swipes to check a claimed record.
 */
import { ELEMENTS, endingId, type Card, type Deck, type Element, type EndingCard, type Side } from "./cards";

export const ELEMENT_START = 1;
export const ELEMENT_MIN = 0;
export const ELEMENT_MAX = 100;
export const INITIAL_TIME_LABEL = "Time before existence";
/** Shown instead of the time once an ending card is up. */
export const ENDLESS_TIME = "∞";
export const DAYS_PER_YEAR = 365;

export type Elements = Record<Element, number>;

export type GameState = {
  elements: Elements;
  /** Days since the game began (the time counter). */
  time: number;
  timeLabel: string;
  /** Position in the main deck; it wraps around, so the deck cycles. */
  cardIndex: number;
  /** The ending that replaced the deck, or null while the world lives. */
  ending: EndingCard | null;
  /** The swipes since the (re)start, "y" and "n", so a reign can be replayed. */
  swipes: string;
};

export function newGame(): GameState {
  return {
    elements: { air: ELEMENT_START, earth: ELEMENT_START, fire: ELEMENT_START, water: ELEMENT_START },
    time: 0,
    timeLabel: INITIAL_TIME_LABEL,
    cardIndex: 0,
    ending: null,
    swipes: "",
  };
}

export function clampElement(value: number): number {
  return Math.min(ELEMENT_MAX, Math.max(ELEMENT_MIN, value));
}

/** The card on the table: the ending when there is one, else the main deck's current card. */
export function currentCard(state: GameState, deck: Deck): Card | EndingCard {
  return state.ending ?? mainCard(state, deck);
}

export function mainCard(state: GameState, deck: Deck): Card {
  const card = deck.cards[state.cardIndex % deck.cards.length];
  if (!card) throw new Error("A Duma deck needs at least one card");
  return card;
}

/** A story card (with effects), as opposed to an ending. */
export function isStoryCard(card: Card | EndingCard): card is Card {
  return "effects" in card;
}

/**
 * Swipe right ("yes") or left ("no"). On a story card: that side's element effects (each
 * element clamped to 0–100), its days added, its time label set, then the next card. When an
 * element lands on 0 or 100 its ending replaces the deck; the swipe after an ending restarts.
 */
export function swipe(state: GameState, side: Side, deck: Deck): GameState {
  if (state.ending) return newGame();
  const effect = mainCard(state, deck).effects[side];
  const elements = { ...state.elements };
  for (const element of ELEMENTS) elements[element] = clampElement(elements[element] + effect[element]);
  const ended = endedElement(elements);
  return {
    elements,
    time: state.time + effect.time,
    timeLabel: effect.timeLabel,
    cardIndex: (state.cardIndex + 1) % deck.cards.length,
    ending: ended ? endingCard(deck, endingId(ended.element, ended.bound)) : null,
    swipes: state.swipes + (side === "yes" ? "y" : "n"),
  };
}

/** The first element (in the order air, earth, fire, water) sitting on a bound, if any. */
export function endedElement(elements: Elements): { element: Element; bound: 0 | 100 } | null {
  for (const element of ELEMENTS) {
    if (elements[element] <= ELEMENT_MIN) return { element, bound: 0 };
    if (elements[element] >= ELEMENT_MAX) return { element, bound: 100 };
  }
  return null;
}

/** The deck's ending with that id; a deck without one still ends, with a plain card. */
export function endingCard(deck: Deck, id: string): EndingCard {
  const found = deck.endings.find((ending) => ending.id === id);
  if (found) return found;
  const [element = "", bound = ""] = id.split("_");
  return {
    id,
    title: `${element.charAt(0).toUpperCase()}${element.slice(1)} at ${bound}`,
    question: "The world has ended. Swipe to begin again.",
  };
}

/** The time counter as shown: "∞" at an ending, else the days in days or years. */
export function timeDisplay(state: GameState): string {
  return state.ending ? ENDLESS_TIME : formatDays(state.time);
}

const wholeNumber = new Intl.NumberFormat("en", { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat("en", { maximumFractionDigits: 1 });

/** "1 day", "40 days", "12 years", "499,993 years", "2.5 million years". */
export function formatDays(days: number): string {
  if (days < DAYS_PER_YEAR) {
    const whole = Math.floor(days);
    return `${wholeNumber.format(whole)} ${whole === 1 ? "day" : "days"}`;
  }
  const years = Math.floor(days / DAYS_PER_YEAR);
  if (years < 1_000_000) return `${wholeNumber.format(years)} ${years === 1 ? "year" : "years"}`;
  if (years < 1_000_000_000) return `${oneDecimal.format(years / 1_000_000)} million years`;
  return `${oneDecimal.format(years / 1_000_000_000)} billion years`;
}

export type Reign = { days: number; endingId: string; swipes: number };

/**
 * Plays `swipes` ("y"/"n") from a new game. A reign is a game that reaches an ending on its
 * last swipe and not before; anything else returns null.
 */
export function replayReign(deck: Deck, swipes: string): Reign | null {
  if (!/^[yn]+$/.test(swipes)) return null;
  let state = newGame();
  for (const letter of swipes) {
    if (state.ending) return null;
    state = swipe(state, letter === "y" ? "yes" : "no", deck);
  }
  return state.ending ? { days: state.time, endingId: state.ending.id, swipes: swipes.length } : null;
}
