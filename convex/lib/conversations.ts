/**
 * The rules every private-message function shares: how a pair of users names its one
 * conversation, and who may read or write it (only its two participants, PRODUCT D2).
 */
import { ConvexError } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { PaginationOptions } from "convex/server";
import type { QueryCtx } from "../_generated/server";
import { withPageSizeCapped } from "./page-size";

export const CONVERSATION_NOT_FOUND = "Conversation not found.";
export const NOT_A_PARTICIPANT = "You are not authorized to access this conversation.";
export const CANNOT_MESSAGE_YOURSELF = "You cannot send messages to yourself.";
export const USER_NOT_FOUND = "User not found.";
export const OTHER_PERSON_LEFT = "This person has deleted their account, so they cannot get your messages.";

/** The same key whichever of the two asks, so the by_pairKey index finds their one conversation. */
export function pairKey(a: Id<"users">, b: Id<"users">): string {
  return [a, b].sort().join("|");
}

export type Participation = {
  conversation: Doc<"conversations">;
  /** The caller's own row: their unread count and place in their list. */
  member: Doc<"conversationMembers">;
};

/**
 * The conversation named by `conversationId` (which may come from the address bar, so it is a
 * plain string) and the caller's row in it. Missing or malformed ids are "not found"; anyone but
 * the two participants is refused, whatever the function.
 */
export async function requireParticipant(
  ctx: QueryCtx,
  conversationId: string,
  userId: Id<"users">,
): Promise<Participation> {
  const id = ctx.db.normalizeId("conversations", conversationId);
  const conversation = id === null ? null : await ctx.db.get(id);
  if (conversation === null) throw new ConvexError(CONVERSATION_NOT_FOUND);
  const member = await memberRow(ctx, conversation._id, userId);
  if (member === null) throw new ConvexError(NOT_A_PARTICIPANT);
  return { conversation, member };
}

export async function memberRow(
  ctx: QueryCtx,
  conversationId: Id<"conversations">,
  userId: Id<"users">,
): Promise<Doc<"conversationMembers"> | null> {
  return await ctx.db
    .query("conversationMembers")
    .withIndex("by_conversationId_and_userId", (q) => q.eq("conversationId", conversationId).eq("userId", userId))
    .unique();
}

export const MESSAGE_REQUIRED = "Message cannot be empty";
export const MESSAGE_NOT_FOUND = "Message not found.";
export const NOT_YOUR_MESSAGE = "You can only delete your own messages.";

/** How much of the newest message the conversation keeps for the list's preview. */
export const PREVIEW_LENGTH = 120;

/** The list's one-line preview: whitespace folded, cut at PREVIEW_LENGTH with an ellipsis. */
export function previewOf(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > PREVIEW_LENGTH ? `${oneLine.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…` : oneLine;
}

/** Whatever the client asks for, a page holds 1 to 50 items. */
const MAX_PAGE = 50;

export function cappedPage(paginationOpts: PaginationOptions): PaginationOptions {
  return withPageSizeCapped(paginationOpts, MAX_PAGE);
}

/**
 * Whether the member chose to open the conversation, so that it belongs in their list even with
 * no message in it: the one who pressed Message first (the conversation's first participant), or
 * someone who has read or written in it (openWith, markRead and send all move `readUpTo` past 0).
 * Someone who was only written to, and never looked, has not.
 */
export function hasOpened(conversation: Doc<"conversations">, member: Doc<"conversationMembers">): boolean {
  return member.userId === conversation.participants[0] || member.readUpTo > 0;
}

/** The newest message of a conversation (one index read), or null when it has none. */
export async function newestMessage(
  ctx: QueryCtx,
  conversationId: Id<"conversations">,
): Promise<Doc<"messages"> | null> {
  return await ctx.db
    .query("messages")
    .withIndex("by_conversationId", (q) => q.eq("conversationId", conversationId))
    .order("desc")
    .first();
}
