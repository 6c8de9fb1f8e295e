/**
 * Uploads (PRODUCT D3): the browser gets a one-time URL, POSTs the resized image, then confirms
 * the returned storage id here. Confirming checks the stored bytes really are an allowed image
 * and records the caller as the file's owner; only then can a book or post use it (once).
 * Files nobody confirmed or used are deleted by the sweep an hour after their upload.
 */
import { ConvexError, v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { action, internalMutation, internalQuery, type ActionCtx, type MutationCtx } from "./_generated/server";
import {
  IMAGE_TOO_LARGE,
  isAllowedImage,
  MAX_UPLOAD_BYTES,
  SNIFF_BYTES,
  UNSUPPORTED_IMAGE,
} from "./shared/image-types";
import { requireVerifiedUser } from "./lib/auth";
import { userMutation } from "./lib/functions";
import { takeUploadAllowance } from "./lib/upload-limits";
import { UPLOAD_NOT_FOUND, uploadOf } from "./lib/uploads";

/** How long an upload may wait for the document that uses it before the sweep deletes it. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** Files looked at per sweep run (more are left to a follow-up run). */
export const SWEEP_BATCH_SIZE = 200;

/** A one-time URL the browser POSTs an image to; only verified users may upload, within an allowance. */
export const generateUploadUrl = userMutation({
  args: {},
  handler: async (ctx) => {
    await takeUploadAllowance(ctx, ctx.user._id);
    // The file is stored after this commits, so it is newer than the sweep's starting point.
    if ((await sweepState(ctx)) === null) await startSweeping(ctx);
    return await ctx.storage.generateUploadUrl();
  },
});

/**
 * Makes a fresh upload the caller's: it must be at most MAX_UPLOAD_BYTES, and its first bytes
 * must be JPEG, PNG, WebP or GIF and match its declared type (a file that is not is deleted).
 * The size is read from the file's metadata before its bytes are loaded. Returns the storage id to save.
 *
 * An upload URL is a bare token (on Convex as here): one handed out before its holder was
 * suspended or deleted still stores a file. So the uploader is checked here, and a file whose
 * uploader is refused is deleted with the refusal, never claimed (`uploaderOrDiscard`, `claim`).
 * Built on `action` rather than `userAction` for that reason only: userAction's check would
 * refuse before the file could be deleted. The check is the same one (`users.verifiedCaller`).
 */
export const confirmUpload = action({
  args: { storageId: v.id("_storage") },
  handler: async (ctx, { storageId }): Promise<Id<"_storage">> => {
    await uploaderOrDiscard(ctx, storageId);
    const file = await ctx.runQuery(internal.files.unclaimedFile, { storageId });
    if (file === null) throw new ConvexError(UPLOAD_NOT_FOUND);
    const refuse = async (message: string): Promise<never> => {
      await ctx.runMutation(internal.files.deleteUnclaimed, { storageId });
      throw new ConvexError(message);
    };
    if (file.size > MAX_UPLOAD_BYTES) return await refuse(IMAGE_TOO_LARGE);
    // Storage can only hand out the whole file; the size check above bounds what this loads.
    const blob = await ctx.storage.get(storageId);
    if (blob !== null && blob.size > MAX_UPLOAD_BYTES) return await refuse(IMAGE_TOO_LARGE);
    const head = blob === null ? new Uint8Array() : new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer());
    if (!isAllowedImage(file.contentType, head)) return await refuse(UNSUPPORTED_IMAGE);
    const refusal = await ctx.runMutation(internal.files.claim, { storageId });
    if (refusal !== null) throw new ConvexError(refusal);
    return storageId;
  },
});

/**
 * The caller, checked as every public function checks it (`users.verifiedCaller`); when they
 * are refused (signed out, their account deleted, unverified, suspended), the unclaimed file
 * they name is deleted before the refusal goes back, so the bytes a stale upload URL stored go
 * at once instead of at the next orphan sweep. Only a file nobody claimed can go this way.
 */
async function uploaderOrDiscard(ctx: ActionCtx, storageId: Id<"_storage">): Promise<Doc<"users">> {
  try {
    return await ctx.runQuery(internal.users.verifiedCaller, {});
  } catch (error) {
    if (error instanceof ConvexError) await ctx.runMutation(internal.files.deleteUnclaimed, { storageId });
    throw error;
  }
}

