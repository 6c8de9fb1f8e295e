/**
 * Demo Duma reigns, so the games page's leaderboard has something to show on a fresh start.
 * Each is a real game of the built-in story (fixed swipes after the four opening yeses, played
 * until the world ends) recorded through duma:recordReign, which replays and checks it.
 */
import { newGame, swipe } from "../../convex/shared/duma/engine";
import { STORY_DECK } from "../../convex/shared/duma/story";
import type { SeedContext } from "./run-seed";

/** The swipes of a game that begins with four yeses and then follows `pattern` round and round. */
function gameFollowing(pattern: string): string {
  let state = newGame();
  let swipes = "";
  for (let turn = 0; !state.ending; turn++) {
    const letter = turn < 4 ? "y" : pattern[(turn - 4) % pattern.length]!;
    state = swipe(state, letter === "y" ? "yes" : "no", STORY_DECK);
    swipes += letter;
  }
  return swipes;
}

export async function seed({ users, mutationAs }: SeedContext): Promise<void> {
  await mutationAs(users.bob, "duma:recordReign", { swipes: gameFollowing("ynnyy") });
  await mutationAs(users.carol, "duma:recordReign", { swipes: gameFollowing("nyy") });
}
