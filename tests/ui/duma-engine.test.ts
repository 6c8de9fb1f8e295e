import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ELEMENTS, type Card, type Deck, type Side } from "../../convex/shared/duma/cards";
import {
  ELEMENT_MAX,
  ELEMENT_MIN,
  currentCard,
  endedElement,
  formatDays,
  INITIAL_TIME_LABEL,
  newGame,
  replayReign,
  swipe,
  timeDisplay,
  type GameState,
} from "../../convex/shared/duma/engine";
import { STORY_DECK } from "../../convex/shared/duma/story";

function play(sides: Side[], deck: Deck = STORY_DECK, from: GameState = newGame()): GameState {
  return sides.reduce((state, side) => swipe(state, side, deck), from);
}

const YES4: Side[] = ["yes", "yes", "yes", "yes"];

/** A one-card deck whose sides move fire by the given amounts. */
function fireDeck(yesFire: number, noFire: number, time = 10): Deck {
  const side = (fire: number, label: string) => ({ air: 0, earth: 0, water: 0, fire, time, timeLabel: label });
  const card: Card = {
    id: "only",
    image: "/duma/first-spark.svg",
    title: "Only",
    question: "?",
    effects: { yes: side(yesFire, "Yes label"), no: side(noFire, "No label") },
    description: { yes: "", no: "" },
    color: { yes: "#000", no: "#fff" },
  };
  return { cards: [card], endings: STORY_DECK.endings };
}

describe("a new game", () => {
  test("starts every element at 1 and the time at 0 'Time before existence' on the first card", () => {
    const state = newGame();
    expect(state.elements).toEqual({ air: 1, earth: 1, fire: 1, water: 1 });
    expect(state.time).toBe(0);
    expect(state.timeLabel).toBe(INITIAL_TIME_LABEL);
    expect(timeDisplay(state)).toBe("0 days");
    expect(currentCard(state, STORY_DECK).id).toBe(STORY_DECK.cards[0]!.id);
  });
});

describe("a swipe", () => {
  test("right applies the card's yes effects, adds its days and sets its time label", () => {
    const first = STORY_DECK.cards[0]!;
    const state = swipe(newGame(), "yes", STORY_DECK);
    expect(state.elements.fire).toBe(1 + first.effects.yes.fire);
    expect(state.time).toBe(first.effects.yes.time);
    expect(state.timeLabel).toBe(first.effects.yes.timeLabel);
    expect(currentCard(state, STORY_DECK).id).toBe(STORY_DECK.cards[1]!.id);
  });

  test("left applies the no effects: the first card's no puts out the fire and ends the world (fire_0)", () => {
    const state = swipe(newGame(), "no", STORY_DECK);
    expect(state.elements.fire).toBe(0);
    expect(state.ending?.id).toBe("fire_0");
    expect(currentCard(state, STORY_DECK).title).toBe("The Cold Dark");
    expect(timeDisplay(state)).toBe("∞");
  });

  test("the four opening yeses bring every element to 50", () => {
    expect(play(YES4).elements).toEqual({ air: 50, earth: 50, fire: 50, water: 50 });
  });

  test("clamps elements at 100 and names the element_100 ending", () => {
    const state = play(["yes", "yes"], fireDeck(60, 0));
    expect(state.elements.fire).toBe(100);
    expect(state.ending?.id).toBe("fire_100");
  });

  test("an element that only comes near a bound does not end the game", () => {
    const state = play(["yes"], fireDeck(98, 0));
    expect(state.elements.fire).toBe(99);
    expect(state.ending).toBeNull();
  });

  test("the deck cycles: after the last card comes the first again", () => {
    const deck = fireDeck(0, 0);
    const twoCards: Deck = { ...deck, cards: [deck.cards[0]!, { ...deck.cards[0]!, id: "second" }] };
    const ids = [0, 1, 2, 3].map((n) => currentCard(play(Array<Side>(n).fill("yes"), twoCards), twoCards).id);
    expect(ids).toEqual(["only", "second", "only", "second"]);
  });

  test("the swipe after an ending restarts: elements back to 1, time 0, the main deck's first card", () => {
    const ended = play(["yes", "yes", "no"], STORY_DECK);
    expect(ended.ending?.id).toBe("water_0");
    for (const side of ["yes", "no"] as const) {
      const restarted = swipe(ended, side, STORY_DECK);
      expect(restarted).toEqual(newGame());
      expect(currentCard(restarted, STORY_DECK).id).toBe("first-spark");
    }
  });

  test("when two elements hit a bound together, the first in air, earth, fire, water order names the ending", () => {
    expect(endedElement({ air: 50, earth: 0, fire: 100, water: 50 })).toEqual({ element: "earth", bound: 0 });
  });

  test("a deck without its own ending still ends with a plain card for that element", () => {
    const deck: Deck = { ...fireDeck(-5, 0), endings: [] };
    const state = swipe(newGame(), "yes", deck);
    expect(state.ending).toMatchObject({ id: "fire_0", title: "Fire at 0" });
  });
});

