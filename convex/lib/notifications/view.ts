/**
 * A notification row as /notifications shows it (NotificationView of the shared contract): the
 * actor's public face, the item's title (null once it is gone: "This was removed") and, for a
 * friend add, whether the reader can add them back. At most three documents per row.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import type { NotificationTarget, NotificationView } from "../../shared/notifications";
import { publicUsers, type PublicUser } from "../creators";
import { hasAdded } from "../profile-lookup";

/**
 * A page of rows as views: each distinct actor and item is read once for the page (a page of one
 * person's likes, or of likes of one post, reads it once), so at most 1 + 2 documents a row.
 */
export async function notificationViews(ctx: QueryCtx, rows: Doc<"notifications">[]): Promise<NotificationView[]> {
  const actorOf = await publicUsers(
    ctx,
    rows.flatMap((row) => (row.actorId === undefined ? [] : [row.actorId])),
  );
  const targets = new Map<string, Promise<NotificationTarget | null>>();
  const targetOnce = (row: Doc<"notifications">) => {
    const key = `${row.kind === "friendAdded" ? "profile" : row.targetKind}:${row.targetId ?? row.actorId}`;
    let target = targets.get(key);
    if (target === undefined) {
      target = targetOf(ctx, row);
      targets.set(key, target);
    }
    return target;
  };
  return await Promise.all(
    rows.map(
      async (row) =>
        await viewOf(ctx, row, row.actorId === undefined ? null : actorOf(row.actorId), await targetOnce(row)),
    ),
  );
}

async function viewOf(
  ctx: QueryCtx,
  row: Doc<"notifications">,
  actor: PublicUser | null,
  target: NotificationTarget | null,
): Promise<NotificationView> {
  const view: NotificationView = {
    _id: row._id,
    kind: row.kind,
    read: row.read,
    updatedAt: row.updatedAt,
    actor,
    othersCount: Math.max(0, row.actorCount - 1),
    target,
  };
  if (row.kind === "friendAdded" && row.actorId !== undefined) {
    view.canAddBack = !(await hasAdded(ctx, row.recipientId, row.actorId));
  }
  if (row.outcome !== undefined) view.outcome = row.outcome;
  if (row.reason !== undefined) view.reason = row.reason;
  if (row.removedWhat !== undefined) view.removedWhat = row.removedWhat;
  return view;
}

async function targetOf(ctx: QueryCtx, row: Doc<"notifications">): Promise<NotificationTarget | null> {
  if (row.kind === "friendAdded") return row.actorId === undefined ? null : { kind: "profile", id: row.actorId };
  if (row.targetKind === undefined || row.targetId === undefined) return null;
  switch (row.targetKind) {
    case "book": {
      const book = await getAs(ctx, "books", row.targetId);
      return book === null ? null : { kind: "book", id: book._id, title: book.title };
    }
    case "post": {
      const post = await getAs(ctx, "posts", row.targetId);
      return post === null ? null : { kind: "post", id: post._id, title: post.title };
    }
    case "chatRoom": {
      const room = await getAs(ctx, "chatRooms", row.targetId);
      return room === null ? null : { kind: "chatRoom", id: room._id, title: room.name };
    }
  }
}

async function getAs<T extends "books" | "posts" | "chatRooms">(
  ctx: QueryCtx,
  table: T,
  id: string,
): Promise<Doc<T> | null> {
  const normalized: Id<T> | null = ctx.db.normalizeId(table, id);
  return normalized === null ? null : await ctx.db.get(normalized);
}
