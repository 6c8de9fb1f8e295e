import { ConvexError, v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx, QueryCtx } from "./_generated/server";
import { deleteBook } from "./cascade";
import { requireOwner } from "./lib/auth";
import { getCounter, incrementCounter, pageCount } from "./lib/counters";
import { publicUser, publicUsers } from "./lib/creators";
import { sharedFigureQuery, userMutation, userQuery } from "./lib/functions";
import { deleteReplacedImage, imageUrl, isBlankImageUrl, sameStoredImage, validateImage } from "./lib/images";
import { exactItemCounts } from "./lib/item-counts";
import { isLikedBy, toggleLike as toggleLikeRow } from "./lib/likes";
import { recordNotification } from "./lib/notifications/record";
import { newestFirstPage } from "./lib/newest-first-page";
import { cleanOptionalText, cleanText, LIMITS } from "./shared/text";
import { imageRefValidator } from "./shared/validators";
import { recordView as recordViewRow } from "./lib/views";
import { bookSearchText } from "./lib/search/text";

/** Seed §9: eight books per page. */
export const BOOKS_PAGE_SIZE = 8;
/** How many other books by the same person the details page shows. */
export const OTHER_BOOKS_LIMIT = 6;

export const BOOK_NOT_FOUND = "Book not found";
export const TITLE_AND_IMAGE_REQUIRED = "Title and image are required";

/**
 * One page of the board, newest first (its page count is `totalPages`, read from a counter).
 * Read from the index as a stream reads it, so a watched page keeps exactly BOOKS_PAGE_SIZE books on
 * Convex as books are added in front of it (see newestFirstPage and streamPage). `isDone` is exact: true exactly when no book comes
 * after this page, which the counter alone cannot tell (17 books, page 2 open, two of page 1
 * deleted: the counter says 2 pages, yet a book still follows page 2).
 */
export const page = userQuery({
  args: { cursor: v.union(v.string(), v.null()) },
  handler: async (ctx, { cursor }) => {
    const result = await newestFirstPage(ctx.db, "books", cursor, BOOKS_PAGE_SIZE);
    return {
      books: await toCards(ctx, result.page),
      isDone: result.isDone,
      continueCursor: result.continueCursor,
    };
  },
});

/**
 * How many pages the board fills ("Page x of y"), from the books counter: apart from `page`, so a
 * new book re-runs only the pages it lands on (page 1), not every open page of the board; shared
 * by all readers (sharedFigureQuery).
 */
export const totalPages = sharedFigureQuery({
  args: {},
  handler: async (ctx) => pageCount(await getCounter(ctx, "books"), BOOKS_PAGE_SIZE),
});

/** One book with everything the details and edit pages show; null when the id names no book. */
export const get = userQuery({
  args: { bookId: v.string() },
  handler: async (ctx, { bookId }) => {
    // The id comes from the address bar, so a malformed one is "not found", not a crash.
    const id = ctx.db.normalizeId("books", bookId);
    const book = id === null ? null : await ctx.db.get(id);
    if (book === null) return null;
    return {
      _id: book._id,
      _creationTime: book._creationTime,
      updatedAt: book.updatedAt,
      title: book.title,
      description: book.description ?? "",
      contact: book.contact ?? "",
      imageUrl: await imageUrl(ctx, book.image),
      /** The remote address when the cover is a URL rather than an upload (the edit page shows it). */
      remoteImageUrl: "url" in book.image ? book.image.url : null,
      // Exact, from the book's counters: the document's fields are the cards' snapshot.
      ...(await exactItemCounts(ctx, book)),
      likedByMe: await isLikedBy(ctx, book._id, ctx.user._id),
      isOwner: book.userId === ctx.user._id,
      creator: await publicUser(ctx, book.userId),
    };
  },
});

/** A few books of one user, newest first, optionally without the one being viewed. */
export const byUser = userQuery({
  args: { userId: v.id("users"), excludeBookId: v.optional(v.id("books")) },
  handler: async (ctx, { userId, excludeBookId }) => {
    const books = await ctx.db
      .query("books")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .order("desc")
      .take(OTHER_BOOKS_LIMIT + 1);
    const others = books.filter((book) => book._id !== excludeBookId).slice(0, OTHER_BOOKS_LIMIT);
    return await toCards(ctx, others);
  },
});

const bookFields = {
  title: v.string(),
  description: v.optional(v.string()),
  contact: v.optional(v.string()),
};

