/** A mutation importing a Node built-in without "use node": it runs in Node, but cannot deploy. */
import { mutationGeneric as mutation } from "convex/server";
import { v } from "convex/values";
import { createHash } from "node:crypto";

export const fingerprint = mutation({
  args: { text: v.string() },
  handler: async (_ctx, { text }) => createHash("sha256").update(text).digest("hex"),
});
