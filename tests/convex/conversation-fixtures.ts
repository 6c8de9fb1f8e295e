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
