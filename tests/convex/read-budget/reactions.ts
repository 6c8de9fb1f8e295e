/**
 * What the reaction rows of the read-budget matrix use (issue 32): a room message many people
 * reacted to, and a page's worth of messages the hub reacted to. Made outside the meter.
 */
import type { Id } from "../../../convex/_generated/dataModel";
import { MINE_AMONG_MAX, WHO_SHOWN } from "../../../convex/lib/reactions";
import type { Engine } from "../../../local-backend/engine/types";
import type { Community } from "./community";

/** People who gave ❤️ to the reacted message: more than the who-list shows. */
const HEARTS = WHO_SHOWN * 5;

/** A message of the busiest room with HEARTS hearts (the hub's among them), counts equal to rows. */
export async function reactedChatMessage(engine: Engine, c: Community): Promise<Id<"chatMessages">> {
  return await engine.admin.run(async (ctx) => {
    const messageId = await ctx.db.insert("chatMessages", {
      roomId: c.busiestRoom,
      userId: c.users[1]!,
      text: "Loved",
      reactions: [{ emoji: "❤️", count: HEARTS }],
    });
    await ctx.db.insert("messageReactions", { messageId, userId: c.hub.userId, emoji: "❤️" });
    for (let i = 1; i < HEARTS; i++) {
      await ctx.db.insert("messageReactions", { messageId, userId: c.users[10 + i]!, emoji: "❤️" });
    }
    return messageId;
  });
}

/** MINE_AMONG_MAX messages of the busiest room, each with two of the hub's reactions. */
export async function hubReactedMessages(engine: Engine, c: Community): Promise<Id<"chatMessages">[]> {
  return await engine.admin.run(async (ctx) => {
    const ids: Id<"chatMessages">[] = [];
    for (let i = 0; i < MINE_AMONG_MAX; i++) {
      const messageId = await ctx.db.insert("chatMessages", {
        roomId: c.busiestRoom,
        userId: c.users[2]!,
        text: `Reacted ${i}`,
        reactions: [
          { emoji: "👍", count: 1 },
          { emoji: "😂", count: 1 },
        ],
      });
      await ctx.db.insert("messageReactions", { messageId, userId: c.hub.userId, emoji: "👍" });
      await ctx.db.insert("messageReactions", { messageId, userId: c.hub.userId, emoji: "😂" });
      ids.push(messageId);
    }
    return ids;
  });
}
