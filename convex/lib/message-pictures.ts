/**
 * One picture on a chat-room or private message (issue 32). The file goes through the upload
 * rules of book covers and posts: files.confirmUpload has already checked its bytes (JPEG, PNG,
 * WebP or GIF) and its size (at most 5 MB: a 40 MB file is deleted there with "Only images up to
 * 5 MB can be uploaded"), and attaching it here makes sure it is the sender's own, confirmed and
 * not used by anything else yet. Deleting the message deletes the file (cascade.ts).
 */
import { ConvexError, v } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { PICTURE_ALT_MAX } from "../shared/message-extras";
import { cleanOptionalText } from "../shared/text";
import { previewOf } from "./conversations";
import { deleteOwnedUpload } from "./uploads";
import { validateUploadedImage } from "./images";

/** The optional arguments of chatMessages.send and messages.send that carry a picture. */
export const pictureArgs = {
  image: v.optional(v.object({ storageId: v.id("_storage") })),
  imageAlt: v.optional(v.string()),
};

export const ALT_WITHOUT_PICTURE = "Alt text describes a picture: attach one first.";

/**
 * A picture as a sender gives it (a confirmed upload of theirs, optional words describing it) and
 * as both message tables store it (schema.ts messageExtraFields); all absent without one.
 */
export type PictureFields = { image?: { storageId: Id<"_storage"> }; imageAlt?: string };

/**
 * Checks the picture's alt text without writing anything, so a send refused for it uses no flood
 * allowance: trimmed, at most PICTURE_ALT_MAX characters, blank = none, and only with a picture.
 */
export function checkedPictureAlt({ image, imageAlt }: PictureFields): string | undefined {
  const alt = cleanOptionalText(imageAlt, "Alt text", PICTURE_ALT_MAX);
  if (alt !== undefined && image === undefined) throw new ConvexError(ALT_WITHOUT_PICTURE);
  return alt;
}

/**
 * Makes the sender's upload this message's (validateUploadedImage: their own, confirmed, unused;
 * anything else is "not found" and the whole send rolls back) and returns the fields to store.
 * Call it after every check that can refuse the message, as the last step before the insert.
 */
export async function attachPicture(
  ctx: MutationCtx,
  senderId: Id<"users">,
  picture: PictureFields,
): Promise<PictureFields> {
  const alt = checkedPictureAlt(picture);
  if (picture.image === undefined) return {};
  const image = await validateUploadedImage(ctx, picture.image, senderId);
  return alt === undefined ? { image } : { image, imageAlt: alt };
}

/** What a reader gets for a message's picture: the file's URL (null if the file is gone) and its alt text. */
export type PictureView = { url: string | null; alt: string | null } | null;

/**
 * The pictures of a page of messages, looked up once each (one storage.getUrl per picture on the
 * page, none for text-only messages); returns a lookup for the page's `list` mapping.
 */
export async function pagePictures<Message extends PictureFields & { _id: string }>(
  ctx: QueryCtx,
  page: readonly Message[],
): Promise<(message: Message) => PictureView> {
  const views = new Map<string, PictureView>();
  await Promise.all(
    page.map(async (message) => {
      if (message.image === undefined) return;
      const url = await ctx.storage.getUrl(message.image.storageId);
      views.set(message._id, { url, alt: message.imageAlt ?? null });
    }),
  );
  return (message) => views.get(message._id) ?? null;
}

/** What a picture-only message says in the conversation list. */
export const PICTURE_PREVIEW = "📷 Picture";

/** The conversation list's line for a private message: its text, or "📷 Picture" when it has only a picture. */
export function messagePreview(message: PictureFields & { text: string }): string {
  const text = previewOf(message.text);
  if (message.image === undefined) return text;
  return text.length === 0 ? PICTURE_PREVIEW : previewOf(`📷 ${text}`);
}

/**
 * Deletes a message's stored picture with the message (its own delete, moderation removal, an
 * account's deletion, its room's deletion): only a file its sender uploaded, as lib/uploads.ts
 * allows. Costs at most 2 writes (the `uploads` row and the file).
 */
export async function deleteMessagePicture(
  ctx: MutationCtx,
  message: Doc<"chatMessages"> | Doc<"messages">,
): Promise<void> {
  if (message.image === undefined) return;
  const senderId = "userId" in message ? message.userId : message.senderId;
  await deleteOwnedUpload(ctx, message.image.storageId, senderId);
}