export const create = userMutation({
  args: { ...bookFields, image: v.optional(imageRefValidator) },
  handler: async (ctx, args): Promise<Id<"books">> => {
    if (args.image === undefined || isBlankImageUrl(args.image)) throw new ConvexError(TITLE_AND_IMAGE_REQUIRED);
    const text = cleanBookText(args);
    const image = await validateImage(ctx, args.image, ctx.user._id);
    const bookId = await ctx.db.insert("books", {
      ...text,
      searchText: bookSearchText(text),
      image,
      userId: ctx.user._id,
      updatedAt: Date.now(),
      views: 0,
      likes: 0,
      comments: 0,
      countsInCounters: true,
    });
    await incrementCounter(ctx, "books", 1);
    return bookId;
  },
});

/** The owner changes the text and, optionally, the cover (the replaced upload is deleted). */
export const update = userMutation({
  args: { bookId: v.id("books"), ...bookFields, image: v.optional(imageRefValidator) },
  handler: async (ctx, { bookId, image, ...fields }) => {
    const book = await ownBook(ctx, bookId);
    if (image !== undefined && isBlankImageUrl(image)) throw new ConvexError(TITLE_AND_IMAGE_REQUIRED);
    const text = cleanBookText(fields);
    const unchanged = image === undefined || sameStoredImage(image, book.image);
    const nextImage = unchanged ? book.image : await validateImage(ctx, image, ctx.user._id);
    const searchText = bookSearchText({ ...book, ...text });
    await ctx.db.patch(book._id, { ...text, searchText, image: nextImage, updatedAt: Date.now() });
    await deleteReplacedImage(ctx, book.image, nextImage, book.userId);
  },
});

/** The owner deletes a book with its comments, likes, views and stored cover. */
export const remove = userMutation({
  args: { bookId: v.id("books") },
  handler: async (ctx, { bookId }) => {
    await deleteBook(ctx, await ownBook(ctx, bookId));
  },
});

/** Likes or unlikes the book for the caller; returns the new state and count. */
export const toggleLike = userMutation({
  args: { bookId: v.id("books") },
  handler: async (ctx, { bookId }) => {
    const book = await existingBook(ctx, bookId);
    const liked = await toggleLikeRow(ctx, book._id, ctx.user._id);
    // A like tells the owner (an event row only: lib/notifications/record.ts); an unlike tells nobody.
    if (liked) {
      await recordNotification(ctx, {
        kind: "like",
        recipientId: book.userId,
        actorId: ctx.user._id,
        item: { kind: "book", id: book._id },
      });
    }
    // Not the count, which would read every shard of the counter (see posts.toggleLike).
    return { liked };
  },
});

/** Counts the caller's view unless they were counted recently (reloads do not inflate views). */
export const recordView = userMutation({
  args: { bookId: v.id("books") },
  handler: async (ctx, { bookId }) => {
    const book = await existingBook(ctx, bookId);
    return await recordViewRow(ctx, book._id, ctx.user._id);
  },
});

/** The book or a "Book not found" error (also used by the comments module). */
export async function existingBook(ctx: QueryCtx, bookId: Id<"books">): Promise<Doc<"books">> {
  const book = await ctx.db.get(bookId);
  if (book === null) throw new ConvexError(BOOK_NOT_FOUND);
  return book;
}

async function ownBook(ctx: MutationCtx & { user: Doc<"users"> }, bookId: Id<"books">): Promise<Doc<"books">> {
  const book = await existingBook(ctx, bookId);
  requireOwner(book.userId, ctx.user._id);
  return book;
}

function cleanBookText(fields: { title: string; description?: string; contact?: string }) {
  if (fields.title.trim().length === 0) throw new ConvexError(TITLE_AND_IMAGE_REQUIRED);
  return {
    title: cleanText(fields.title, "Title", LIMITS.title),
    description: cleanOptionalText(fields.description, "Description", LIMITS.description),
    contact: cleanOptionalText(fields.contact, "Contact info", LIMITS.contact),
  };
}

/** What a card in a grid needs: cover URL, title and who added it (the board, search). */
export async function toCards(ctx: QueryCtx, books: Doc<"books">[]) {
  const creatorOf = await publicUsers(
    ctx,
    books.map((book) => book.userId),
  );
  return await Promise.all(
    books.map(async (book) => ({
      _id: book._id,
      _creationTime: book._creationTime,
      title: book.title,
      imageUrl: await imageUrl(ctx, book.image),
      likes: book.likes,
      comments: book.comments,
      creator: creatorOf(book.userId),
    })),
  );
}
