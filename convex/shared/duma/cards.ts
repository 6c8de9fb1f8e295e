/**
 * The Duma card shape (seed §3) and the rules a player's own deck must follow. Shared by the
 * game, the card editor (which checks before sending) and convex/duma.ts (which checks again,
 * because the editor is only a courtesy).
 */
import { v, type Infer } from "convex/values";

export const ELEMENTS = ["air", "earth", "fire", "water"] as const;
export type Element = (typeof ELEMENTS)[number];
export type Side = "yes" | "no";

export const effectValidator = v.object({
  air: v.number(),
  fire: v.number(),
  water: v.number(),
  earth: v.number(),
  /** Days added to the time counter. */
  time: v.number(),
  /** What the time counter is counting from now on, e.g. "Since the first spark". */
  timeLabel: v.string(),
});

export const cardValidator = v.object({
  id: v.string(),
  image: v.string(),
  title: v.string(),
  question: v.string(),
  effects: v.object({ yes: effectValidator, no: effectValidator }),
  description: v.object({ yes: v.string(), no: v.string() }),
  color: v.object({ yes: v.string(), no: v.string() }),
  /** Kept for the original's card shape; the Duma theme plays under /duma whatever it says. */
  music: v.optional(v.string()),
});

export const endingValidator = v.object({
  /** "<element>_0" or "<element>_100": the element and the bound that ends the game. */
  id: v.string(),
  title: v.string(),
  question: v.string(),
  image: v.optional(v.string()),
  music: v.optional(v.string()),
});

export type Effect = Infer<typeof effectValidator>;
export type Card = Infer<typeof cardValidator>;
export type EndingCard = Infer<typeof endingValidator>;
export type Deck = { cards: Card[]; endings: EndingCard[] };

/** Limits on a player's own deck (the server stores it in one document). */
export const DECK_LIMITS = {
  /** Characters of each of the two JSON texts. */
  jsonChars: 100_000,
  cards: 100,
  endings: 8,
  id: 60,
  title: 120,
  question: 500,
  description: 200,
  timeLabel: 80,
  url: 2048,
  /** An element effect moves a meter by at most its whole range. */
  effect: 100,
  /** Days one swipe may add: a billion years. */
  time: 365_000_000_000,
} as const;

export const ARRAYS_REQUIRED = "Flashcards must be arrays";
export const SAVE_ERROR_PREFIX = "Error saving flashcards: ";

/** A deck problem, with a message fit to show after "Error saving flashcards: ". */
export class DeckError extends Error {}

const ENDING_ID = /^(air|earth|fire|water)_(0|100)$/;
const CARD_ID = /^[A-Za-z0-9_-]+$/;
const COLOR = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30}|(rgb|hsl)a?\([0-9.,%\s/]+\))$/;

export function endingId(element: Element, bound: 0 | 100): string {
  return `${element}_${bound}`;
}

/**
 * Parses the editor's two JSON texts into a deck, or throws a DeckError naming the first
 * problem ("Flashcards must be arrays" when either text is not an array, as in the original).
 */
export function parseDeckJson(cardsJson: string, endingsJson: string): Deck {
  if (cardsJson.length > DECK_LIMITS.jsonChars || endingsJson.length > DECK_LIMITS.jsonChars) {
    throw new DeckError(`Each text may be at most ${DECK_LIMITS.jsonChars.toLocaleString("en")} characters`);
  }
  const cards = parseJson(cardsJson, "cards");
  const endings = parseJson(endingsJson, "endings");
  return validateDeck(cards, endings);
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : "invalid JSON";
    throw new DeckError(`The ${what} are not valid JSON (${reason})`);
  }
}

/** Checks already-parsed values against the card shape; returns copies holding only known fields. */
export function validateDeck(cards: unknown, endings: unknown): Deck {
  if (!Array.isArray(cards) || !Array.isArray(endings)) throw new DeckError(ARRAYS_REQUIRED);
  if (cards.length === 0) throw new DeckError("The deck needs at least one card");
  if (cards.length > DECK_LIMITS.cards) throw new DeckError(`A deck may have at most ${DECK_LIMITS.cards} cards`);
  if (endings.length > DECK_LIMITS.endings) {
    throw new DeckError(`There are only ${DECK_LIMITS.endings} endings (one per element at 0 and at 100)`);
  }
  const checkedCards = cards.map((card, index) => checkCard(card, `Card ${index + 1}`));
  unique(
    checkedCards.map((card) => card.id),
    "card",
  );
  const checkedEndings = endings.map((ending, index) => checkEnding(ending, `Ending ${index + 1}`));
  unique(
    checkedEndings.map((ending) => ending.id),
    "ending",
  );
  return { cards: checkedCards, endings: checkedEndings };
}

