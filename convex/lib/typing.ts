/**
 * "Alice is typing…" for chat rooms (chatPresence.setTyping / typing) and private conversations
 * (conversations.setTyping / typing), one mechanism: a row per (place, person) holding until when
 * the signal lasts by the server's clock (TYPING_SIGNAL_MS), renewed while the person types and
 * deleted on "stopped". Rooms keep theirs in `chatTyping`, conversations in `conversationTyping`,
 * so each typing query reads only its own place's index range and a signal re-runs nothing else.
 * The callers check who may signal or read (room presence, conversation participants).
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { TYPING_SIGNAL_MS } from "../shared/typing-signal";
import { takeTypingAllowance } from "./chat-limits";

/** Where someone types: a chat room or a private conversation. */
export type TypingPlace = { roomId: Id<"chatRooms"> } | { conversationId: Id<"conversations"> };

/** A typing signal as the queries hand it out: who, and until when by the server's clock. */
export type TypingSignal = { userId: Id<"users">; until: number };

/** Most typing signals a room lists at once. */
export const MAX_TYPING_LISTED = 50;

type SignalRow = Doc<"chatTyping"> | Doc<"conversationTyping">;

/** The person's signal row in the place, if any (one index lookup). */
async function signalOf(ctx: QueryCtx, place: TypingPlace, userId: Id<"users">): Promise<SignalRow | null> {
  if ("roomId" in place) {
    return await ctx.db
      .query("chatTyping")
      .withIndex("by_roomId_and_userId", (q) => q.eq("roomId", place.roomId).eq("userId", userId))
      .unique();
  }
  return await ctx.db
    .query("conversationTyping")
    .withIndex("by_conversationId_and_userId", (q) => q.eq("conversationId", place.conversationId).eq("userId", userId))
    .unique();
}

/**
 * The person is typing (for TYPING_SIGNAL_MS from now) or stopped. Only "typing" takes from the
 * flood allowance (lib/chat-limits.ts): a stop must always get through, or the others keep
 * seeing the person typing until the signal lapses.
 */
export async function setTypingSignal(
  ctx: MutationCtx,
  place: TypingPlace,
  userId: Id<"users">,
  typing: boolean,
): Promise<void> {
  if (typing) await takeTypingAllowance(ctx, userId, "roomId" in place ? place.roomId : place.conversationId);
  const signal = await signalOf(ctx, place, userId);
  if (!typing) {
    if (signal !== null) await ctx.db.delete(signal._id);
    return;
  }
  const until = Date.now() + TYPING_SIGNAL_MS;
  if (signal !== null) await ctx.db.patch(signal._id, { until });
  else if ("roomId" in place) await ctx.db.insert("chatTyping", { roomId: place.roomId, userId, until });
  else await ctx.db.insert("conversationTyping", { conversationId: place.conversationId, userId, until });
}

/**
 * Who is typing in a room: the signals that last past `since` (the page's clock, rounded, never
 * Date.now(): a query is not re-run as time passes), latest first, so signals long lapsed
 * (nobody said "stopped") never crowd out a live one.
 */
export async function roomTypingSignals(
  ctx: QueryCtx,
  roomId: Id<"chatRooms">,
  since: number,
): Promise<TypingSignal[]> {
  const signals = await ctx.db
    .query("chatTyping")
    .withIndex("by_roomId_and_until", (q) => q.eq("roomId", roomId).gt("until", since))
    .order("desc")
    .take(MAX_TYPING_LISTED);
  return signals.map(({ userId, until }) => ({ userId, until }));
}

/**
 * The other person's signal in a conversation, as a list of none or one: the reader reads only
 * that row, so their own signals never re-run their query. A lapsed signal is listed too (at
 * most one row); the page ages it out by its own clock.
 */
export async function conversationTypingSignals(
  ctx: QueryCtx,
  conversationId: Id<"conversations">,
  otherUserId: Id<"users">,
): Promise<TypingSignal[]> {
  const signal = await signalOf(ctx, { conversationId }, otherUserId);
  return signal === null ? [] : [{ userId: signal.userId, until: signal.until }];
}
