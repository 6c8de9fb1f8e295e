/** App functions calling the installed components, as the app's own functions would. */
import { Presence } from "@convex-dev/presence";
import { RateLimiter } from "@convex-dev/rate-limiter";
import { mutationGeneric as mutation, queryGeneric as query } from "convex/server";
import { ConvexError, v } from "convex/values";
import { components } from "./_generated/api";

const presence = new Presence(components.presence as never);
const limits = new RateLimiter(components.limits as never, {
  greeting: { kind: "fixed window", rate: 2, period: 60_000 },
});

export const join = mutation({
  args: { roomId: v.string(), userId: v.string(), sessionId: v.string(), interval: v.optional(v.number()) },
  handler: async (ctx, { roomId, userId, sessionId, interval }) =>
    await presence.heartbeat(ctx, roomId, userId, sessionId, interval ?? 10_000),
});

export const leave = mutation({
  args: { sessionToken: v.string() },
  handler: async (ctx, { sessionToken }) => await presence.disconnect(ctx, sessionToken),
});

export const members = query({
  args: { roomId: v.string() },
  handler: async (ctx, { roomId }) =>
    (await presence.listRoom(ctx, roomId)).map(({ userId, online }) => ({ userId, online })),
});

export const greet = mutation({
  args: { userId: v.string() },
  handler: async (ctx, { userId }) => {
    const { ok } = await limits.limit(ctx, "greeting", { key: userId });
    if (!ok) throw new ConvexError("Too many greetings, wait a minute.");
    return "hello";
  },
});

/** A bug in a function: an exception nobody catches. */
export const explode = mutation({
  args: {},
  handler: async () => {
    throw new Error("The room caught fire");
  },
});

export const topic = query({
  args: { roomId: v.string(), limit: v.optional(v.number()) },
  handler: async (_ctx, { roomId }) => `Welcome to ${roomId}`,
});
