/**
 * Emoji reactions on chat-room and private messages (issue 32): who may react to what, the
 * per-emoji counts kept on the message, and the clean-ups when messages or people go.
 *
 * The rows of `messageReactions` are the truth, one per (message, emoji, person); the message's
 * `reactions` field counts them and changes in the same mutation as the row. Every toggle reads
 * and writes the message document, so two toggles on one message at the same moment conflict and
 * Convex retries one of them: the counts always equal the rows. Writing the message re-runs only
 * the queries that read it: that room's or conversation's message list, nobody else's.
 */
import { ConvexError } from "convex/values";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { CHAT_MESSAGE_NOT_FOUND } from "../shared/chat-texts";
import { REACTION_EMOJI, type ReactionCounts, type ReactionEmoji } from "../shared/message-extras";
import { existingRoom } from "./chats";
import { requireParticipant } from "./conversations";

/** A chat-room message or a private message; both tables share the reaction fields. */
export type ReactableId = Id<"chatMessages"> | Id<"messages">;

/** A message someone may react to, with what the rules need to know about where it is. */
export type ReactableMessage =
  | { kind: "chatMessage"; message: Doc<"chatMessages"> }
  | { kind: "message"; message: Doc<"messages">; otherUserId: Id<"users"> };

/** Reaction rows deleted per mutation when messages go: far below a transaction's write limit. */
export const REACTION_DELETE_BATCH = 500;

/** How many names the who-reacted list shows; the total says how many more there are. */
export const WHO_SHOWN = 20;

/** How many messages one mineAmong call may ask about: two of the history's pages (≤ 50 each). */
export const MINE_AMONG_MAX = 100;
export const TOO_MANY_MESSAGES = `Ask about at most ${MINE_AMONG_MAX} messages at a time.`;

/**
 * The message `messageId` names, if `userId` may see it: a room message while its room exists
 * (rooms are open to every verified user), a private message to its two participants only.
 * Throws "Message not found." (or the room's / conversation's refusal) otherwise.
 */
export async function reactableMessage(
  ctx: QueryCtx,
  messageId: ReactableId,
  userId: Id<"users">,
): Promise<ReactableMessage> {
  const chatMessageId = ctx.db.normalizeId("chatMessages", messageId);
  if (chatMessageId !== null) {
    const message = await ctx.db.get(chatMessageId);
    if (message === null) throw new ConvexError(CHAT_MESSAGE_NOT_FOUND);
    await existingRoom(ctx, message.roomId);
    return { kind: "chatMessage", message };
  }
  const privateId = ctx.db.normalizeId("messages", messageId);
  const message = privateId === null ? null : await ctx.db.get(privateId);
  if (message === null) throw new ConvexError(CHAT_MESSAGE_NOT_FOUND);
  const { member } = await requireParticipant(ctx, message.conversationId, userId);
  return { kind: "message", message, otherUserId: member.otherUserId };
}

/** The caller's one row for (message, emoji), or null. */
export async function reactionRow(
  ctx: QueryCtx,
  messageId: ReactableId,
  emoji: ReactionEmoji,
  userId: Id<"users">,
): Promise<Doc<"messageReactions"> | null> {
  return await ctx.db
    .query("messageReactions")
    .withIndex("by_messageId_and_emoji_and_userId", (q) =>
      q.eq("messageId", messageId).eq("emoji", emoji).eq("userId", userId),
    )
    .unique();
}

/**
 * The counts with one more (or one fewer) `emoji`, in the set's order; an emoji at 0 is dropped,
 * so a message nobody reacts to any more has an empty list.
 */
export function countsWith(counts: ReactionCounts | undefined, emoji: ReactionEmoji, delta: 1 | -1): ReactionCounts {
  const byEmoji = new Map((counts ?? []).map(({ emoji: e, count }) => [e, count]));
  byEmoji.set(emoji, Math.max(0, (byEmoji.get(emoji) ?? 0) + delta));
  return REACTION_EMOJI.flatMap((e) => {
    const count = byEmoji.get(e) ?? 0;
    return count > 0 ? [{ emoji: e, count }] : [];
  });
}

/** Moves the message's count of `emoji` by `delta`, in the mutation that adds or deletes the row. */
export async function changeReactionCount(
  ctx: MutationCtx,
  message: Doc<"chatMessages"> | Doc<"messages">,
  emoji: ReactionEmoji,
  delta: 1 | -1,
): Promise<void> {
  const next = countsWith(message.reactions, emoji, delta);
  // An absent field is "no reactions": a message nobody reacts to any more looks like any other.
  await ctx.db.patch(message._id, { reactions: next.length === 0 ? undefined : next });
}

/**
 * Deletes up to a batch of the reaction rows of messages that are gone (their counts went with
 * them), and schedules the rest of the list while rows remain. A popular message can hold more
 * rows than one mutation should write, and a room's batch of 500 messages more still.
 */
export async function deleteReactionsOf(ctx: MutationCtx, messageIds: ReactableId[]): Promise<void> {
  let budget = REACTION_DELETE_BATCH;
  let index = 0;
  while (index < messageIds.length && budget > 0) {
    const messageId = messageIds[index]!;
    const rows = await ctx.db
      .query("messageReactions")
      .withIndex("by_messageId_and_emoji_and_userId", (q) => q.eq("messageId", messageId))
      .take(budget);
    for (const row of rows) await ctx.db.delete(row._id);
    budget -= rows.length;
    // A batch that did not fill the budget took all of this message's rows.
    if (budget > 0) index += 1;
  }
  const left = messageIds.slice(index);
  if (left.length > 0)
    await ctx.scheduler.runAfter(0, internal.messageReactions.continueDeleting, { messageIds: left });
}

/**
 * For a batch of deleted messages whose mutation already spent its writes (a room's batch): their
 * reaction rows go in a run of their own. Only messages whose counts say they have rows are
 * listed, so a room without reactions schedules nothing.
 */
export async function deleteReactionsLater(
  ctx: MutationCtx,
  messages: { _id: ReactableId; reactions?: ReactionCounts }[],
): Promise<void> {
  const messageIds = messages.filter((message) => (message.reactions?.length ?? 0) > 0).map((message) => message._id);
  if (messageIds.length > 0)
    await ctx.scheduler.runAfter(0, internal.messageReactions.continueDeleting, { messageIds });
}

/**
 * Account deletion (lib/account-deletion/batches.ts, stage "reactions"): deletes up to `limit` of
 * the person's reactions, each lowering its message's count in the same mutation. Returns how
 * many rows went (0 = none left).
 */
export async function deleteReactionsBy(ctx: MutationCtx, userId: Id<"users">, limit: number): Promise<number> {
  const rows = await ctx.db
    .query("messageReactions")
    .withIndex("by_userId_and_messageId", (q) => q.eq("userId", userId))
    .take(limit);
  for (const row of rows) {
    await ctx.db.delete(row._id);
    // Read each time: several of their reactions may sit on one message.
    const message = await ctx.db.get(row.messageId);
    if (message !== null) await changeReactionCount(ctx, message, row.emoji, -1);
  }
  return rows.length;
}
