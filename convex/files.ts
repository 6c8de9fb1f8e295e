/**
 * Uploads (PRODUCT D3): the browser gets a one-time URL, POSTs the resized image, then confirms
 * the returned storage id here. Confirming checks the stored bytes really are an allowed image
 * and records the caller as the file's owner; only then can a book or post use it (once).
 * Files nobody confirmed or used are deleted by the sweep an hour after their upload.
 */
import { ConvexError, v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalMutation, internalQuery, type MutationCtx } from "./_generated/server";
import { isAllowedImage, SNIFF_BYTES, UNSUPPORTED_IMAGE } from "./lib/image-types";
import { userAction, userMutation } from "./lib/functions";
import { UPLOAD_NOT_FOUND, uploadOf } from "./lib/uploads";

/** How long an upload may wait for the document that uses it before the sweep deletes it. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** Files looked at per sweep run (more are left to a follow-up run). */
export const SWEEP_BATCH_SIZE = 200;

/** A one-time URL the browser POSTs an image to; only verified users may upload. */
export const generateUploadUrl = userMutation({
  args: {},
  handler: async (ctx) => await ctx.storage.generateUploadUrl(),
});

/**
 * Makes a fresh upload the caller's: its first bytes must be JPEG, PNG, WebP or GIF and match
 * its declared type (a file that is not is deleted). Returns the storage id to save.
 */
export const confirmUpload = userAction({
  args: { storageId: v.id("_storage") },
  handler: async (ctx, { storageId }): Promise<Id<"_storage">> => {
    const contentType = await ctx.runQuery(internal.files.unclaimedFileType, { storageId });
    if (contentType === null) throw new ConvexError(UPLOAD_NOT_FOUND);
    const blob = await ctx.storage.get(storageId);
    const head = blob === null ? new Uint8Array() : new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer());
    if (!isAllowedImage(contentType, head)) {
      await ctx.runMutation(internal.files.deleteUnclaimed, { storageId });
      throw new ConvexError(UNSUPPORTED_IMAGE);
    }
    await ctx.runMutation(internal.files.claim, { storageId, ownerId: ctx.user._id });
    return storageId;
  },
});

/** The declared content type of a stored file nobody has claimed yet ("" when none); null when gone or claimed. */
export const unclaimedFileType = internalQuery({
  args: { storageId: v.id("_storage") },
  handler: async (ctx, { storageId }): Promise<string | null> => {
    const file = await ctx.db.system.get(storageId);
    if (file === null || (await uploadOf(ctx, storageId)) !== null) return null;
    return file.contentType ?? "";
  },
});

export const deleteUnclaimed = internalMutation({
  args: { storageId: v.id("_storage") },
  handler: async (ctx, { storageId }) => {
    if ((await uploadOf(ctx, storageId)) !== null) return;
    if ((await ctx.db.system.get(storageId)) !== null) await ctx.storage.delete(storageId);
  },
});

/** Records the owner; the first claim wins (only the uploader knows a fresh, unguessable id). */
export const claim = internalMutation({
  args: { storageId: v.id("_storage"), ownerId: v.id("users") },
  handler: async (ctx, { storageId, ownerId }) => {
    const existing = await uploadOf(ctx, storageId);
    if (existing !== null && existing.ownerId !== ownerId) throw new ConvexError(UPLOAD_NOT_FOUND);
    if (existing === null) await ctx.db.insert("uploads", { storageId, ownerId, attached: false });
  },
});

/**
 * Deletes files no document uses an hour after their upload: never confirmed, or confirmed and
 * never attached. Walks `_storage` by creation time from where the last run stopped, so each
 * file is looked at once. The first run only marks where to start (older files are left alone).
 */
export const sweepOrphans = internalMutation({
  args: {},
  handler: async (ctx) => {
    const now = Date.now();
    const state = await ctx.db.query("uploadSweeps").first();
    if (state === null) {
      await ctx.db.insert("uploadSweeps", { sweptThrough: now });
      return;
    }
    const cutoff = now - ORPHAN_GRACE_MS;
    const files = await ctx.db.system
      .query("_storage")
      .withIndex("by_creation_time", (q) => q.gt("_creationTime", state.sweptThrough).lte("_creationTime", cutoff))
      .take(SWEEP_BATCH_SIZE);
    for (const file of files) await deleteIfUnused(ctx, file._id);
    const full = files.length === SWEEP_BATCH_SIZE;
    const sweptThrough = full ? (files.at(-1)?._creationTime ?? cutoff) : cutoff;
    await ctx.db.patch(state._id, { sweptThrough: Math.max(state.sweptThrough, sweptThrough) });
    if (full) await ctx.scheduler.runAfter(0, internal.files.sweepOrphans, {});
  },
});

async function deleteIfUnused(ctx: MutationCtx, storageId: Id<"_storage">): Promise<void> {
  const upload = await uploadOf(ctx, storageId);
  if (upload?.attached) return;
  if (upload !== null) await ctx.db.delete(upload._id);
  await ctx.storage.delete(storageId);
}
