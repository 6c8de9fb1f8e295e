/** For the review of direct query runs: an error thrown inside a component's query. */
import { Presence } from "@convex-dev/presence";
import { queryGeneric as query } from "convex/server";
import { v } from "convex/values";
import { components } from "./_generated/api";

const presence = new Presence(components.presence as never);

/** The component's listRoom with a limit that is not a count: its `.take` throws a TypeError. */
export const badLimit = query({
  args: { catch: v.boolean() },
  handler: async (ctx, args) => {
    if (!args.catch) return await presence.listRoom(ctx, "lobby", false, 1.5);
    try {
      return await presence.listRoom(ctx, "lobby", false, 1.5);
    } catch (error) {
      return { name: (error as Error).name, message: (error as Error).message };
    }
  },
});
