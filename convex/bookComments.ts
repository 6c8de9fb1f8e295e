import { paginationOptsValidator } from "convex/server";
import { ConvexError, v } from "convex/values";
import { existingBook } from "./books";
import { requireOwner } from "./lib/auth";
import { publicUsers } from "./lib/creators";
import { userMutation, userQuery } from "./lib/functions";
import { cleanText, LIMITS } from "./lib/text";

export const COMMENT_REQUIRED = "Comment cannot be empty";
export const COMMENT_NOT_FOUND = "Comment not found";

/** A book's comments, newest first, a page at a time (works with usePaginatedQuery). */
export const list = userQuery({
  args: { bookId: v.id("books"), paginationOpts: paginationOptsValidator },
  handler: async (ctx, { bookId, paginationOpts }) => {
    // Never more than 50 per page, whatever the client asks for.
    const numItems = Math.min(Math.max(1, paginationOpts.numItems), 50);
    const result = await ctx.db
      .query("bookComments")
      .withIndex("by_bookId", (q) => q.eq("bookId", bookId))
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
        text: comment.text,
        author: authorOf(comment.authorId),
        isMine: comment.authorId === ctx.user._id,
      })),
    };
  },
});

/** Adds a comment and moves the book's comment count in the same mutation. */
export const add = userMutation({
  args: { bookId: v.id("books"), text: v.string() },
  handler: async (ctx, { bookId, text }) => {
    const book = await existingBook(ctx, bookId);
    if (text.trim().length === 0) throw new ConvexError(COMMENT_REQUIRED);
    const cleaned = cleanText(text, "Comment", LIMITS.comment);
    const commentId = await ctx.db.insert("bookComments", { bookId: book._id, authorId: ctx.user._id, text: cleaned });
    await ctx.db.patch(book._id, { comments: book.comments + 1 });
    return commentId;
  },
});

/** Only the comment's author deletes it; the count moves with it. */
export const remove = userMutation({
  args: { commentId: v.id("bookComments") },
  handler: async (ctx, { commentId }) => {
    const comment = await ctx.db.get(commentId);
    if (comment === null) throw new ConvexError(COMMENT_NOT_FOUND);
    requireOwner(comment.authorId, ctx.user._id);
    await ctx.db.delete(comment._id);
    const book = await ctx.db.get(comment.bookId);
    if (book) await ctx.db.patch(book._id, { comments: Math.max(0, book.comments - 1) });
  },
});
