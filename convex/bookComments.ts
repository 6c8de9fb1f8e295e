import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { existingBook } from "./books";
import { deleteBookComment } from "./cascade";
import { afterCommentAdded, cappedCommentPage, cleanComment, commentViews, ownComment } from "./lib/comments";
import { userMutation, userQuery } from "./lib/functions";
import { checkedMentions } from "./lib/mentions";
import { mentionsValidator } from "./shared/mentions";

export { COMMENT_NOT_FOUND, COMMENT_REQUIRED } from "./lib/comments";

/** A book's comments, newest first, a page at a time (works with usePaginatedQuery). */
export const list = userQuery({
  args: { bookId: v.id("books"), paginationOpts: paginationOptsValidator },
  handler: async (ctx, { bookId, paginationOpts }) => {
    const result = await ctx.db
      .query("bookComments")
      .withIndex("by_bookId", (q) => q.eq("bookId", bookId))
      .order("desc")
      .paginate(cappedCommentPage(paginationOpts));
    return { ...result, page: await commentViews(ctx, result.page, ctx.user._id) };
  },
});

/**
 * Adds a comment and moves the book's comment counter in the same mutation (lib/item-counts.ts:
 * not the book document, so the board does not re-run until the next refresh).
 */
export const add = userMutation({
  args: { bookId: v.id("books"), text: v.string(), mentions: mentionsValidator },
  handler: async (ctx, { bookId, text, mentions }) => {
    const book = await existingBook(ctx, bookId);
    const cleaned = cleanComment(text);
    const kept = await checkedMentions(ctx, text, cleaned, mentions);
    const commentId = await ctx.db.insert("bookComments", {
      bookId: book._id,
      authorId: ctx.user._id,
      text: cleaned,
      ...(kept === undefined ? {} : { mentions: kept }),
    });
    await afterCommentAdded(ctx, {
      item: { kind: "book", id: book._id },
      ownerId: book.userId,
      authorId: ctx.user._id,
      commentId,
      mentions: kept,
    });
    return commentId;
  },
});

/** Only the comment's author deletes it; the count moves with it. */
export const remove = userMutation({
  args: { commentId: v.id("bookComments") },
  handler: async (ctx, { commentId }) => {
    await deleteBookComment(ctx, ownComment(await ctx.db.get(commentId), ctx.user._id));
  },
});
