/**
 * Duma's built-in story (PRODUCT D12: our own): a world dreamed into being, from the first
 * spark to the long sleep, in 17 cards and 8 endings. The four opening cards each wake one
 * element (+49 on yes; no leaves it at nothing); later cards trade elements against each
 * other while the days grow into ages. Art: public/duma/<id>.svg (scripts/make-duma-art.ts).
 */
import type { Card, Deck, Effect, EndingCard } from "./cards";

type Change = Partial<Pick<Effect, "air" | "earth" | "fire" | "water">>;

const YEAR = 365;

function effect(change: Change, time: number, timeLabel: string): Effect {
  return { air: 0, earth: 0, fire: 0, water: 0, ...change, time, timeLabel };
}

type CardPlan = Omit<Card, "image" | "effects" | "description" | "color"> & {
  yes: [Change, string];
  no: [Change, string];
  time: number;
  timeLabel: string;
  noTimeLabel?: string;
  colors: [string, string];
};

function card({ yes, no, time, timeLabel, noTimeLabel, colors, ...rest }: CardPlan): Card {
  return {
    ...rest,
    image: `/duma/${rest.id}.svg`,
    effects: { yes: effect(yes[0], time, timeLabel), no: effect(no[0], time, noTimeLabel ?? timeLabel) },
    description: { yes: yes[1], no: no[1] },
    color: { yes: colors[0], no: colors[1] },
  };
}

export const STORY_CARDS: Card[] = [
  card({
    id: "first-spark",
    title: "The First Spark",
    question: "Something stirs in the empty dark: one small spark. Will you let it burn?",
    yes: [{ fire: 49 }, "Heat and light are born."],
    no: [{ fire: -100 }, "The dark stays cold."],
    time: 1,
    timeLabel: "Since the first spark",
    colors: ["#c2410c", "#334155"],
  }),
  card({
    id: "first-breath",
    title: "The First Breath",
    question: "The spark trembles. A breath could feed it, or scatter it. Will you breathe?",
    yes: [{ air: 49 }, "Wind moves for the first time."],
    no: [{ air: -100 }, "Nothing moves at all."],
    time: 1,
    timeLabel: "Since the first breath",
    colors: ["#0e7490", "#334155"],
  }),
  card({
    id: "first-rain",
    title: "The First Rain",
    question: "Steam gathers above the glow and grows heavy. Let it fall as rain?",
    yes: [{ water: 49 }, "The first sea fills."],
    no: [{ water: -100 }, "The steam drifts away."],
    time: 2,
    timeLabel: "Since the first rain",
    colors: ["#1d4ed8", "#334155"],
  }),
  card({
    id: "rising-land",
    title: "The Rising Land",
    question: "Under the new sea, warm rock pushes upward. Let the land rise?",
    yes: [{ earth: 49 }, "Shores and mountains appear."],
    no: [{ earth: -100 }, "There is only water."],
    time: 3,
    timeLabel: "Since the land rose",
    colors: ["#4d7c0f", "#334155"],
  }),
  card({
    id: "fire-mountain",
    title: "The Fire Mountain",
    question: "A mountain splits open and pours out burning stone. Let it rage?",
    yes: [{ fire: 20, earth: 10, air: -10 }, "New land, black skies."],
    no: [{ fire: -15, water: 10, earth: -5 }, "The sea cools the wound."],
    time: 40,
    timeLabel: "Since the mountain woke",
    colors: ["#b91c1c", "#1e40af"],
  }),
  card({
    id: "green-shore",
    title: "The Green Shore",
    question: "Soft moss creeps out of the sea onto bare stone. Let it spread?",
    yes: [{ earth: 15, air: 10, water: -10 }, "The shore turns green and the air sweetens."],
    no: [{ earth: -10, water: 10, air: -5 }, "The waves wash it back."],
    time: YEAR,
    timeLabel: "Since the first green",
    colors: ["#15803d", "#1e40af"],
  }),
  card({
    id: "great-storm",
    title: "The Great Storm",
    question: "Winds circle the world and herd the clouds together. Let the storm break?",
    yes: [{ air: 20, water: 15, fire: -15, earth: -10 }, "Rain for a hundred days."],
    no: [{ air: -10, fire: 10, water: -10 }, "A still, hot calm."],
    time: 12 * YEAR,
    timeLabel: "Since the great storm",
    colors: ["#0e7490", "#c2410c"],
  }),
  card({
    id: "tide-pool",
    title: "The Tide Pool",
    question: "In a warm pool by the shore, tiny things begin to swim. Let them live?",
    yes: [{ water: 10, earth: 10, air: -5 }, "Life begins."],
    no: [{ water: -5, fire: 5, earth: -10 }, "The pool dries in the sun."],
    time: 100 * YEAR,
    timeLabel: "Since life began",
    colors: ["#0f766e", "#a16207"],
  }),
  card({
    id: "long-winter",
    title: "The Long Winter",
    question: "The sky dims and ice creeps down from the poles. Let the cold come?",
    yes: [{ water: 20, fire: -25 }, "Glaciers carve the valleys."],
    no: [{ fire: 15, water: -15, air: 5 }, "Deserts spread instead."],
    time: 1_000 * YEAR,
    timeLabel: "Since the ice came",
    colors: ["#1d4ed8", "#c2410c"],
  }),
  card({
    id: "grazing-herds",
    title: "The Grazing Herds",
    question: "Great beasts roam the plains, eating as they go. Let them multiply?",
    yes: [{ earth: -15, air: 5, fire: 5 }, "The plains are grazed bare."],
    no: [{ earth: 15, air: -10 }, "The forests close in."],
    time: 5_000 * YEAR,
    timeLabel: "Since the herds came",
    colors: ["#a16207", "#15803d"],
  }),
  card({
    id: "fire-keepers",
    title: "The Fire Keepers",
    question: "A tribe carries embers in clay pots from camp to camp. Teach them to make fire?",
    yes: [{ fire: 15, earth: -10, air: -5 }, "Warm nights, burnt forests."],
    no: [{ fire: -10, earth: 5, water: 5 }, "They huddle in the cold."],
    time: 10_000 * YEAR,
    timeLabel: "Since people kept fire",
    colors: ["#c2410c", "#334155"],
  }),
  card({
    id: "river-city",
    title: "The River City",
    question: "People build walls of mud brick beside a wide river. Let the city grow?",
    yes: [{ earth: 15, water: -15, fire: 5 }, "Fields, canals and granaries."],
    no: [{ earth: -5, water: 10, air: 5 }, "The river runs free."],
    time: 2_000 * YEAR,
    timeLabel: "Since the first city",
    colors: ["#a16207", "#1e40af"],
  }),
  card({
    id: "sailors",
    title: "The Sailors",
    question: "Sailors at the harbour ask the wind for passage across the sea. Grant it?",
    yes: [{ air: 15, water: -10, earth: -5 }, "Ships find new shores."],
    no: [{ air: -10, water: 10 }, "The sea keeps its secrets."],
    time: 300 * YEAR,
    timeLabel: "Since the first voyage",
    colors: ["#0e7490", "#1e3a8a"],
  }),
  card({
    id: "the-forge",
    title: "The Forge",
    question: "Smiths learn to melt stone into bright metal. Let the forges burn day and night?",
    yes: [{ fire: 20, air: -15, earth: -10 }, "Tools, swords and smoke."],
    no: [{ fire: -10, air: 10, earth: 5 }, "Stone and wood will do."],
    time: 500 * YEAR,
    timeLabel: "Since the first forge",
    colors: ["#b91c1c", "#15803d"],
  }),
  card({
    id: "the-flood",
    title: "The Flood",
    question: "The river swells beyond its banks and climbs the city walls. Hold the water back?",
    yes: [{ water: -20, earth: 10 }, "Dams and dry streets."],
    no: [{ water: 20, earth: -15 }, "The lowlands drown."],
    time: 40,
    timeLabel: "Since the flood",
    colors: ["#a16207", "#1d4ed8"],
  }),
  card({
    id: "sky-towers",
    title: "The Sky Towers",
    question: "The people want towers that touch the clouds. Let them build?",
    yes: [{ earth: -20, air: -10, fire: 10 }, "Glass and steel above the clouds."],
    no: [{ earth: 10, air: 10, fire: -5 }, "Low roofs and open skies."],
    time: 200 * YEAR,
    timeLabel: "Since the towers rose",
    colors: ["#7c3aed", "#15803d"],
  }),
  card({
    id: "long-sleep",
    title: "The Long Sleep",
    question: "The world is tired and asks to sleep and dream for an age. Let it rest?",
    yes: [{ fire: -10, air: 10, earth: 10, water: 10 }, "Forests return over the ruins."],
    no: [{ fire: 10, air: -5 }, "It works on, restless."],
    time: 499_993 * YEAR,
    timeLabel: "Since the long sleep",
    noTimeLabel: "Since the world refused to sleep",
    colors: ["#4338ca", "#b91c1c"],
  }),
];

