/**
 * What a report names, looked up: who is behind it (the one a suspension would be for), and
 * what a moderator needs to see of it in the queue. Removal goes through cascade.ts, the very
 * deletes the owners use.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import {
  deleteBook,
  deleteBookComment,
  deleteChatMessage,
  deleteChatRoom,
  deleteMessage,
  deletePost,
  deletePostComment,
  deleteReportsOf,
} from "../../cascade";
import { imageUrl } from "../images";
import { profileOf } from "../profile-lookup";
import { profileSearchFields } from "../search/profiles";
import { PROFILE_TEXT_FIELDS, type ImageRef } from "../../shared/validators";
import type { ReportTarget, ReportTargetKind } from "../../shared/moderation-validators";

/** A reported thing as the queue shows it. `parentId` is the book, post or room a comment or message belongs to. */
export type TargetContent = {
  authorId: Id<"users">;
  title: string | null;
  text: string | null;
  image: ImageRef | undefined;
  parentId: string | null;
  /** A private message's conversation: only its two participants may report it. */
  conversationId?: Id<"conversations">;
};

/** The target's content, or null when it no longer exists. */
export async function loadTarget(ctx: QueryCtx, target: ReportTarget): Promise<TargetContent | null> {
  switch (target.kind) {
    case "book": {
      const book = await ctx.db.get(target.id);
      return book && content(book.userId, book.title, book.description ?? null, book.image);
    }
    case "post": {
      const post = await ctx.db.get(target.id);
      return post && content(post.userId, post.title, post.description, post.image);
    }
    case "bookComment": {
      const comment = await ctx.db.get(target.id);
      return comment && { ...content(comment.authorId, null, comment.text), parentId: comment.bookId };
    }
    case "postComment": {
      const comment = await ctx.db.get(target.id);
      return comment && { ...content(comment.authorId, null, comment.text), parentId: comment.postId };
    }
    case "chatRoom": {
      const room = await ctx.db.get(target.id);
      return room && content(room.createdBy, room.name, room.description ?? null, room.image);
    }
    case "chatMessage": {
      const message = await ctx.db.get(target.id);
      return message && { ...content(message.userId, null, message.text, message.image), parentId: message.roomId };
    }
    case "message": {
      const message = await ctx.db.get(target.id);
      return (
        message && {
          ...content(message.senderId, null, message.text, message.image),
          conversationId: message.conversationId,
        }
      );
    }
    case "profile": {
      const profile = await profileOf(ctx, target.id);
      return (
        profile && content(profile.userId, profile.displayName, profile.aboutMe ?? null, urlImage(profile.photoURL))
      );
    }
  }
}

function content(authorId: Id<"users">, title: string | null, text: string | null, image?: ImageRef): TargetContent {
  return { authorId, title, text, image, parentId: null };
}

/** Avatars are preset paths or https URLs; only the URLs are worth a thumbnail. */
function urlImage(photoURL: string | undefined): ImageRef | undefined {
  return photoURL?.startsWith("https://") ? { url: photoURL } : undefined;
}

/** The queue's view of the content: the image resolved to a URL for a thumbnail. */
export async function contentView(ctx: QueryCtx, content: TargetContent) {
  return {
    title: content.title,
    text: content.text,
    imageUrl: await imageUrl(ctx, content.image),
    parentId: content.parentId,
  };
}

/** A short line naming the item in the audit log, which outlives it. */
export function summaryOf(content: TargetContent): string {
  const words = content.title ?? content.text ?? "";
  return words.length > 120 ? `${words.slice(0, 119)}…` : words;
}

/**
 * Removes the target exactly as its owner's delete does (cascade.ts), reports included. A
 * profile cannot be deleted (the account stays), so it is cleared: the name back to the
 * seed's placeholder, the avatar and every free-text field gone.
 */
export async function removeTarget(ctx: MutationCtx, target: ReportTarget): Promise<void> {
  switch (target.kind) {
    case "book":
      return await removeIfPresent(ctx, await ctx.db.get(target.id), deleteBook);
    case "post":
      return await removeIfPresent(ctx, await ctx.db.get(target.id), deletePost);
    case "bookComment":
      return await removeIfPresent(ctx, await ctx.db.get(target.id), deleteBookComment);
    case "postComment":
      return await removeIfPresent(ctx, await ctx.db.get(target.id), deletePostComment);
    case "chatRoom":
      return await removeIfPresent(ctx, await ctx.db.get(target.id), deleteChatRoom);
    case "chatMessage":
      return await removeIfPresent(ctx, await ctx.db.get(target.id), deleteChatMessage);
    case "message":
      return await removeIfPresent(ctx, await ctx.db.get(target.id), deleteMessage);
    case "profile": {
      const profile = await profileOf(ctx, target.id);
      if (profile !== null) await ctx.db.patch(profile._id, clearedProfile());
      await deleteReportsOf(ctx, "profile", target.id);
      return;
    }
  }
}

async function removeIfPresent<T>(
  ctx: MutationCtx,
  doc: T | null,
  remove: (ctx: MutationCtx, doc: T) => Promise<void>,
): Promise<void> {
  if (doc !== null) await remove(ctx, doc);
}

function clearedProfile(): Partial<Doc<"profiles">> {
  const cleared: Partial<Doc<"profiles">> = { displayName: "New User", photoURL: undefined };
  for (const field of PROFILE_TEXT_FIELDS) cleared[field] = undefined;
  // Search finds the cleared profile by its placeholder name only (issue 33).
  return { ...cleared, ...profileSearchFields({ displayName: "New User" }) };
}

/** The kind and id as the reportedItems and log rows keep them. */
export function targetKey(target: ReportTarget): { kind: ReportTargetKind; id: string } {
  return { kind: target.kind, id: target.id };
}

const TABLE_OF = {
  book: "books",
  post: "posts",
  bookComment: "bookComments",
  postComment: "postComments",
  chatRoom: "chatRooms",
  chatMessage: "chatMessages",
  message: "messages",
  profile: "users",
} as const satisfies Record<ReportTargetKind, string>;

/** The typed target behind a stored kind and id (null if the id is not one of that table's). */
export function storedTarget(ctx: QueryCtx, kind: ReportTargetKind, id: string): ReportTarget | null {
  const normalized = ctx.db.normalizeId(TABLE_OF[kind], id);
  return normalized === null ? null : ({ kind, id: normalized } as ReportTarget);
}
