/**
 * What "Remove all content of this person" removes, kind by kind, in the order it goes: the
 * small things first (comments and messages, one or two rows each), then what owns others
 * (posts, books, rooms, whose comments, likes and messages cascade.ts deletes in batches of
 * their own). So a person's comment under their own post is counted as their comment, not
 * swept away uncounted with the post. Imports only convex/values: the schema uses it.
 */
import { v, type Infer } from "convex/values";

export const REMOVAL_KINDS = [
  "bookComment",
  "postComment",
  "chatMessage",
  "message",
  "post",
  "book",
  "chatRoom",
] as const;
export type RemovalKind = (typeof REMOVAL_KINDS)[number];

export const contentRemovalCountsValidator = v.object({
  bookComment: v.number(),
  postComment: v.number(),
  chatMessage: v.number(),
  message: v.number(),
  post: v.number(),
  book: v.number(),
  chatRoom: v.number(),
});
export type ContentRemovalCounts = Infer<typeof contentRemovalCountsValidator>;

export function noneRemoved(): ContentRemovalCounts {
  return { bookComment: 0, postComment: 0, chatMessage: 0, message: 0, post: 0, book: 0, chatRoom: 0 };
}

const NAMES: Record<RemovalKind, [one: string, many: string]> = {
  bookComment: ["book comment", "book comments"],
  postComment: ["post comment", "post comments"],
  chatMessage: ["chat message", "chat messages"],
  message: ["private message", "private messages"],
  post: ["post", "posts"],
  book: ["book", "books"],
  chatRoom: ["chat room", "chat rooms"],
};

/** "12 items: 3 posts, 9 chat messages" (kinds with none left out), or "nothing". */
export function describeCounts(counts: ContentRemovalCounts): string {
  const total = REMOVAL_KINDS.reduce((sum, kind) => sum + counts[kind], 0);
  if (total === 0) return "nothing";
  const parts = REMOVAL_KINDS.filter((kind) => counts[kind] > 0).map(
    (kind) => `${counts[kind]} ${NAMES[kind][counts[kind] === 1 ? 0 : 1]}`,
  );
  return `${total} ${total === 1 ? "item" : "items"}: ${parts.join(", ")}`;
}
