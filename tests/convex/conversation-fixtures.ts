import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import type { TestBackend } from "./test-env";

/** A well-formed user id that names nobody any more. */
export async function deletedUserId(t: TestBackend): Promise<Id<"users">> {
  return await t.run(async (ctx) => {
    const id = await ctx.db.insert("users", { email: "gone@example.com" });
    await ctx.db.delete(id);
    return id;
  });
}

export async function allConversations(t: TestBackend) {
  return await t.run((ctx) => ctx.db.query("conversations").collect());
}

export async function allMemberRows(t: TestBackend) {
  return await t.run((ctx) => ctx.db.query("conversationMembers").collect());
}

type Person = { userId: Id<"users">; as: Pick<TestBackend, "query" | "mutation"> };

/** `from` presses Message on `to` and sends each of `texts`; returns the conversation. */
export async function conversationWith(from: Person, to: Person, ...texts: string[]): Promise<Id<"conversations">> {
  const conversationId = await from.as.mutation(api.conversations.openWith, { userId: to.userId });
  for (const text of texts) await from.as.mutation(api.messages.send, { conversationId, text });
  return conversationId;
}

export async function memberRowOf(t: TestBackend, conversationId: Id<"conversations">, userId: Id<"users">) {
  return await t.run((ctx) =>
    ctx.db
      .query("conversationMembers")
      .withIndex("by_conversationId_and_userId", (q) => q.eq("conversationId", conversationId).eq("userId", userId))
      .unique(),
  );
}

/** A well-formed conversation id that names nothing any more. */
export async function deletedConversationId(t: TestBackend): Promise<Id<"conversations">> {
  return await t.run(async (ctx) => {
    const id = await ctx.db.insert("conversations", { participants: [], pairKey: "gone", lastMessageAt: 1 });
    await ctx.db.delete(id);
    return id;
  });
}

/** When a message was written (its creation time), for comparing with the lists' `lastMessageAt`. */
export async function messageTime(t: TestBackend, messageId: Id<"messages">): Promise<number> {
  return await t.run(async (ctx) => (await ctx.db.get(messageId))!._creationTime);
}
