import type { Id } from "@convex/_generated/dataModel";
import type { ReactionCounts } from "@convex/shared/message-extras";

/** A chat-room message or a private message: both take reactions (convex/messageReactions.ts). */
export type ReactableMessageId = Id<"chatMessages"> | Id<"messages">;

export type { ReactionCounts };