function unique(ids: string[], what: string): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new DeckError(`Two ${what}s have the id "${id}"`);
    seen.add(id);
  }
}

type Fields = Record<string, unknown>;

function object(value: unknown, where: string): Fields {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new DeckError(`${where} must be an object`);
  }
  return value as Fields;
}

function text(fields: Fields, key: string, where: string, max: number, { required = true } = {}): string {
  const value = fields[key];
  if (typeof value !== "string") throw new DeckError(`${where}: "${key}" must be text`);
  if (required && value.trim() === "") throw new DeckError(`${where}: "${key}" must not be empty`);
  if (value.length > max) throw new DeckError(`${where}: "${key}" may be at most ${max} characters`);
  return value;
}

function optionalText(fields: Fields, key: string, where: string, max: number): string | undefined {
  return fields[key] === undefined ? undefined : text(fields, key, where, max, { required: false });
}

function number(fields: Fields, key: string, where: string, min: number, max: number): number {
  const value = fields[key];
  if (typeof value !== "number" || !Number.isFinite(value)) throw new DeckError(`${where}: "${key}" must be a number`);
  if (value < min || value > max) throw new DeckError(`${where}: "${key}" must be between ${min} and ${max}`);
  return value;
}

/** Card art and music: a path on this site ("/duma/…") or an https address, never script or inline data. */
function address(fields: Fields, key: string, where: string, { required = true } = {}): string | undefined {
  const value = required
    ? text(fields, key, where, DECK_LIMITS.url)
    : optionalText(fields, key, where, DECK_LIMITS.url);
  if (value === undefined || value === "") return value;
  if (value.startsWith("/") && !value.startsWith("//")) return value;
  if (/^https:\/\/[^\s]+$/.test(value)) return value;
  throw new DeckError(`${where}: "${key}" must be a path starting with / or an https address`);
}

function color(fields: Fields, key: string, where: string): string {
  const value = text(fields, key, where, 60);
  if (!COLOR.test(value.trim())) throw new DeckError(`${where}: "${key}" must be a colour such as #2f855a`);
  return value.trim();
}

function checkEffect(value: unknown, where: string): Effect {
  const fields = object(value, where);
  const limit = DECK_LIMITS.effect;
  return {
    air: number(fields, "air", where, -limit, limit),
    fire: number(fields, "fire", where, -limit, limit),
    water: number(fields, "water", where, -limit, limit),
    earth: number(fields, "earth", where, -limit, limit),
    time: number(fields, "time", where, 0, DECK_LIMITS.time),
    timeLabel: text(fields, "timeLabel", where, DECK_LIMITS.timeLabel),
  };
}

function checkCard(value: unknown, where: string): Card {
  const fields = object(value, where);
  const id = text(fields, "id", where, DECK_LIMITS.id);
  if (!CARD_ID.test(id)) throw new DeckError(`${where}: "id" may hold only letters, digits, - and _`);
  const effects = object(fields.effects, `${where} ("${id}"): "effects"`);
  const description = object(fields.description, `${where} ("${id}"): "description"`);
  const colors = object(fields.color, `${where} ("${id}"): "color"`);
  const named = `${where} ("${id}")`;
  const music = address(fields, "music", named, { required: false });
  return {
    id,
    image: address(fields, "image", named) ?? "",
    title: text(fields, "title", named, DECK_LIMITS.title),
    question: text(fields, "question", named, DECK_LIMITS.question),
    effects: { yes: checkEffect(effects.yes, `${named} yes`), no: checkEffect(effects.no, `${named} no`) },
    description: {
      yes: text(description, "yes", `${named} description`, DECK_LIMITS.description, { required: false }),
      no: text(description, "no", `${named} description`, DECK_LIMITS.description, { required: false }),
    },
    color: { yes: color(colors, "yes", `${named} color`), no: color(colors, "no", `${named} color`) },
    ...(music ? { music } : {}),
  };
}

function checkEnding(value: unknown, where: string): EndingCard {
  const fields = object(value, where);
  const id = text(fields, "id", where, DECK_LIMITS.id);
  if (!ENDING_ID.test(id)) {
    throw new DeckError(`${where}: "id" must name an element and a bound, such as fire_100 or water_0`);
  }
  const named = `${where} ("${id}")`;
  const image = address(fields, "image", named, { required: false });
  const music = address(fields, "music", named, { required: false });
  return {
    id,
    title: text(fields, "title", named, DECK_LIMITS.title),
    question: text(fields, "question", named, DECK_LIMITS.question),
    ...(image ? { image } : {}),
    ...(music ? { music } : {}),
  };
}
