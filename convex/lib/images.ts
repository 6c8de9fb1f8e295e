import { ConvexError } from "convex/values";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { cleanImageUrl } from "../shared/text";
import { attachUpload, deleteOwnedUpload } from "./uploads";
import type { ImageRef } from "../shared/validators";

/** The URL the browser loads for an image reference (null when a stored file is gone). */
export async function imageUrl(ctx: QueryCtx, image: ImageRef | undefined): Promise<string | null> {
  if (!image) return null;
  if ("url" in image) return image.url;
  return await ctx.storage.getUrl(image.storageId);
}

/**
 * Checks an incoming image reference: a stored file must be an image the uploader confirmed
 * (files.confirmUpload) and not yet used; it becomes this document's. A URL must be https.
 * Returns the reference to store.
 */
export async function validateImage(ctx: MutationCtx, image: ImageRef, uploaderId: Id<"users">): Promise<ImageRef> {
  if ("url" in image) return { url: cleanImageUrl(image.url) };
  await attachUpload(ctx, image.storageId, uploaderId);
  return image;
}

/** A post's image must be uploaded: a remote URL is allowed only where the original had "Image URL" (PRODUCT D3). */
export const UPLOADED_IMAGE_ONLY = "Please upload an image file: a link to an image cannot be used here";

/**
 * Checks an incoming image reference where only an uploaded file is allowed (posts): a URL is
 * refused, a stored file is checked and attached as in `validateImage`.
 */
export async function validateUploadedImage(
  ctx: MutationCtx,
  image: ImageRef,
  uploaderId: Id<"users">,
): Promise<{ storageId: Id<"_storage"> }> {
  if ("url" in image) throw new ConvexError(UPLOADED_IMAGE_ONLY);
  await attachUpload(ctx, image.storageId, uploaderId);
  return image;
}

/** Deletes the stored file behind an image reference when `ownerId` (the document's owner) uploaded it. */
export async function deleteStoredImage(
  ctx: MutationCtx,
  image: ImageRef | undefined,
  ownerId: Id<"users">,
): Promise<void> {
  if (image && "storageId" in image) await deleteOwnedUpload(ctx, image.storageId, ownerId);
}

/** Deletes the old stored file when an update replaced it with another image. */
export async function deleteReplacedImage(
  ctx: MutationCtx,
  previous: ImageRef,
  next: ImageRef,
  ownerId: Id<"users">,
): Promise<void> {
  if (!sameStoredImage(previous, next)) await deleteStoredImage(ctx, previous, ownerId);
}

/** Both name the same stored file (an edit that kept the image). */
export function sameStoredImage(a: ImageRef, b: ImageRef): boolean {
  return "storageId" in a && "storageId" in b && a.storageId === b.storageId;
}

/** An image given as an empty URL counts as no image (the forms' "required" checks). */
export function isBlankImageUrl(image: ImageRef): boolean {
  return "url" in image && image.url.trim().length === 0;
}
