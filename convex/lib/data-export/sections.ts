/**
 * The pages "Download my data" reads (issue 30): each call reads one page of one kind of the
 * person's things through its index and turns it into readable rows (ISO dates, the names of
 * the other people, image paths inside the ZIP). The building action calls these one page at a
 * time, so no single query comes near Convex's limits whatever the person has (5,000 posts:
 * 25 pages of EXPORT_PAGE_SIZE).
 *
 * Every table with a user id, and where it goes:
 *   profiles, users (own row)           → profile.json           friends (rows they added) → friends.json
 *   books, posts                        → books.json, posts.json (+ their uploaded images under images/)
 *   bookComments, postComments          → book-comments.json, post-comments.json
 *   likes (given)                       → likes.json
 *   conversationMembers, messages       → messages.json (only conversations the person is in)
 *   chatRooms (created), chatMessages   → chat-rooms.json, chat-messages.json
 *   messageReactions (given)            → reactions.json (the emoji, the message and where it is)
 *   dumaDecks, dumaReigns               → duma.json
 *   notificationPreferences             → notification-preferences.json (every kind, on or off)
 * Not exported, on purpose: views (when they looked at things: not something they wrote),
 * uploads (bookkeeping of the files above), reports and reportedItems (moderation records),
 * roles, suspensions, contentRemovals, moderationLog (moderation records about them), chatTyping,
 * presence, sign-in and mail counters, auth tables (sessions, password hashes), dataExports,
 * mentionRefs (an internal index of who is mentioned where; the mentions are in the texts above),
 * chatRoomReads and conversationTyping (how far they read a room, whether they are typing: like
 * views, when they looked at things, not something they wrote).
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import type { ImageRef } from "../../shared/validators";
import type { NotificationPreferences } from "../../shared/notifications";
import { preferencesFrom, preferencesRow } from "../notifications/preferences";

/** Rows per query: a page of posts at the 5,000-character description limit stays near 1 MB read. */
export const EXPORT_PAGE_SIZE = 200;

/** What a row may hold: JSON without undefined (absent fields are null, so every file has the same keys). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonRow = { [key: string]: JsonValue };

/** A stored image to copy into the ZIP at `path`. */
export type ExportImage = { path: string; storageId: Id<"_storage"> };

export type ExportPage = { rows: JsonRow[]; images: ExportImage[]; continueCursor: string; isDone: boolean };

/** The paged kinds, in the order the ZIP gets them. */
export const PAGED_SECTIONS = [
  "friends",
  "books",
  "posts",
  "bookComments",
  "postComments",
  "likes",
  "conversations",
  "chatRooms",
  "chatMessages",
  "reactions",
  "dumaReigns",
] as const;
export type PagedSection = (typeof PAGED_SECTIONS)[number];

/** The name shown where someone's account is gone (account deletion shows the same). */
export const DELETED_USER = "Deleted user";

export const iso = (ms: number): string => new Date(ms).toISOString();
const isoOrNull = (ms: number | undefined): string | null => (ms === undefined ? null : iso(ms));

/** Names of the people a page mentions, each looked up once per page. */
class Names {
  private readonly known = new Map<Id<"users">, string>();
  constructor(private readonly ctx: QueryCtx) {}

  async of(userId: Id<"users">): Promise<string> {
    const cached = this.known.get(userId);
    if (cached !== undefined) return cached;
    const profile = await this.ctx.db
      .query("profiles")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .first();
    const name = profile?.displayName ?? DELETED_USER;
    this.known.set(userId, name);
    return name;
  }
}

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

/**
 * Where an image appears in a row: its path inside the ZIP for an uploaded file (added to
 * `images`), the address for a linked one, null for none or a file that is gone.
 */
async function imageField(
  ctx: QueryCtx,
  image: ImageRef | undefined,
  folder: string,
  ownerDocId: string,
  images: ExportImage[],
): Promise<string | null> {
  if (image === undefined) return null;
  if ("url" in image) return image.url;
  const file = await ctx.db.system.get(image.storageId);
  if (file === null) return null;
  const path = `images/${folder}/${ownerDocId}.${EXTENSIONS[file.contentType ?? ""] ?? "img"}`;
  images.push({ path, storageId: image.storageId });
  return path;
}

