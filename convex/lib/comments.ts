/**
 * What book comments and post comments share: the blank/limit rule for their text, the page
 * size cap, and how a comment looks to the reader (author's public face, whether it is theirs).
 */
import type { PaginationOptions } from "convex/server";
import { ConvexError } from "convex/values";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { requireOwner } from "./auth";
import { publicUsers, type PublicUser } from "./creators";
import { changeItemCount } from "./item-counts";
import { notifyMentions, writeMentionRefs } from "./mentions";
import { recordNotification, type ItemRef } from "./notifications/record";
import type { Mention } from "../shared/mentions";
import { cleanText, LIMITS } from "../shared/text";
import { withPageSizeCapped } from "./page-size";

export const COMMENT_REQUIRED = "Comment cannot be empty";
export const COMMENT_NOT_FOUND = "Comment not found";

/** Whatever the client asks for, a page holds 1 to 50 comments. */
const MAX_COMMENTS_PER_PAGE = 50;

export function cappedCommentPage(paginationOpts: PaginationOptions): PaginationOptions {
  return withPageSizeCapped(paginationOpts, MAX_COMMENTS_PER_PAGE);
}

/** The comment's stored text: blank is refused (seed §5), then trimmed and held to the limit. */
export function cleanComment(text: string): string {
  if (text.trim().length === 0) throw new ConvexError(COMMENT_REQUIRED);
  return cleanText(text, "Comment", LIMITS.comment);
}

/** The comment if it exists and `userId` wrote it; the seed's messages otherwise. */
export function ownComment<Comment extends { authorId: Id<"users"> }>(
  comment: Comment | null,
  userId: Id<"users">,
): Comment {
  if (comment === null) throw new ConvexError(COMMENT_NOT_FOUND);
  requireOwner(comment.authorId, userId);
  return comment;
}

type StoredComment = {
  _id: string;
  _creationTime: number;
  authorId: Id<"users">;
  text: string;
  mentions?: Mention[];
};

export type CommentView<Comment extends StoredComment> = {
  _id: Comment["_id"];
  _creationTime: number;
  text: string;
  /** The people the text @mentions, as spans of it (always sent; optional for older callers' fixtures). */
  mentions?: Mention[];
  author: PublicUser;
  isMine: boolean;
};

/** Comments as the reader sees them, in the same order: each author looked up once, never their e-mail. */
export async function commentViews<Comment extends StoredComment>(
  ctx: QueryCtx,
  comments: Comment[],
  viewerId: Id<"users">,
): Promise<CommentView<Comment>[]> {
  const authorOf = await publicUsers(
    ctx,
    comments.map((comment) => comment.authorId),
  );
  return comments.map((comment) => ({
    _id: comment._id,
    _creationTime: comment._creationTime,
    text: comment.text,
    mentions: comment.mentions ?? [],
    author: authorOf(comment.authorId),
    isMine: comment.authorId === viewerId,
  }));
}

/**
 * What follows a new comment on a book or post, in its own mutation: its mention refs, the
 * item's comment counter (not the item document), a comment notification to the item's owner,
 * and one to each person it mentions (the owner not twice).
 */
export async function afterCommentAdded(
  ctx: MutationCtx,
  {
    item,
    ownerId,
    authorId,
    commentId,
    mentions,
  }: {
    item: ItemRef;
    ownerId: Id<"users">;
    authorId: Id<"users">;
    commentId: Id<"bookComments"> | Id<"postComments">;
    mentions: readonly Mention[] | undefined;
  },
): Promise<void> {
  await writeMentionRefs(ctx, commentId, mentions);
  await changeItemCount(ctx, item.id, "comments", 1);
  await recordNotification(ctx, { kind: "comment", recipientId: ownerId, actorId: authorId, item, commentId });
  await notifyMentions(ctx, { authorId, mentions, target: item, sourceId: commentId, toldOtherwise: ownerId });
}
