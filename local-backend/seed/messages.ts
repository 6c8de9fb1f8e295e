/**
 * Demo private messages for a fresh local backend (PRODUCT D5: real conversations, not samples):
 * Alice and Bob arrange a book swap, and Carol has just written to Alice, so Alice signs in to an
 * unread badge. Sent through the public functions as the demo users, so previews, order and
 * unread counts are exactly what the browser would produce.
 */
import type { Id } from "../../convex/_generated/dataModel";
import type { SeedContext } from "./run-seed";

type DemoUser = "alice" | "bob" | "carol";

const CONVERSATIONS: { between: [DemoUser, DemoUser]; messages: { by: DemoUser; text: string }[] }[] = [
  {
    between: ["bob", "alice"],
    messages: [
      { by: "bob", text: "Hi Alice! Is Pride and Prejudice still up for a swap?" },
      { by: "alice", text: "It is! Which Dickens do you have?" },
      { by: "bob", text: "Great Expectations, the old green hardcover." },
      { by: "alice", text: "Perfect. Saturday at the central library, around 11?" },
      { by: "bob", text: "See you there!" },
    ],
  },
  {
    between: ["carol", "alice"],
    messages: [{ by: "carol", text: "Loved your post on morning pages. Do you write them every day?" }],
  },
];

export async function seed(ctx: SeedContext): Promise<void> {
  for (const { between, messages } of CONVERSATIONS) {
    const [starter, other] = between;
    const conversationId = (await ctx.mutationAs(ctx.users[starter], "conversations:openWith", {
      userId: ctx.users[other],
    })) as Id<"conversations">;
    for (const { by, text } of messages) {
      await ctx.mutationAs(ctx.users[by], "messages:send", { conversationId, text });
    }
  }
}