/**
 * The declared content type ("" when none) and size in bytes of a stored file nobody has claimed
 * yet; null when gone or claimed.
 */
export const unclaimedFile = internalQuery({
  args: { storageId: v.id("_storage") },
  handler: async (ctx, { storageId }): Promise<{ contentType: string; size: number } | null> => {
    const file = await ctx.db.system.get(storageId);
    if (file === null || (await uploadOf(ctx, storageId)) !== null) return null;
    return { contentType: file.contentType ?? "", size: file.size };
  },
});

export const deleteUnclaimed = internalMutation({
  args: { storageId: v.id("_storage") },
  handler: async (ctx, { storageId }) => await deleteUnclaimedFile(ctx, storageId),
});

async function deleteUnclaimedFile(ctx: MutationCtx, storageId: Id<"_storage">): Promise<void> {
  if ((await uploadOf(ctx, storageId)) !== null) return;
  if ((await ctx.db.system.get(storageId)) !== null) await ctx.storage.delete(storageId);
}

/**
 * Records the caller as the owner; the first claim wins (only the uploader knows a fresh,
 * unguessable id). The caller is checked again in this transaction, since a suspension or an
 * account deletion may commit while confirmUpload runs: then the unclaimed file is deleted and
 * the refusal returned, not thrown (a throw would undo the deletion). Null once claimed.
 */
export const claim = internalMutation({
  args: { storageId: v.id("_storage") },
  handler: async (ctx, { storageId }): Promise<string | null> => {
    const owner = await verifiedCallerOrRefusal(ctx);
    if ("refusal" in owner) {
      await deleteUnclaimedFile(ctx, storageId);
      return owner.refusal;
    }
    const existing = await uploadOf(ctx, storageId);
    if (existing !== null && existing.ownerId !== owner._id) throw new ConvexError(UPLOAD_NOT_FOUND);
    if (existing === null) await ctx.db.insert("uploads", { storageId, ownerId: owner._id, attached: false });
    return null;
  },
});

/** requireVerifiedUser, with its refusal as a value (so the caller can still write). */
async function verifiedCallerOrRefusal(ctx: MutationCtx): Promise<Doc<"users"> | { refusal: string }> {
  try {
    return await requireVerifiedUser(ctx);
  } catch (error) {
    if (error instanceof ConvexError && typeof error.data === "string") return { refusal: error.data };
    throw error;
  }
}

/**
 * Deletes files no document uses an hour after their upload: never confirmed, or confirmed and
 * never attached. Walks `_storage` by creation time from where the last run stopped, so each
 * file is looked at once, starting where the first upload URL was handed out (startSweeping),
 * so uploads made before the sweep's first run are swept too.
 */
export const sweepOrphans = internalMutation({
  args: {},
  handler: async (ctx) => {
    const now = Date.now();
    const state = await sweepState(ctx);
    if (state === null) {
      // Nobody asked for an upload URL yet: whatever is stored is older than this code's uploads.
      await startSweeping(ctx);
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

/** How far the sweep has looked; null until the first upload URL (or sweep run). */
async function sweepState(ctx: MutationCtx): Promise<Doc<"uploadSweeps"> | null> {
  return await ctx.db.query("uploadSweeps").first();
}

/**
 * Starts the sweep at the current time, the first time it is needed: when the first upload URL
 * is handed out (or a sweep runs before any), so every file uploaded through this code is newer
 * and gets looked at, however soon after a deploy it came. Older files never are: those from
 * before the `uploads` table may be a book's or post's image without an `uploads` row, which the
 * sweep would take for an orphan.
 */
async function startSweeping(ctx: MutationCtx): Promise<void> {
  await ctx.db.insert("uploadSweeps", { sweptThrough: Date.now() });
}

async function deleteIfUnused(ctx: MutationCtx, storageId: Id<"_storage">): Promise<void> {
  const upload = await uploadOf(ctx, storageId);
  if (upload?.attached) return;
  if (upload !== null) await ctx.db.delete(upload._id);
  await ctx.storage.delete(storageId);
}
