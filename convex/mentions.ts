/** The @mention picker's people (issue 31): who to offer for what was typed after "@". */
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { userQuery } from "./lib/functions";
import { profileOf } from "./lib/profile-lookup";
import { MENTION_QUERY_MAX, MENTION_SUGGESTIONS, nameMatches } from "./shared/mentions";
import type { PublicUser } from "./shared/public-user";

/** In a room, the authors of this many newest messages come first (the room's recent people). */
export const ROOM_MESSAGES_SCANNED = 10;

/**
 * Up to MENTION_SUGGESTIONS people whose name (or a word of it) starts with `query`: in a room,
 * its recent authors first, then anyone by the profiles' name search index. Never the caller,
 * never an e-mail. Reads ≤ ROOM_MESSAGES_SCANNED messages + their distinct authors' profiles +
 * MENTION_SUGGESTIONS search results, whatever the community's size.
 */
export const candidates = userQuery({
  args: { query: v.string(), roomId: v.optional(v.id("chatRooms")) },
  handler: async (ctx, { query, roomId }): Promise<PublicUser[]> => {
    const typed = query.trim().slice(0, MENTION_QUERY_MAX);
    // The search goes first: the local backend runs a query that searches on convex-test from its
    // start, so index reads made before it would be made (and metered) twice there.
    const byName =
      typed.length === 0
        ? []
        : await ctx.db
            .query("profiles")
            .withSearchIndex("search_displayName", (q) => q.search("displayName", typed))
            .take(MENTION_SUGGESTIONS);
    const inRoom = roomId === undefined ? [] : await recentAuthors(ctx, roomId);

    const found: PublicUser[] = [];
    const seen = new Set<Id<"users">>([ctx.user._id]);
    for (const profile of [...inRoom, ...byName]) {
      if (seen.has(profile.userId) || !nameMatches(profile.displayName, typed)) continue;
      seen.add(profile.userId);
      found.push(faceOf(profile));
    }
    return found.slice(0, MENTION_SUGGESTIONS);
  },
});

/** The profiles of the authors of the room's newest messages, newest first; deleted ones left out. */
async function recentAuthors(ctx: QueryCtx, roomId: Id<"chatRooms">): Promise<Doc<"profiles">[]> {
  const recent = await ctx.db
    .query("chatMessages")
    .withIndex("by_roomId", (q) => q.eq("roomId", roomId))
    .order("desc")
    .take(ROOM_MESSAGES_SCANNED);
  const authors = [...new Set(recent.map((message) => message.userId))];
  const profiles = await Promise.all(authors.map((authorId) => profileOf(ctx, authorId)));
  return profiles.filter((profile) => profile !== null);
}

/** A profile's public face: name and avatar, never the e-mail. */
function faceOf(profile: Doc<"profiles">): PublicUser {
  return { userId: profile.userId, displayName: profile.displayName, photoURL: profile.photoURL ?? null };
}
