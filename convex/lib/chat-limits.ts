/**
 * Flood control in chat rooms (issue 14), counted with the rate-limiter component as the
 * verification e-mails are (mail-limits.ts). A token bucket per person per room: ten messages
 * at once, then one more for every second waited, so nobody sends more than ten in a burst.
 * Typing signals get a looser bucket of their own: the client sends at most one every ~2 s,
 * and each one re-runs the room's typing query. Private messages use the same flood control,
 * counted per sender across all their conversations: twenty at once, then one a second.
 *
 * Creating rooms has an allowance per person too, so nobody fills everyone's room list in a
 * burst: five at once, then one more for every ten minutes waited. A real person makes a room
 * now and then; even one made, deleted for a typo and made again stays well inside five, while
 * a script is held to six an hour.
 *
 * Presence heartbeats that start a session are counted per person across rooms (a renewal
 * showing the ticket of the last answer is not: lib/presence-ticket.ts, so the tab's steady
 * heartbeats write nothing here). A tab starts one when it opens a room, and again only if its
 * session timed out (a laptop woken from sleep), so twenty at once and two a second after that
 * leave room for a dozen open tabs and someone flicking between rooms, while a script making
 * new presence sessions is held to two a second (each lasts at most 150 s without heartbeats:
 * at most ~320 at a time), which also bounds what deleting a room removes. A refused heartbeat
 * costs a tab nothing lasting: it tries again at its next tick.
 *
 * Reactions (issue 32) are counted per person across every room and conversation: thirty at
 * once, then three a second. A person scrolling back and tapping hearts, or changing their mind
 * a few times, stays well inside; each toggle re-runs its room's readers (~20 in the benchmark's
 * rooms), so one person can cause at most ~60 re-runs a second however fast a script toggles,
 * and 1,000 toggles sent in one second change 30 reactions and are otherwise refused.
 */
import { MINUTE, RateLimiter, SECOND } from "@convex-dev/rate-limiter";
import { components } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { takeAllowance, waitInMinutes, waitInSeconds } from "./allowance";
import { CHAT_CREATE_TOO_FAST } from "../shared/chat-texts";

export const CHAT_TOO_FAST = "You are sending messages too fast. Wait a few seconds.";
export const TYPING_TOO_FAST = "Too many typing updates. Wait a few seconds.";
export const PRESENCE_TOO_FAST = "Too many presence updates. Wait a few seconds.";
export const REACTIONS_TOO_FAST = "You are reacting too fast. Wait a few seconds.";

export const chatLimits = new RateLimiter(components.rateLimiter, {
  chatMessage: { kind: "token bucket", rate: 10, period: 10 * SECOND, capacity: 10 },
  chatTyping: { kind: "token bucket", rate: 10, period: 10 * SECOND, capacity: 5 },
  chatRoomCreate: { kind: "token bucket", rate: 1, period: 10 * MINUTE, capacity: 5 },
  chatHeartbeat: { kind: "token bucket", rate: 2, period: SECOND, capacity: 20 },
  privateMessage: { kind: "token bucket", rate: 1, period: SECOND, capacity: 20 },
  reaction: { kind: "token bucket", rate: 30, period: 10 * SECOND, capacity: 30 },
});

type ChatLimit = "chatMessage" | "chatTyping" | "chatRoomCreate" | "chatHeartbeat" | "privateMessage" | "reaction";

/** Takes one from the allowance `name` of `key`, or throws the refusal (given how long to wait). */
function take(ctx: MutationCtx, name: ChatLimit, key: string, refusal: (retryAfterMs: number) => string) {
  return takeAllowance(chatLimits, ctx, name, key, refusal);
}

/** Takes one new presence session from the caller's allowance, or throws. */
export async function takeHeartbeatAllowance(ctx: MutationCtx, userId: Id<"users">) {
  await take(ctx, "chatHeartbeat", userId, () => PRESENCE_TOO_FAST);
}

/** Takes one new room from the caller's allowance, or throws how long to wait. */
export async function takeRoomAllowance(ctx: MutationCtx, userId: Id<"users">) {
  await take(ctx, "chatRoomCreate", userId, tooManyRoomsMessage);
}

/** Takes one message from the caller's allowance in this room, or throws how long to wait. */
export async function takeMessageAllowance(ctx: MutationCtx, userId: Id<"users">, roomId: Id<"chatRooms">) {
  await take(ctx, "chatMessage", `${userId}:${roomId}`, tooFastMessage);
}

/**
 * Takes one private message from the sender's allowance, counted across all their conversations
 * (each message bumps the other person's unread count), or throws how long to wait.
 */
export async function takePrivateMessageAllowance(ctx: MutationCtx, senderId: Id<"users">) {
  await take(ctx, "privateMessage", senderId, tooFastMessage);
}

/** Takes one reaction toggle from the caller's allowance (all rooms and conversations), or throws how long to wait. */
export async function takeReactionAllowance(ctx: MutationCtx, userId: Id<"users">) {
  await take(
    ctx,
    "reaction",
    userId,
    (retryAfterMs) => `${REACTIONS_TOO_FAST} You can react again in ${waitInSeconds(retryAfterMs)} s.`,
  );
}

/**
 * Takes one typing signal from the caller's allowance in this room or private conversation
 * (lib/typing.ts), or throws.
 */
export async function takeTypingAllowance(
  ctx: MutationCtx,
  userId: Id<"users">,
  placeId: Id<"chatRooms"> | Id<"conversations">,
) {
  await take(ctx, "chatTyping", `${userId}:${placeId}`, () => TYPING_TOO_FAST);
}

/** The seed-style refusal with the wait in whole seconds: "… Wait a few seconds. You can send again in 2 s." */
export function tooFastMessage(retryAfterMs: number): string {
  return `${CHAT_TOO_FAST} You can send again in ${waitInSeconds(retryAfterMs)} s.`;
}

/** The refusal with the wait in whole minutes: "… Wait a few minutes. You can create another in 10 min." */
export function tooManyRoomsMessage(retryAfterMs: number): string {
  return `${CHAT_CREATE_TOO_FAST} You can create another in ${waitInMinutes(retryAfterMs)} min.`;
}
