import { ConvexError } from "convex/values";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { cleanImageUrl } from "./text";
import type { ImageRef } from "./validators";

/** The URL the browser loads for an image reference (null when a stored file is gone). */
export async function imageUrl(ctx: QueryCtx, image: ImageRef | undefined): Promise<string | null> {
  if (!image) return null;
  if ("url" in image) return image.url;
  return await ctx.storage.getUrl(image.storageId);
}

/**
 * Checks an incoming image reference: a stored file must exist and be an image;
 * a URL must be https. Returns the reference to store.
 */
export async function validateImage(ctx: MutationCtx, image: ImageRef): Promise<ImageRef> {
  if ("url" in image) return { url: cleanImageUrl(image.url) };
  const file = await ctx.db.system.get(image.storageId);
  if (!file) throw new ConvexError("The uploaded image was not found. Please upload it again.");
  if (file.contentType && !file.contentType.startsWith("image/")) {
    throw new ConvexError("Only image files can be used as images");
  }
  return image;
}

/** Deletes the stored file behind an image reference, if it is one of ours. */
export async function deleteStoredImage(ctx: MutationCtx, image: ImageRef | undefined): Promise<void> {
  if (image && "storageId" in image) {
    const file = await ctx.db.system.get(image.storageId);
    if (file) await ctx.storage.delete(image.storageId);
  }
}

/** Deletes the old stored file when an update replaced it with another image. */
export async function deleteReplacedImage(ctx: MutationCtx, previous: ImageRef, next: ImageRef): Promise<void> {
  const same = "storageId" in previous && "storageId" in next && previous.storageId === next.storageId;
  if (!same) await deleteStoredImage(ctx, previous);
}

/** An image given as an empty URL counts as no image (the forms' "required" checks). */
export function isBlankImageUrl(image: ImageRef): boolean {
  return "url" in image && image.url.trim().length === 0;
}
