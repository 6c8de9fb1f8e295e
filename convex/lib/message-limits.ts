/**
 * Flood control for private messages, like the chat rooms' (chat-limits.ts): each message bumps
 * the other person's unread count, so without a limit a script could bury someone's inbox.
 * Counted per sender across all their conversations: twenty at once, then one more for every
 * second waited, far above anyone typing.
 */
import { RateLimiter, SECOND } from "@convex-dev/rate-limiter";
import { ConvexError } from "convex/values";
import { components } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { tooFastMessage } from "./chat-limits";

export const messageLimits = new RateLimiter(components.rateLimiter, {
  privateMessage: { kind: "token bucket", rate: 1, period: SECOND, capacity: 20 },
});

/** Takes one private message from the sender's allowance, or throws how long to wait. */
export async function takePrivateMessageAllowance(ctx: MutationCtx, senderId: Id<"users">): Promise<void> {
  const status = await messageLimits.limit(ctx, "privateMessage", { key: senderId });
  if (!status.ok) throw new ConvexError(tooFastMessage(status.retryAfter));
}
