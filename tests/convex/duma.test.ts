import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { LEADERBOARD_SIZE, MAX_REIGN_SWIPES, NOT_A_REIGN } from "../../convex/duma";
import { NOT_SIGNED_IN, NOT_VERIFIED } from "../../convex/lib/auth";
import { ARRAYS_REQUIRED, DECK_LIMITS } from "../../convex/shared/duma/cards";
import { STORY_CARDS, STORY_ENDINGS } from "../../convex/shared/duma/story";
import { newBackend, signedInUser } from "./test-env";

const OWN_CARD = {
  ...STORY_CARDS[0]!,
  id: "my-card",
  title: "My Own Card",
  question: "Do you like it?",
  extraField: "dropped on save",
};
const OWN_DECK = {
  cardsJson: JSON.stringify([OWN_CARD]),
  endingsJson: JSON.stringify([{ id: "fire_100", title: "My Fire", question: "Again?" }]),
};

describe("duma.saveDeck and myDeck", () => {
  test("a verified player saves a deck of their own and gets it back, unknown fields dropped", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    await expect(as.query(api.duma.myDeck, {})).resolves.toBeNull();
    await as.mutation(api.duma.saveDeck, OWN_DECK);
    const deck = await as.query(api.duma.myDeck, {});
    expect(deck?.cards).toHaveLength(1);
    expect(deck?.cards[0]).toMatchObject({ id: "my-card", title: "My Own Card" });
    expect(deck?.cards[0]).not.toHaveProperty("extraField");
    expect(deck?.endings).toEqual([{ id: "fire_100", title: "My Fire", question: "Again?" }]);
  });

  test("saving again replaces the deck, and each player sees only their own", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const bob = await signedInUser(t, { name: "Bob" });
    await alice.as.mutation(api.duma.saveDeck, OWN_DECK);
    await alice.as.mutation(api.duma.saveDeck, {
      cardsJson: JSON.stringify(STORY_CARDS.slice(0, 3)),
      endingsJson: "[]",
    });
    expect((await alice.as.query(api.duma.myDeck, {}))?.cards.map((card) => card.id)).toEqual([
      "first-spark",
      "first-breath",
      "first-rain",
    ]);
    await expect(bob.as.query(api.duma.myDeck, {})).resolves.toBeNull();
    expect(await t.run((ctx) => ctx.db.query("dumaDecks").collect())).toHaveLength(1);
  });

  test("refuses texts that are not arrays with the original's message", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    await expect(as.mutation(api.duma.saveDeck, { cardsJson: '{"id":"x"}', endingsJson: "[]" })).rejects.toThrow(
      ARRAYS_REQUIRED,
    );
    await expect(as.mutation(api.duma.saveDeck, { cardsJson: "[]", endingsJson: '"none"' })).rejects.toThrow(
      ARRAYS_REQUIRED,
    );
  });

  test.each([
    ["text that is not JSON", "[{", "[]", /not valid JSON/],
    ["an empty deck", "[]", "[]", /at least one card/],
    [
      "a card without a title",
      JSON.stringify([{ ...OWN_CARD, title: undefined }]),
      "[]",
      /Card 1.*"title" must be text/,
    ],
    [
      "an element effect beyond 100",
      JSON.stringify([{ ...OWN_CARD, effects: { ...OWN_CARD.effects, yes: { ...OWN_CARD.effects.yes, fire: 500 } } }]),
      "[]",
      /"fire" must be between -100 and 100/,
    ],
    ["an image address that is script", JSON.stringify([{ ...OWN_CARD, image: "javascript:alert(1)" }]), "[]", /https/],
    ["two cards with one id", JSON.stringify([OWN_CARD, OWN_CARD]), "[]", /Two cards have the id "my-card"/],
    [
      "an ending for no element",
      JSON.stringify([OWN_CARD]),
      JSON.stringify([{ id: "love_100", title: "t", question: "q" }]),
      /Ending 1.*fire_100/,
    ],
  ])("refuses %s and keeps the saved deck", async (_case, cardsJson, endingsJson, message) => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    await as.mutation(api.duma.saveDeck, OWN_DECK);
    await expect(as.mutation(api.duma.saveDeck, { cardsJson, endingsJson })).rejects.toThrow(message);
    expect((await as.query(api.duma.myDeck, {}))?.cards[0]?.id).toBe("my-card");
  });

  test("refuses oversized decks: too many cards, too many endings, too long a text or field", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const many = Array.from({ length: DECK_LIMITS.cards + 1 }, (_, index) => ({ ...OWN_CARD, id: `card-${index}` }));
    await expect(
      as.mutation(api.duma.saveDeck, { cardsJson: JSON.stringify(many), endingsJson: "[]" }),
    ).rejects.toThrow(`at most ${DECK_LIMITS.cards} cards`);
    const nineEndings = JSON.stringify([...STORY_ENDINGS, STORY_ENDINGS[0]]);
    await expect(as.mutation(api.duma.saveDeck, { ...OWN_DECK, endingsJson: nineEndings })).rejects.toThrow(
      "only 8 endings",
    );
    const huge = JSON.stringify([{ ...OWN_CARD, question: "x".repeat(DECK_LIMITS.jsonChars) }]);
    await expect(as.mutation(api.duma.saveDeck, { cardsJson: huge, endingsJson: "[]" })).rejects.toThrow(
      "at most 100,000 characters",
    );
    const longTitle = JSON.stringify([{ ...OWN_CARD, title: "t".repeat(DECK_LIMITS.title + 1) }]);
    await expect(as.mutation(api.duma.saveDeck, { cardsJson: longTitle, endingsJson: "[]" })).rejects.toThrow(
      `"title" may be at most ${DECK_LIMITS.title} characters`,
    );
    await expect(as.query(api.duma.myDeck, {})).resolves.toBeNull();
  });

  test("refuses anonymous and unverified callers", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t, { verified: false });
    await expect(t.mutation(api.duma.saveDeck, OWN_DECK)).rejects.toThrow(NOT_SIGNED_IN);
    await expect(as.mutation(api.duma.saveDeck, OWN_DECK)).rejects.toThrow(NOT_VERIFIED);
    await expect(t.query(api.duma.myDeck, {})).rejects.toThrow(NOT_SIGNED_IN);
    await expect(as.query(api.duma.myDeck, {})).rejects.toThrow(NOT_VERIFIED);
  });
});

