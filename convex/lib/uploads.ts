/**
 * Who uploaded each stored file, and whether a document uses it yet (the `uploads` table).
 * An upload may be used by its uploader only, and only once; deleting the document that uses
 * it deletes the file. Files never used are removed by the orphan sweep (convex/files.ts).
 */
import { ConvexError } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";

export const UPLOAD_NOT_FOUND = "The uploaded image was not found. Please upload it again.";

export async function uploadOf(ctx: QueryCtx, storageId: Id<"_storage">): Promise<Doc<"uploads"> | null> {
  return await ctx.db
    .query("uploads")
    .withIndex("by_storageId", (q) => q.eq("storageId", storageId))
    .unique();
}

/**
 * Marks the caller's confirmed, unused upload as used by a document. Anything else (someone
 * else's file, an unconfirmed one, one already in use, a deleted one) gets the same answer,
 * so nobody learns about files that are not theirs.
 */
export async function attachUpload(ctx: MutationCtx, storageId: Id<"_storage">, uploaderId: Id<"users">) {
  const upload = await uploadOf(ctx, storageId);
  const file = await ctx.db.system.get(storageId);
  if (upload === null || file === null || upload.ownerId !== uploaderId || upload.attached) {
    throw new ConvexError(UPLOAD_NOT_FOUND);
  }
  await ctx.db.patch(upload._id, { attached: true });
}

/** Deletes a stored file and its row, but only when `ownerId` uploaded it. */
export async function deleteOwnedUpload(ctx: MutationCtx, storageId: Id<"_storage">, ownerId: Id<"users">) {
  const upload = await uploadOf(ctx, storageId);
  if (upload === null || upload.ownerId !== ownerId) return;
  await ctx.db.delete(upload._id);
  if ((await ctx.db.system.get(storageId)) !== null) await ctx.storage.delete(storageId);
}
