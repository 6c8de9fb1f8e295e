import { act, render, renderHook, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CardEditorDialog } from "@/features/duma/components/card-editor-dialog";
import { DumaGame } from "@/features/duma/components/duma-game";
import { useDumaDeck } from "@/features/duma/hooks/use-duma-deck";
import { useDumaGame } from "@/features/duma/hooks/use-duma-game";
import { sideForKey, swipeThresholdPx } from "@/features/duma/swipe-rules";
import GamesPage from "@/features/games/games-page";
import { externalApps } from "@/features/games/external-apps";
import { AudioManagerContext } from "@/hooks/use-audio";
import { AudioManager } from "@/lib/audio/audio-manager";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { STORY_CARDS, STORY_DECK } from "../../convex/shared/duma/story";
import { createConvexMock } from "./convex-mock";
import { recordingBackend } from "./music-fakes";
import { renderWithApp } from "./render";

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
const convex = createConvexMock();
const saveDeck = convex.mutation(api.duma.saveDeck);

afterEach(() => vi.unstubAllEnvs());

describe("swipe gestures", () => {
  it("takes ArrowRight and d as yes, ArrowLeft and a as no, and no other key", () => {
    expect(["ArrowRight", "d", "D"].map(sideForKey)).toEqual(["yes", "yes", "yes"]);
    expect(["ArrowLeft", "a", "A"].map(sideForKey)).toEqual(["no", "no", "no"]);
    expect(["ArrowUp", "Enter", "s", " "].map(sideForKey)).toEqual([null, null, null, null]);
  });

  it("counts a drag as a swipe past 30 % of half the screen width", () => {
    expect(swipeThresholdPx(1280)).toBe(192);
    expect(swipeThresholdPx(390)).toBeCloseTo(58.5);
  });
});

describe("the effect preview", () => {
  /** The Duma table with the built-in story, silent. */
  function renderTable() {
    const manager = new AudioManager(recordingBackend(), null);
    manager.setVolume(0);
    return renderWithApp(
      <AudioManagerContext.Provider value={manager}>
        <DumaGame deck={STORY_DECK} countsForRecords={false} keysEnabled />
      </AudioManagerContext.Provider>,
    );
  }
  const previews = () => screen.getByRole("list", { name: "Elements" }).querySelectorAll("p:not(:empty)");
  const cardTitle = () => screen.getByRole("heading", { level: 2 }).textContent;

  it("shows nothing on the next card after a swipe by key, until the player leans", async () => {
    const { user } = renderTable();
    const first = cardTitle();
    expect(previews()).toHaveLength(0);

    await user.keyboard("{ArrowRight}");
    await vi.waitFor(() => expect(cardTitle()).not.toBe(first));
    expect(previews()).toHaveLength(0);
    expect(screen.getByRole("list", { name: "Elements" })).not.toHaveTextContent(/would change by/);

    // Leaning on a choice (hovering it) previews that side of this card.
    await user.hover(screen.getByRole("button", { name: "Yes" }));
    expect(screen.getByRole("list", { name: "Elements" })).toHaveTextContent(/would change by/);
    await user.unhover(screen.getByRole("button", { name: "Yes" }));
    expect(previews()).toHaveLength(0);
  });
});

describe("a game with the player's own deck", () => {
  /** The deck and game the Duma page plays, two swipes in. */
  function gameTwoSwipesIn() {
    vi.useFakeTimers();
    const game = renderHook(() => {
      const { deck } = useDumaDeck();
      return { deck, game: useDumaGame(deck ?? STORY_DECK) };
    });
    for (const side of ["yes", "no"] as const) {
      act(() => game.result.current.game.requestSwipe(side, 0));
      act(() => vi.runAllTimers());
    }
    expect(game.result.current.game.state.swipes).toBe("yn");
    return game;
  }
  const savedDeck = (updatedAt: number) => ({ cards: STORY_CARDS.slice(0, 3), endings: [], updatedAt });

  afterEach(() => vi.useRealTimers());

  it("goes on when the connection comes back and hands the same saved deck back as a new object", () => {
    convex.onQuery(api.duma.myDeck, savedDeck(1));
    const game = gameTwoSwipesIn();
    const deckBefore = game.result.current.deck;
    convex.onQuery(api.duma.myDeck, savedDeck(1));
    game.rerender();
    expect(game.result.current.deck).toBe(deckBefore);
    expect(game.result.current.game.state.swipes).toBe("yn");
  });

  it("begins again when another deck is saved, or the player goes back to the story", () => {
    convex.onQuery(api.duma.myDeck, savedDeck(1));
    const game = gameTwoSwipesIn();
    convex.onQuery(api.duma.myDeck, savedDeck(2));
    game.rerender();
    expect(game.result.current.game.state.swipes).toBe("");

    act(() => game.result.current.game.requestSwipe("yes", 0));
    act(() => vi.runAllTimers());
    convex.onQuery(api.duma.myDeck, null);
    game.rerender();
    expect(game.result.current.deck).toBe(STORY_DECK);
    expect(game.result.current.game.state.swipes).toBe("");
  });
});