describe("duma.resetDeck", () => {
  test("brings the player back to the built-in story, and only them", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const bob = await signedInUser(t, { name: "Bob" });
    await alice.as.mutation(api.duma.saveDeck, OWN_DECK);
    await bob.as.mutation(api.duma.saveDeck, OWN_DECK);
    await alice.as.mutation(api.duma.resetDeck, {});
    await alice.as.mutation(api.duma.resetDeck, {});
    await expect(alice.as.query(api.duma.myDeck, {})).resolves.toBeNull();
    await expect(bob.as.query(api.duma.myDeck, {})).resolves.not.toBeNull();
  });

  test("refuses anonymous and unverified callers", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t, { verified: false });
    await expect(t.mutation(api.duma.resetDeck, {})).rejects.toThrow(NOT_SIGNED_IN);
    await expect(as.mutation(api.duma.resetDeck, {})).rejects.toThrow(NOT_VERIFIED);
  });
});

// With the built-in story: "yyn" ends at water_0 after 1 + 1 + 2 days; "n" at fire_0 after 1 day.
describe("duma.recordReign and myBestReign", () => {
  test("replays a finished game and keeps only the player's longest reign", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    await expect(as.query(api.duma.myBestReign, {})).resolves.toBeNull();
    await expect(as.mutation(api.duma.recordReign, { swipes: "yyn" })).resolves.toEqual({
      days: 4,
      endingId: "water_0",
      isRecord: true,
      bestDays: 4,
    });
    await expect(as.mutation(api.duma.recordReign, { swipes: "n" })).resolves.toMatchObject({
      days: 1,
      isRecord: false,
      bestDays: 4,
    });
    await expect(as.query(api.duma.myBestReign, {})).resolves.toMatchObject({
      days: 4,
      endingId: "water_0",
      endingTitle: "The Dry World",
      swipes: 3,
    });
  });

  test("refuses swipes that do not end the world, go past an ending, or are too many", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    for (const swipes of ["", "yy", "nn", "y?n", "y".repeat(MAX_REIGN_SWIPES + 1)]) {
      await expect(as.mutation(api.duma.recordReign, { swipes })).rejects.toThrow(NOT_A_REIGN);
    }
    await expect(as.query(api.duma.myBestReign, {})).resolves.toBeNull();
  });

  test("refuses anonymous and unverified callers", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t, { verified: false });
    await expect(t.mutation(api.duma.recordReign, { swipes: "n" })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(as.mutation(api.duma.recordReign, { swipes: "n" })).rejects.toThrow(NOT_VERIFIED);
    await expect(t.query(api.duma.myBestReign, {})).rejects.toThrow(NOT_SIGNED_IN);
    await expect(as.query(api.duma.myBestReign, {})).rejects.toThrow(NOT_VERIFIED);
  });
});

