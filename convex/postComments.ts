import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { deletePostComment } from "./cascade";
import { existingPost } from "./posts";
import { cappedCommentPage, cleanComment, commentViews, ownComment } from "./lib/comments";
import { userMutation, userQuery } from "./lib/functions";
import { changeItemCount } from "./lib/item-counts";

export { COMMENT_NOT_FOUND, COMMENT_REQUIRED } from "./lib/comments";

/** A post's comments, newest first, a page at a time (works with usePaginatedQuery). */
export const list = userQuery({
  args: { postId: v.id("posts"), paginationOpts: paginationOptsValidator },
  handler: async (ctx, { postId, paginationOpts }) => {
    const result = await ctx.db
      .query("postComments")
      .withIndex("by_postId", (q) => q.eq("postId", postId))
      .order("desc")
      .paginate(cappedCommentPage(paginationOpts));
    const views = await commentViews(ctx, result.page, ctx.user._id);
    return {
      ...result,
      page: views.map((view, index) => ({ ...view, editedAt: result.page[index]?.editedAt ?? null })),
    };
  },
});

/**
 * Adds a comment and moves the post's comment counter in the same mutation (lib/item-counts.ts:
 * not the post document, so lists showing the post do not re-run until the next refresh).
 */
export const add = userMutation({
  args: { postId: v.id("posts"), text: v.string() },
  handler: async (ctx, { postId, text }) => {
    const post = await existingPost(ctx, postId);
    const commentId = await ctx.db.insert("postComments", {
      postId: post._id,
      authorId: ctx.user._id,
      text: cleanComment(text),
    });
    await changeItemCount(ctx, post._id, "comments", 1);
    return commentId;
  },
});

/** Only the comment's author changes its text; blank text is refused (seed §5: ignored). */
export const edit = userMutation({
  args: { commentId: v.id("postComments"), text: v.string() },
  handler: async (ctx, { commentId, text }) => {
    const comment = ownComment(await ctx.db.get(commentId), ctx.user._id);
    await ctx.db.patch(comment._id, { text: cleanComment(text), editedAt: Date.now() });
  },
});

/** Only the comment's author deletes it; the count moves with it. */
export const remove = userMutation({
  args: { commentId: v.id("postComments") },
  handler: async (ctx, { commentId }) => {
    await deletePostComment(ctx, ownComment(await ctx.db.get(commentId), ctx.user._id));
  },
});
