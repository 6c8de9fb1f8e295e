import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { deletePostComment } from "./cascade";
import { existingPost } from "./posts";
import { afterCommentAdded, cappedCommentPage, cleanComment, commentViews, ownComment } from "./lib/comments";
import { userMutation, userQuery } from "./lib/functions";
import { checkedMentions, notifyMentions, replaceMentionRefs } from "./lib/mentions";
import { mentionsValidator } from "./shared/mentions";

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
  args: { postId: v.id("posts"), text: v.string(), mentions: mentionsValidator },
  handler: async (ctx, { postId, text, mentions }) => {
    const post = await existingPost(ctx, postId);
    const cleaned = cleanComment(text);
    const kept = await checkedMentions(ctx, text, cleaned, mentions);
    const commentId = await ctx.db.insert("postComments", {
      postId: post._id,
      authorId: ctx.user._id,
      text: cleaned,
      ...(kept === undefined ? {} : { mentions: kept }),
    });
    await afterCommentAdded(ctx, {
      item: { kind: "post", id: post._id },
      ownerId: post.userId,
      authorId: ctx.user._id,
      commentId,
      mentions: kept,
    });
    return commentId;
  },
});

/**
 * Only the comment's author changes its text; blank text is refused (seed §5: ignored). The
 * mentions are checked again against the new text: those sent, or without any sent the old
 * ones whose span still reads "@Name" there. Only people the edit adds are notified.
 */
export const edit = userMutation({
  args: { commentId: v.id("postComments"), text: v.string(), mentions: mentionsValidator },
  handler: async (ctx, { commentId, text, mentions }) => {
    const comment = ownComment(await ctx.db.get(commentId), ctx.user._id);
    const cleaned = cleanComment(text);
    // Sent spans are of the text as sent; the old ones are of the stored (trimmed) text.
    const kept =
      mentions === undefined
        ? await checkedMentions(ctx, cleaned, cleaned, comment.mentions)
        : await checkedMentions(ctx, text, cleaned, mentions);
    await ctx.db.patch(comment._id, { text: cleaned, mentions: kept, editedAt: Date.now() });
    await replaceMentionRefs(ctx, comment._id, kept);
    await notifyMentions(ctx, {
      authorId: ctx.user._id,
      mentions: kept,
      before: comment.mentions,
      target: { kind: "post", id: comment.postId },
      sourceId: comment._id,
      // The post's owner heard of this comment when it was added.
      toldOtherwise: (await ctx.db.get(comment.postId))?.userId,
    });
  },
});

/** Only the comment's author deletes it; the count moves with it. */
export const remove = userMutation({
  args: { commentId: v.id("postComments") },
  handler: async (ctx, { commentId }) => {
    await deletePostComment(ctx, ownComment(await ctx.db.get(commentId), ctx.user._id));
  },
});