describe("duma.leaderboard", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test("lists each player's longest reign, longest first, with names and who is the caller", async () => {
    const t = newBackend();
    const alice = await signedInUser(t, { name: "Alice" });
    const bob = await signedInUser(t, { name: "Bob" });
    await alice.as.mutation(api.duma.recordReign, { swipes: "n" });
    await bob.as.mutation(api.duma.recordReign, { swipes: "yyn" });
    await alice.as.mutation(api.duma.recordReign, { swipes: "yn" });
    const board = await alice.as.query(api.duma.leaderboard, {});
    expect(board.map((row) => [row.player.displayName, row.days, row.isMe])).toEqual([
      ["Bob", 4, false],
      ["Alice", 2, true],
    ]);
    expect(board[0]?.endingTitle).toBe("The Dry World");
    expect(JSON.stringify(board)).not.toContain("@example.com");
  });

  test("orders equal reigns by who reached them first, not by when the player first played", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newBackend();
    const carol = await signedInUser(t, { name: "Carol" });
    const dave = await signedInUser(t, { name: "Dave" });
    const erin = await signedInUser(t, { name: "Erin" });
    const play = async (player: typeof carol, swipes: string) => {
      vi.advanceTimersByTime(1000);
      await player.as.mutation(api.duma.recordReign, { swipes });
    };
    await play(carol, "n"); // Carol's row is the oldest…
    await play(dave, "yyn"); // …but Dave reaches 4 days first,
    await play(carol, "yyn"); // then Carol,
    await play(erin, "yyn"); // then Erin, whose row is the newest.
    const board = await carol.as.query(api.duma.leaderboard, {});
    expect(board.map((row) => row.player.displayName)).toEqual(["Dave", "Carol", "Erin"]);
  });

  test("a tie across the last place goes to those who got there first", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newBackend();
    const players = await Promise.all(
      Array.from({ length: LEADERBOARD_SIZE + 4 }, (_, index) => signedInUser(t, { name: `P${index}` })),
    );
    // P0 and P1 reach 4 days, P2 2 days, everyone after 1 day, one after another.
    for (const [index, player] of players.entries()) {
      vi.advanceTimersByTime(1000);
      await player.as.mutation(api.duma.recordReign, { swipes: index < 2 ? "yyn" : index === 2 ? "yn" : "n" });
    }
    const board = await players[0]!.as.query(api.duma.leaderboard, {});
    expect(board.map((row) => [row.player.displayName, row.days])).toEqual(
      players.slice(0, LEADERBOARD_SIZE).map((_, index) => [`P${index}`, index < 2 ? 4 : index === 2 ? 2 : 1]),
    );
  });

  test(`shows at most ${LEADERBOARD_SIZE} players`, async () => {
    const t = newBackend();
    const players = await Promise.all(
      Array.from({ length: LEADERBOARD_SIZE + 2 }, (_, index) => signedInUser(t, { name: `P${index}` })),
    );
    for (const player of players) await player.as.mutation(api.duma.recordReign, { swipes: "n" });
    await expect(players[0]!.as.query(api.duma.leaderboard, {})).resolves.toHaveLength(LEADERBOARD_SIZE);
  });

  test("refuses anonymous and unverified callers", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t, { verified: false });
    await expect(t.query(api.duma.leaderboard, {})).rejects.toThrow(NOT_SIGNED_IN);
    await expect(as.query(api.duma.leaderboard, {})).rejects.toThrow(NOT_VERIFIED);
  });
});
