import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import type { ReactionEmoji } from "@convex/shared/message-extras";
import type { ReactableMessageId } from "./reaction-types";

const NONE: ReadonlySet<ReactionEmoji> = new Set();

/**
 * The emoji I gave to a message, for its pills' `aria-pressed`. Asked only while the message has
 * reactions; the server reads only my own rows (messageReactions.mineAmong), so other people's
 * reactions never re-run it: it changes when I toggle.
 */
export function useMyReactions(messageId: ReactableMessageId, hasReactions: boolean): ReadonlySet<ReactionEmoji> {
  const mine = useQuery(api.messageReactions.mineAmong, hasReactions ? { messageIds: [messageId] } : "skip");
  if (mine === undefined || mine.length === 0) return NONE;
  return new Set(mine.map((row) => row.emoji));
}