describe("time labels", () => {
  test("show days, then years, then millions of years", () => {
    expect(formatDays(0)).toBe("0 days");
    expect(formatDays(1)).toBe("1 day");
    expect(formatDays(40)).toBe("40 days");
    expect(formatDays(365)).toBe("1 year");
    expect(formatDays(499_993 * 365)).toBe("499,993 years");
    expect(formatDays(2_500_000 * 365)).toBe("2.5 million years");
  });
});

describe("the built-in story", () => {
  test("has 17 story cards and the 8 endings, each element at 0 and at 100", () => {
    expect(STORY_DECK.cards).toHaveLength(17);
    expect(STORY_DECK.endings.map((ending) => ending.id).sort()).toEqual(
      ELEMENTS.flatMap((element) => [`${element}_0`, `${element}_100`]).sort(),
    );
  });

  test("its time steps run from a day to hundreds of thousands of years", () => {
    const times = STORY_DECK.cards.flatMap((card) => [card.effects.yes.time, card.effects.no.time]);
    expect(Math.min(...times)).toBe(1);
    expect(Math.max(...times)).toBe(499_993 * 365);
  });

  test("every one of the 8 endings can be reached by some sequence of swipes", () => {
    const reached = new Set<string>();
    // Breadth-first over distinct states: the story is small enough to explore a few levels deep.
    let frontier = [newGame()];
    for (let depth = 0; depth < 14 && reached.size < 8; depth++) {
      const next = new Map<string, GameState>();
      for (const state of frontier) {
        for (const side of ["yes", "no"] as const) {
          const after = swipe(state, side, STORY_DECK);
          if (after.ending) reached.add(after.ending.id);
          else next.set(JSON.stringify([after.elements, after.cardIndex]), after);
        }
      }
      frontier = [...next.values()];
    }
    expect([...reached].sort()).toEqual(STORY_DECK.endings.map((ending) => ending.id).sort());
  });
});

describe("replaying a reign (the server's check of a claimed record)", () => {
  test("gives the days and the ending of swipes that end on their last one", () => {
    expect(replayReign(STORY_DECK, "yyn")).toEqual({ days: 1 + 1 + 2, endingId: "water_0", swipes: 3 });
  });

  test("refuses swipes that have not ended the world, that go past an ending, or are not y/n", () => {
    expect(replayReign(STORY_DECK, "yy")).toBeNull();
    expect(replayReign(STORY_DECK, "nn")).toBeNull();
    expect(replayReign(STORY_DECK, "yyx")).toBeNull();
    expect(replayReign(STORY_DECK, "")).toBeNull();
  });
});

describe("any sequence of swipes (property)", () => {
  const sides = fc.array(fc.constantFrom<Side>("yes", "no"), { maxLength: 200 });

  test("keeps every element within 0–100, time never going back while the world lives", () => {
    fc.assert(
      fc.property(sides, (sequence) => {
        let state = newGame();
        for (const side of sequence) {
          const next = swipe(state, side, STORY_DECK);
          for (const element of ELEMENTS) {
            expect(next.elements[element]).toBeGreaterThanOrEqual(ELEMENT_MIN);
            expect(next.elements[element]).toBeLessThanOrEqual(ELEMENT_MAX);
          }
          if (!state.ending) expect(next.time).toBeGreaterThanOrEqual(state.time);
          state = next;
        }
      }),
    );
  });

  test("an ending is up exactly when an element sits on 0 or 100, and it names that element and bound", () => {
    fc.assert(
      fc.property(sides, (sequence) => {
        let state = newGame();
        for (const side of sequence) {
          state = swipe(state, side, STORY_DECK);
          const onBound = endedElement(state.elements);
          if (state.ending) {
            expect(onBound).not.toBeNull();
            expect(state.ending.id).toBe(`${onBound!.element}_${onBound!.bound}`);
            expect(timeDisplay(state)).toBe("∞");
          } else {
            expect(onBound).toBeNull();
            expect(timeDisplay(state)).not.toBe("∞");
          }
        }
      }),
    );
  });

  test("the cards come in deck order, wrapping round, and restart from the first after an ending", () => {
    fc.assert(
      fc.property(sides, (sequence) => {
        let state = newGame();
        let expected = 0;
        for (const side of sequence) {
          const wasEnding = state.ending !== null;
          state = swipe(state, side, STORY_DECK);
          expected = wasEnding ? 0 : (expected + 1) % STORY_DECK.cards.length;
          expect(state.cardIndex).toBe(expected);
        }
      }),
    );
  });
});
