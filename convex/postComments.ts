import { paginationOptsValidator } from "convex/server";
import { ConvexError, v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { existingPost } from "./posts";
import { requireOwner } from "./lib/auth";
import { publicUsers } from "./lib/creators";
import { userMutation, userQuery } from "./lib/functions";
import { cleanText, LIMITS } from "./lib/text";

export const COMMENT_REQUIRED = "Comment cannot be empty";
export const COMMENT_NOT_FOUND = "Comment not found";

/** A post's comments, newest first, a page at a time (works with usePaginatedQuery). */
export const list = userQuery({
  args: { postId: v.id("posts"), paginationOpts: paginationOptsValidator },
  handler: async (ctx, { postId, paginationOpts }) => {
    // Never more than 50 per page, whatever the client asks for.
    const numItems = Math.min(Math.max(1, paginationOpts.numItems), 50);
    const result = await ctx.db
      .query("postComments")
      .withIndex("by_postId", (q) => q.eq("postId", postId))
      .order("desc")
      .paginate({ ...paginationOpts, numItems });
    const authorOf = await publicUsers(
      ctx,
      result.page.map((comment) => comment.authorId),
    );
    return {
      ...result,
      page: result.page.map((comment) => ({
        _id: comment._id,
        _creationTime: comment._creationTime,
        editedAt: comment.editedAt ?? null,
        text: comment.text,
        author: authorOf(comment.authorId),
        isMine: comment.authorId === ctx.user._id,
      })),
    };
  },
});

/** Adds a comment and moves the post's comment count in the same mutation. */
export const add = userMutation({
  args: { postId: v.id("posts"), text: v.string() },
  handler: async (ctx, { postId, text }) => {
    const post = await existingPost(ctx, postId);
    const commentId = await ctx.db.insert("postComments", {
      postId: post._id,
      authorId: ctx.user._id,
      text: cleanComment(text),
    });
    await ctx.db.patch(post._id, { comments: post.comments + 1 });
    return commentId;
  },
});

/** Only the comment's author changes its text; blank text is refused (seed §5: ignored). */
export const edit = userMutation({
  args: { commentId: v.id("postComments"), text: v.string() },
  handler: async (ctx, { commentId, text }) => {
    const comment = await ownComment(ctx, commentId);
    await ctx.db.patch(comment._id, { text: cleanComment(text), editedAt: Date.now() });
  },
});

/** Only the comment's author deletes it; the count moves with it. */
export const remove = userMutation({
  args: { commentId: v.id("postComments") },
  handler: async (ctx, { commentId }) => {
    const comment = await ownComment(ctx, commentId);
    await ctx.db.delete(comment._id);
    const post = await ctx.db.get(comment.postId);
    if (post) await ctx.db.patch(post._id, { comments: Math.max(0, post.comments - 1) });
  },
});

async function ownComment(
  ctx: MutationCtx & { user: Doc<"users"> },
  commentId: Id<"postComments">,
): Promise<Doc<"postComments">> {
  const comment = await ctx.db.get(commentId);
  if (comment === null) throw new ConvexError(COMMENT_NOT_FOUND);
  requireOwner(comment.authorId, ctx.user._id);
  return comment;
}

function cleanComment(text: string): string {
  if (text.trim().length === 0) throw new ConvexError(COMMENT_REQUIRED);
  return cleanText(text, "Comment", LIMITS.comment);
}
