import { useQuery } from "convex/react";
import { useState } from "react";
import { api } from "@convex/_generated/api";
import type { Deck } from "@convex/shared/duma/cards";
import { STORY_DECK, withStoryEndings } from "@convex/shared/duma/story";

type SavedDeck = typeof api.duma.myDeck._returnType;
/** Which deck is played: the save time of the player's own (every save stamps it), or the story's. */
type DeckVersion = number | "story" | "loading";

function versionOf(own: SavedDeck | undefined): DeckVersion {
  if (own === undefined) return "loading";
  return own === null ? "story" : own.updatedAt;
}

/**
 * The deck the player plays: their own from the server when they saved one (with the story's
 * endings for any they left out), else the built-in story. The deck object changes only when
 * another deck is saved or the player goes back to the story: after a reconnect the client hands
 * back the same saved deck as a new object, and a new deck object starts a new game.
 */
export function useDumaDeck() {
  const own = useQuery(api.duma.myDeck, {});
  const version = versionOf(own);
  const [played, setPlayed] = useState<{ version: DeckVersion; deck: Deck | undefined }>({
    version: "loading",
    deck: undefined,
  });
  let deck = played.deck;
  if (played.version !== version) {
    deck = own === undefined ? undefined : own === null ? STORY_DECK : withStoryEndings(own);
    setPlayed({ version, deck });
  }
  return {
    deck,
    /** The player's saved deck as stored (null while they play the story, undefined while loading). */
    own,
    isLoading: own === undefined,
  };
}