const AGAIN = "Swipe either way to dream a new world.";

export const STORY_ENDINGS: EndingCard[] = [
  {
    id: "air_0",
    title: "The Still Air",
    question: `Not a breath of wind is left. Nothing can breathe, and the world falls silent. ${AGAIN}`,
    image: "/duma/air_0.svg",
  },
  {
    id: "air_100",
    title: "The Endless Storm",
    question: `The winds never rest again. Every tree, wall and wave is torn away. ${AGAIN}`,
    image: "/duma/air_100.svg",
  },
  {
    id: "earth_0",
    title: "The Crumbled Land",
    question: `The land wears away to sand and sinks beneath the waves. There is nowhere left to stand. ${AGAIN}`,
    image: "/duma/earth_0.svg",
  },
  {
    id: "earth_100",
    title: "The World of Stone",
    question: `Stone swallows the rivers and the green. A grey, quiet world remains. ${AGAIN}`,
    image: "/duma/earth_100.svg",
  },
  {
    id: "fire_0",
    title: "The Cold Dark",
    question: `The last ember dies. Ice closes over everything, and the stars look down on nothing. ${AGAIN}`,
    image: "/duma/fire_0.svg",
  },
  {
    id: "fire_100",
    title: "The Burning",
    question: `Fire runs over every hill and boils every sea. The world becomes a new star. ${AGAIN}`,
    image: "/duma/fire_100.svg",
  },
  {
    id: "water_0",
    title: "The Dry World",
    question: `The seas shrink to salt and the rivers to dust. Nothing grows without water. ${AGAIN}`,
    image: "/duma/water_0.svg",
  },
  {
    id: "water_100",
    title: "The Great Sea",
    question: `The waters rise over the highest peak. Only the waves remember there was land. ${AGAIN}`,
    image: "/duma/water_100.svg",
  },
];

/** The built-in deck: what everyone plays until they save their own, and what records count. */
export const STORY_DECK: Deck = { cards: STORY_CARDS, endings: STORY_ENDINGS };

/** A player's deck as played: their endings, with the story's for any they left out. */
export function withStoryEndings(deck: Deck): Deck {
  const own = new Set(deck.endings.map((ending) => ending.id));
  return { cards: deck.cards, endings: [...deck.endings, ...STORY_ENDINGS.filter((ending) => !own.has(ending.id))] };
}