describe("the outside apps on the games page", () => {
  it("lists only apps whose address is configured as an http(s) URL", () => {
    expect(externalApps({})).toEqual([]);
    expect(externalApps({ VITE_REFLECTION_APP_URL: "javascript:alert(1)", VITE_FINANCE_APP_URL: "  " })).toEqual([]);
    const apps = externalApps({ VITE_FINANCE_APP_URL: "https://finance.example.com/app" });
    expect(apps.map((app) => [app.title, app.url])).toEqual([["Finance", "https://finance.example.com/app"]]);
  });

  it("shows Duma always and each configured app as a link opening in a new tab", () => {
    vi.stubEnv("VITE_REFLECTION_APP_URL", "https://reflect.example.com");
    convex.onQuery(api.duma.leaderboard, []);
    convex.onQuery(api.duma.myBestReign, null);
    renderWithApp(<GamesPage />);
    const games = screen.getByRole("list", { name: "Games and apps" });
    expect(within(games).getByRole("link", { name: "Play Duma" })).toHaveAttribute("href", "/duma");
    const reflection = within(games).getByRole("link", { name: /Open Reflection/ });
    expect(reflection).toHaveAttribute("href", "https://reflect.example.com/");
    expect(reflection).toHaveAttribute("target", "_blank");
    expect(reflection).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.queryByRole("link", { name: /Open Finance/ })).toBeNull();
    expect(screen.getByText(/No reigns yet/)).toBeInTheDocument();
  });

  it("lists the longest reigns in order, marking the player's own", () => {
    const row = (name: string, days: number, isMe: boolean) => ({
      player: { userId: name as Id<"users">, displayName: name, photoURL: null },
      days,
      endingId: "fire_100",
      endingTitle: "The Burning",
      isMe,
    });
    convex.onQuery(api.duma.leaderboard, [row("Bob", 500 * 365, false), row("Alice", 40, true)]);
    convex.onQuery(api.duma.myBestReign, {
      days: 40,
      endingId: "fire_100",
      endingTitle: "The Burning",
      swipes: 12,
      achievedAt: 0,
    });
    renderWithApp(<GamesPage />);
    const items = within(screen.getByRole("list", { name: "Longest reigns" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^1.*Bob.*The Burning.*500 years$/),
      expect.stringMatching(/^2.*Alice \(you\).*40 days$/),
    ]);
  });
});

describe("the card editor", () => {
  function renderEditor() {
    render(<CardEditorDialog open onOpenChange={() => undefined} own={null} />);
    return screen.getByRole("dialog", { name: "Edit your cards" });
  }

  it("starts from the built-in deck", () => {
    const dialog = renderEditor();
    const cards = within(dialog).getByLabelText("Cards (JSON array)") as HTMLTextAreaElement;
    expect(JSON.parse(cards.value)).toEqual(STORY_CARDS);
  });

  it("refuses texts that are not arrays with 'Error saving flashcards: Flashcards must be arrays', sending nothing", async () => {
    const user = userEvent.setup();
    const dialog = renderEditor();
    const endings = within(dialog).getByLabelText("Endings (JSON array)");
    await user.clear(endings);
    await user.type(endings, "42");
    await user.click(within(dialog).getByRole("button", { name: "Save cards" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Error saving flashcards: Flashcards must be arrays");
    expect(saveDeck).not.toHaveBeenCalled();
  });

  it("sends a valid deck and shows the server's refusal the same way", async () => {
    saveDeck.mockRejectedValue(new ConvexError("A deck may have at most 100 cards"));
    const user = userEvent.setup();
    const dialog = renderEditor();
    await user.click(within(dialog).getByRole("button", { name: "Save cards" }));
    expect(saveDeck).toHaveBeenCalledWith({
      cardsJson: JSON.stringify(STORY_CARDS, null, 2),
      endingsJson: expect.stringContaining('"fire_100"'),
    });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Error saving flashcards: A deck may have at most 100 cards",
    );
  });
});
