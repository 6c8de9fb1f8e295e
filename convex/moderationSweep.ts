/**
 * The batches of "Remove all content of this person" (lib/moderation/content-removal.ts): each
 * run removes a bounded batch and schedules the next, until nothing of the person is left.
 */
import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { removeNextBatch as removeNextBatchHelper } from "./lib/moderation/content-removal";

export const removeNextBatch = internalMutation({
  args: { removalId: v.id("contentRemovals") },
  handler: async (ctx, { removalId }) => {
    await removeNextBatchHelper(ctx, removalId);
    return null;
  },
});
