/**
 * Duma on the server: each player's own deck (validated here again, whatever the editor did)
 * and the longest reigns. A reign is sent as its swipes and replayed here with the built-in
 * story, so a record is one the rules allow, not a number the browser made up.
 */
import { ConvexError, v } from "convex/values";
import type { Doc } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { publicUsers } from "./lib/creators";
import { DeckError, parseDeckJson } from "./shared/duma/cards";
import { endingCard, replayReign } from "./shared/duma/engine";
import { STORY_DECK } from "./shared/duma/story";
import { userMutation, userQuery } from "./lib/functions";

export const LEADERBOARD_SIZE = 10;
/** Far more swipes than any reign of the built-in story can last (it cycles into an ending). */
export const MAX_REIGN_SWIPES = 2_000;
export const NOT_A_REIGN = "That game has not ended, so it is not a reign";

/** The caller's own deck, or null while they play the built-in story. */
export const myDeck = userQuery({
  args: {},
  handler: async (ctx) => {
    const deck = await deckOf(ctx, ctx.user._id);
    return deck && { cards: deck.cards, endings: deck.endings, updatedAt: deck.updatedAt };
  },
});

/** Saves the editor's two JSON texts as the caller's deck, or refuses with what is wrong. */
export const saveDeck = userMutation({
  args: { cardsJson: v.string(), endingsJson: v.string() },
  handler: async (ctx, { cardsJson, endingsJson }) => {
    let deck;
    try {
      deck = parseDeckJson(cardsJson, endingsJson);
    } catch (error) {
      if (error instanceof DeckError) throw new ConvexError(error.message);
      throw error;
    }
    const existing = await deckOf(ctx, ctx.user._id);
    const fields = { cards: deck.cards, endings: deck.endings, updatedAt: Date.now() };
    if (existing) await ctx.db.patch(existing._id, fields);
    else await ctx.db.insert("dumaDecks", { userId: ctx.user._id, ...fields });
  },
});

/** Back to the built-in story: forgets the caller's own deck (nothing to forget is fine). */
export const resetDeck = userMutation({
  args: {},
  handler: async (ctx) => {
    const existing = await deckOf(ctx, ctx.user._id);
    if (existing) await ctx.db.delete(existing._id);
  },
});

/** Replays a finished game of the built-in story and keeps it if it is the caller's longest. */
export const recordReign = userMutation({
  args: { swipes: v.string() },
  handler: async (ctx, { swipes }) => {
    if (swipes.length > MAX_REIGN_SWIPES) throw new ConvexError(NOT_A_REIGN);
    const reign = replayReign(STORY_DECK, swipes);
    if (reign === null) throw new ConvexError(NOT_A_REIGN);
    const best = await bestReignOf(ctx, ctx.user._id);
    const isRecord = best === null || reign.days > best.days;
    const fields = { ...reign, achievedAt: Date.now() };
    if (best === null) await ctx.db.insert("dumaReigns", { userId: ctx.user._id, ...fields });
    else if (isRecord) await ctx.db.patch(best._id, fields);
    return { days: reign.days, endingId: reign.endingId, isRecord, bestDays: isRecord ? reign.days : best!.days };
  },
});

/** The caller's longest reign, or null before their first ending. */
export const myBestReign = userQuery({
  args: {},
  handler: async (ctx) => {
    const best = await bestReignOf(ctx, ctx.user._id);
    return (
      best && {
        days: best.days,
        endingId: best.endingId,
        endingTitle: endingTitle(best.endingId),
        swipes: best.swipes,
        achievedAt: best.achievedAt,
      }
    );
  },
});

/**
 * The longest reigns of all players, longest first (one row per player); equal reigns in the
 * order they were reached, so a newcomer who ties a record does not push its holder down.
 */
export const leaderboard = userQuery({
  args: {},
  handler: async (ctx) => {
    const reigns = await longestReigns(ctx, LEADERBOARD_SIZE);
    const person = await publicUsers(
      ctx,
      reigns.map((reign) => reign.userId),
    );
    return reigns.map((reign) => ({
      player: person(reign.userId),
      days: reign.days,
      endingId: reign.endingId,
      endingTitle: endingTitle(reign.endingId),
      isMe: reign.userId === ctx.user._id,
    }));
  },
});

/**
 * The `limit` longest reigns, ties by `achievedAt`, earliest first. The index sorts each group
 * of equal days by `achievedAt` ascending, but the board walks days descending, and one query
 * cannot go both ways; so it finds the next-longest day count, then reads that group forwards,
 * for as many groups as the board needs. At most `limit` groups, so at most 2 × `limit`
 * documents read, however many players share a day count (reading a whole tie group could
 * mean most of the table: short reigns are common). No extra field or backfill is needed.
 */
async function longestReigns(ctx: QueryCtx, limit: number): Promise<Doc<"dumaReigns">[]> {
  const reigns: Doc<"dumaReigns">[] = [];
  let shorterThan: number | null = null;
  while (reigns.length < limit) {
    const below: number | null = shorterThan;
    const longest: Doc<"dumaReigns"> | null = await ctx.db
      .query("dumaReigns")
      .withIndex("by_days_and_achievedAt", (q) => (below === null ? q : q.lt("days", below)))
      .order("desc")
      .first();
    if (longest === null) break;
    const tied = await ctx.db
      .query("dumaReigns")
      .withIndex("by_days_and_achievedAt", (q) => q.eq("days", longest.days))
      .take(limit - reigns.length);
    reigns.push(...tied);
    shorterThan = longest.days;
  }
  return reigns;
}

/** How the reign ended, in the story's words ("The Burning"). */
function endingTitle(endingId: string): string {
  return endingCard(STORY_DECK, endingId).title;
}

async function deckOf(ctx: QueryCtx, userId: Doc<"users">["_id"]) {
  return await ctx.db
    .query("dumaDecks")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

async function bestReignOf(ctx: QueryCtx, userId: Doc<"users">["_id"]) {
  return await ctx.db
    .query("dumaReigns")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}