/** One page of one kind of the person's things, oldest first. */
export async function readSectionPage(
  ctx: QueryCtx,
  userId: Id<"users">,
  section: PagedSection,
  cursor: string | null,
): Promise<ExportPage> {
  const opts = { numItems: EXPORT_PAGE_SIZE, cursor };
  const names = new Names(ctx);
  const images: ExportImage[] = [];
  const db = ctx.db;
  const done = (page: { continueCursor: string; isDone: boolean }, rows: JsonRow[]): ExportPage => ({
    rows,
    images,
    continueCursor: page.continueCursor,
    isDone: page.isDone,
  });
  switch (section) {
    case "friends": {
      const page = await db
        .query("friends")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .paginate(opts);
      return done(page, await each(page.page, async (row) => friendRow(row, await names.of(row.friendId))));
    }
    case "books": {
      const page = await db
        .query("books")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .paginate(opts);
      return done(
        page,
        await each(page.page, async (book) =>
          bookRow(book, await imageField(ctx, book.image, "books", book._id, images)),
        ),
      );
    }
    case "posts": {
      const page = await db
        .query("posts")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .paginate(opts);
      return done(
        page,
        await each(page.page, async (post) =>
          postRow(post, await imageField(ctx, post.image, "posts", post._id, images)),
        ),
      );
    }
    case "bookComments": {
      const page = await db
        .query("bookComments")
        .withIndex("by_authorId", (q) => q.eq("authorId", userId))
        .paginate(opts);
      return done(
        page,
        await each(page.page, async (comment) => ({
          id: comment._id,
          book: await itemSummary(names, await db.get(comment.bookId), comment.bookId),
          text: comment.text,
          createdAt: iso(comment._creationTime),
        })),
      );
    }
    case "postComments": {
      const page = await db
        .query("postComments")
        .withIndex("by_authorId", (q) => q.eq("authorId", userId))
        .paginate(opts);
      return done(
        page,
        await each(page.page, async (comment) => ({
          id: comment._id,
          post: await itemSummary(names, await db.get(comment.postId), comment.postId),
          text: comment.text,
          createdAt: iso(comment._creationTime),
          editedAt: isoOrNull(comment.editedAt),
        })),
      );
    }
    case "likes": {
      const page = await db
        .query("likes")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .paginate(opts);
      return done(
        page,
        await each(page.page, async (like) => {
          const isBook = db.normalizeId("books", like.targetId) !== null;
          return {
            kind: isBook ? "book" : "post",
            item: await itemSummary(names, await db.get(like.targetId), like.targetId),
            likedAt: iso(like._creationTime),
          };
        }),
      );
    }
    case "conversations": {
      const page = await db
        .query("conversationMembers")
        .withIndex("by_userId_and_lastMessageAt", (q) => q.eq("userId", userId))
        .paginate(opts);
      return done(
        page,
        await each(page.page, async (member) => ({
          conversationId: member.conversationId,
          with: { userId: member.otherUserId, name: await names.of(member.otherUserId) },
        })),
      );
    }
    case "chatRooms": {
      const page = await db
        .query("chatRooms")
        .withIndex("by_createdBy", (q) => q.eq("createdBy", userId))
        .paginate(opts);
      return done(
        page,
        await each(page.page, async (room) => ({
          id: room._id,
          name: room.name,
          description: room.description ?? null,
          image: await imageField(ctx, room.image, "chat-rooms", room._id, images),
          createdAt: iso(room._creationTime),
        })),
      );
    }
    case "chatMessages": {
      const page = await db
        .query("chatMessages")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .paginate(opts);
      const rooms = new Map<Id<"chatRooms">, string | null>();
      return done(
        page,
        await each(page.page, async (message) => {
          if (!rooms.has(message.roomId)) rooms.set(message.roomId, (await db.get(message.roomId))?.name ?? null);
          return {
            id: message._id,
            room: { id: message.roomId, name: rooms.get(message.roomId) ?? null },
            text: message.text,
            // The picture they sent, copied into the ZIP (lib/message-pictures.ts).
            image: await imageField(ctx, message.image, "chat-messages", message._id, images),
            imageAlt: message.imageAlt ?? null,
            sentAt: iso(message._creationTime),
          };
        }),
      );
    }
    case "reactions": {
      const page = await db
        .query("messageReactions")
        .withIndex("by_userId_and_messageId", (q) => q.eq("userId", userId))
        .paginate(opts);
      return done(page, await each(page.page, (reaction) => reactionRow(ctx, reaction)));
    }
    case "dumaReigns": {
      const page = await db
        .query("dumaReigns")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .paginate(opts);
      return done(
        page,
        page.page.map((reign) => ({
          days: reign.days,
          endingId: reign.endingId,
          swipes: reign.swipes,
          achievedAt: iso(reign.achievedAt),
        })),
      );
    }
  }
}

/**
 * One page of a conversation's messages, oldest first, sent and received. Only a conversation
 * the person is in: anything else reads as empty, so another pair's messages can never appear.
 */
