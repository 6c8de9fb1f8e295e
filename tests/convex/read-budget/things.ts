/**
 * Things a row of the read-budget matrix uses up (a post to remove, a comment to edit): made in
 * the row's setup, outside the meter, as heavy as the community's busiest, so a removal that
 * walked every dependent in one transaction would blow its budget.
 */
import type { Id } from "../../../convex/_generated/dataModel";
import type { Engine } from "../../../local-backend/engine/types";
import { PNG_BYTES } from "../book-fixtures";
import type { Community } from "./community";

/** Dependents a removed thing carries: comments, likes and views, a room's messages, reports. */
const DEPENDENTS = 1_000;

export async function heavyPost(engine: Engine, c: Community, authorId: Id<"users">): Promise<Id<"posts">> {
  return await engine.admin.run(async (ctx) => {
    const postId = await ctx.db.insert("posts", {
      title: "Heavy post",
      description: "Many comments.",
      category: "art",
      image: { url: "https://example.com/heavy.png" },
      userId: authorId,
      updatedAt: Date.now(),
      views: DEPENDENTS,
      likes: DEPENDENTS,
      comments: DEPENDENTS,
    });
    for (let i = 0; i < DEPENDENTS; i++) {
      const userId = c.users[1 + i]!;
      await ctx.db.insert("postComments", { postId, authorId: userId, text: `Comment ${i}` });
      await ctx.db.insert("likes", { targetId: postId, userId });
      await ctx.db.insert("views", { targetId: postId, userId, viewedAt: Date.now() });
    }
    return postId;
  });
}

export async function heavyBook(engine: Engine, c: Community): Promise<Id<"books">> {
  return await engine.admin.run(async (ctx) => {
    const bookId = await ctx.db.insert("books", {
      title: "Heavy book",
      image: { url: "https://example.com/heavy.png" },
      userId: c.hub.userId,
      updatedAt: Date.now(),
      views: DEPENDENTS,
      likes: DEPENDENTS,
      comments: DEPENDENTS,
    });
    for (let i = 0; i < DEPENDENTS; i++) {
      const userId = c.users[1 + i]!;
      await ctx.db.insert("bookComments", { bookId, authorId: userId, text: `Comment ${i}` });
      await ctx.db.insert("likes", { targetId: bookId, userId });
      await ctx.db.insert("views", { targetId: bookId, userId, viewedAt: Date.now() });
    }
    return bookId;
  });
}

export async function heavyRoom(engine: Engine, c: Community): Promise<Id<"chatRooms">> {
  return await engine.admin.run(async (ctx) => {
    const roomId = await ctx.db.insert("chatRooms", { name: "Heavy room", createdBy: c.hub.userId });
    for (let i = 0; i < DEPENDENTS; i++) {
      await ctx.db.insert("chatMessages", { roomId, userId: c.users[1 + i]!, text: `Message ${i}` });
    }
    return roomId;
  });
}

/** A heavy post by the neighbour, reported by DEPENDENTS people. */
export async function heavilyReportedPost(engine: Engine, c: Community): Promise<Id<"posts">> {
  const postId = await heavyPost(engine, c, c.neighbour.userId);
  await engine.admin.run(async (ctx) => {
    const itemId = await ctx.db.insert("reportedItems", {
      targetKind: "post",
      targetId: postId,
      authorId: c.neighbour.userId,
      reportCount: DEPENDENTS,
      lastReportedAt: Date.now(),
    });
    for (let i = 0; i < DEPENDENTS; i++) {
      await ctx.db.insert("reports", { itemId, reporterId: c.users[100 + i]!, reason: "spam" });
    }
  });
  return postId;
}

export async function hubChatMessage(engine: Engine, c: Community): Promise<Id<"chatMessages">> {
  return await engine.admin.run((ctx) =>
    ctx.db.insert("chatMessages", { roomId: c.busiestRoom, userId: c.hub.userId, text: "Mine" }),
  );
}

export async function hubMessage(engine: Engine, c: Community): Promise<Id<"messages">> {
  return await engine.admin.run((ctx) =>
    ctx.db.insert("messages", { conversationId: c.busiestConversation, senderId: c.hub.userId, text: "Mine" }),
  );
}

export async function hubPostComment(engine: Engine, c: Community): Promise<Id<"postComments">> {
  return await engine.admin.run(async (ctx) => {
    const post = await ctx.db.get(c.busyPost);
    await ctx.db.patch(c.busyPost, { comments: (post?.comments ?? 0) + 1 });
    return await ctx.db.insert("postComments", { postId: c.busyPost, authorId: c.hub.userId, text: "Mine" });
  });
}

export async function hubBookComment(engine: Engine, c: Community): Promise<Id<"bookComments">> {
  return await engine.admin.run(async (ctx) => {
    const book = await ctx.db.get(c.busyBook);
    await ctx.db.patch(c.busyBook, { comments: (book?.comments ?? 0) + 1 });
    return await ctx.db.insert("bookComments", { bookId: c.busyBook, authorId: c.hub.userId, text: "Mine" });
  });
}

/** A picture the hub uploaded and confirmed (files.confirmUpload), free to attach once. */
export async function hubUpload(engine: Engine, c: Community): Promise<string> {
  const storageId = await engine.storeFile(new Blob([PNG_BYTES], { type: "image/png" }));
  await engine.runAction("files:confirmUpload", { storageId }, c.hub.identity);
  return storageId;
}
