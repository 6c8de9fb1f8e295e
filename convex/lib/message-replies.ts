/**
 * Replies in chat rooms and private messages (issue 32): which message a new one may answer, and
 * the quote a page of messages shows for each reply. Shared by chatMessages.ts and messages.ts.
 *
 * Rules (SECURITY.md, Replies and edits):
 * - A reply names a message of the SAME room or conversation, which still exists; anything else is
 *   refused with a clear message and nothing is stored.
 * - The original may be deleted later: the reply stays, and its quote says the original is gone.
 * - A page costs one `db.get` per replied message that is not on the page itself.
 */
import { ConvexError } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { excerptOf } from "../shared/message-excerpt";

export const REPLY_TO_DELETED = "That message was deleted.";
export const REPLY_OUTSIDE_ROOM = "You can only reply to a message in this room.";
export const REPLY_OUTSIDE_CONVERSATION = "You can only reply to a message in this conversation.";

type MessageTable = "chatMessages" | "messages";

/** What a page shows above a reply: the original's first line, or that it is gone (null: not a reply). */
export type ReplyQuote<Original extends Id<MessageTable>> =
  { _id: Original; authorName: string; excerpt: string; hasPicture: boolean } | { deleted: true } | null;

/**
 * The message a new one answers, checked: it exists and `belongsHere` (same room or
 * conversation), else the refusal. Undefined when the new message is not a reply.
 */
export async function checkedReplyTarget<T extends MessageTable>(
  ctx: QueryCtx,
  replyToId: Id<T> | undefined,
  belongsHere: (original: Doc<T>) => boolean,
  outsideRefusal: string,
): Promise<Id<T> | undefined> {
  if (replyToId === undefined) return undefined;
  const original = (await ctx.db.get(replyToId)) as Doc<T> | null;
  if (original === null) throw new ConvexError(REPLY_TO_DELETED);
  if (!belongsHere(original)) throw new ConvexError(outsideRefusal);
  return replyToId;
}

/** A stored message of either table, as far as replies need it. */
type StoredMessage = Doc<"chatMessages"> | Doc<"messages">;

/**
 * The originals the replies on `page` answer, by id (null: deleted since). One get per distinct
 * original that is not on the page itself, so a page of n messages reads at most n more.
 */
export async function originalsOf<M extends StoredMessage>(
  ctx: QueryCtx,
  page: readonly M[],
): Promise<Map<M["_id"], M | null>> {
  const found = new Map<M["_id"], M | null>(page.map((message) => [message._id, message]));
  const originals = new Map<M["_id"], M | null>();
  for (const message of page) {
    const replyToId: M["_id"] | undefined = message.replyToId;
    if (replyToId === undefined || originals.has(replyToId)) continue;
    // The original is of the same table as its reply (the schema's replyToId says so).
    if (!found.has(replyToId)) found.set(replyToId, (await ctx.db.get(replyToId)) as M | null);
    originals.set(replyToId, found.get(replyToId) ?? null);
  }
  return originals;
}

/** The quote a reply shows, given its original (looked up by originalsOf) and the original's author's name. */
export function quoteOf<M extends StoredMessage>(
  message: M,
  originals: Map<M["_id"], M | null>,
  authorName: (original: M) => string,
): ReplyQuote<M["_id"]> {
  const replyToId: M["_id"] | undefined = message.replyToId;
  if (replyToId === undefined) return null;
  const original = originals.get(replyToId) ?? null;
  if (original === null) return { deleted: true };
  return {
    _id: original._id,
    authorName: authorName(original),
    excerpt: excerptOf(original.text),
    hasPicture: original.image !== undefined,
  };
}