export async function readMessagesPage(
  ctx: QueryCtx,
  userId: Id<"users">,
  conversationId: Id<"conversations">,
  cursor: string | null,
): Promise<ExportPage> {
  const conversation = await ctx.db.get(conversationId);
  if (conversation === null || !conversation.participants.includes(userId)) {
    return { rows: [], images: [], continueCursor: "", isDone: true };
  }
  const names = new Names(ctx);
  const page = await ctx.db
    .query("messages")
    .withIndex("by_conversationId", (q) => q.eq("conversationId", conversationId))
    .paginate({ numItems: EXPORT_PAGE_SIZE, cursor });
  const images: ExportImage[] = [];
  const rows = await each(page.page, async (message) => ({
    id: message._id,
    from: message.senderId === userId ? "you" : await names.of(message.senderId),
    fromUserId: message.senderId,
    text: message.text,
    // Pictures of both people, as their texts: the conversation is the person's.
    image: await imageField(ctx, message.image, "messages", message._id, images),
    imageAlt: message.imageAlt ?? null,
    sentAt: iso(message._creationTime),
  }));
  return { rows, images, continueCursor: page.continueCursor, isDone: page.isDone };
}

/** The person's own account, profile and Duma deck: single documents, read once. */
export async function readProfile(
  ctx: QueryCtx,
  userId: Id<"users">,
): Promise<{ profile: JsonRow; duma: JsonRow; notificationPreferences: NotificationPreferences }> {
  const user = await ctx.db.get(userId);
  const profile = await ctx.db
    .query("profiles")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .first();
  const deck = await ctx.db
    .query("dumaDecks")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .first();
  return {
    profile: {
      userId,
      email: user?.email ?? profile?.email ?? null,
      emailVerifiedAt: isoOrNull(user?.emailVerificationTime),
      memberSince: isoOrNull(user?._creationTime),
      profile: profile === null ? null : profileFields(profile),
    },
    duma: {
      deck: deck === null ? null : { cards: deck.cards, endings: deck.endings, updatedAt: iso(deck.updatedAt) },
    },
    notificationPreferences: preferencesFrom(await preferencesRow(ctx, userId)),
  };
}

/** Every field the person filled in, without the bookkeeping ones (ids, counters, flags). */
function profileFields(profile: Doc<"profiles">): JsonRow {
  const {
    _id: _profileId,
    _creationTime: _created,
    userId: _userId,
    friendCount: _friendCount,
    askedForName: _askedForName,
    // Search's copies of the fields above and its flag (issue 33, lib/search/).
    searchText: _searchText,
    searchHidden: _searchHidden,
    ...fields
  } = profile;
  return JSON.parse(JSON.stringify(fields)) as JsonRow;
}

function friendRow(row: Doc<"friends">, name: string): JsonRow {
  return { userId: row.friendId, name, addedAt: iso(row._creationTime) };
}

function bookRow(book: Doc<"books">, image: string | null): JsonRow {
  return {
    id: book._id,
    title: book.title,
    author: book.author ?? null,
    contact: book.contact ?? null,
    description: book.description ?? null,
    image,
    source: book.source ?? null,
    createdAt: iso(book._creationTime),
    updatedAt: iso(book.updatedAt),
    views: book.views,
    likes: book.likes,
    comments: book.comments,
  };
}

function postRow(post: Doc<"posts">, image: string | null): JsonRow {
  return {
    id: post._id,
    title: post.title,
    category: post.category,
    description: post.description,
    image,
    createdAt: iso(post._creationTime),
    updatedAt: iso(post.updatedAt),
    views: post.views,
    likes: post.likes,
    comments: post.comments,
  };
}

/** A reaction they gave: the emoji, when, and the message (a room's or a conversation's; null once gone). */
async function reactionRow(ctx: QueryCtx, reaction: Doc<"messageReactions">): Promise<JsonRow> {
  const message = await ctx.db.get(reaction.messageId);
  const inRoom = ctx.db.normalizeId("chatMessages", reaction.messageId) !== null;
  return {
    emoji: reaction.emoji,
    reactedAt: iso(reaction._creationTime),
    message: {
      id: reaction.messageId,
      kind: inRoom ? "chat room" : "private",
      roomId: message !== null && "roomId" in message ? message.roomId : null,
      conversationId: message !== null && "conversationId" in message ? message.conversationId : null,
    },
  };
}

/** The book or post a comment or like is about: its title and who added it (null fields once it is gone). */
async function itemSummary(names: Names, item: Doc<"books"> | Doc<"posts"> | null, id: string): Promise<JsonRow> {
  if (item === null) return { id, title: null, by: null };
  return { id, title: item.title, by: await names.of(item.userId) };
}

/** Builds rows one after another (each may look a name up; the page is small). */
async function each<T>(docs: T[], build: (doc: T) => Promise<JsonRow>): Promise<JsonRow[]> {
  const rows: JsonRow[] = [];
  for (const doc of docs) rows.push(await build(doc));
  return rows;
}
