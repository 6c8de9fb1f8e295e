import { useQuery } from "convex/react";
import { useMemo } from "react";
import { api } from "../../../../convex/_generated/api";
import type { Deck } from "../../../../convex/lib/duma/cards";
import { STORY_DECK, withStoryEndings } from "../../../../convex/lib/duma/story";

/**
 * The deck the player plays: their own from the server when they saved one (with the story's
 * endings for any they left out), else the built-in story.
 */
export function useDumaDeck() {
  const own = useQuery(api.duma.myDeck, {});
  const deck: Deck | undefined = useMemo(() => {
    if (own === undefined) return undefined;
    return own === null ? STORY_DECK : withStoryEndings(own);
  }, [own]);
  return {
    deck,
    /** The player's saved deck as stored (null while they play the story, undefined while loading). */
    own,
    isLoading: own === undefined,
  };
}
