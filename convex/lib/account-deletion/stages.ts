/**
 * The order in which a deleted account's data goes (lib/account-deletion/batches.ts), one kind
 * per stage. What moves someone else's counts goes while the things counted still exist
 * (comments and likes before the posts they sit on); private messages go before the
 * conversation rows their unread counts live on; presence before the rooms, so the rooms the
 * person was in are still listed when their rate limits are reset. Their @mentions in other
 * people's texts go after their own messages, comments, posts, books and rooms, whose deletes
 * take the mentions in them along. Imports only convex/values: the schema uses it.
 */
import { v, type Infer } from "convex/values";

export const accountDeletionStageValidator = v.union(
  v.literal("comments"),
  v.literal("likes"),
  v.literal("reactions"),
  v.literal("views"),
  v.literal("privateMessages"),
  v.literal("chatMessages"),
  v.literal("presence"),
  v.literal("posts"),
  v.literal("books"),
  v.literal("chatRooms"),
  v.literal("mentions"),
  v.literal("friends"),
  v.literal("reports"),
  v.literal("duma"),
  v.literal("exports"),
  v.literal("uploads"),
  v.literal("conversations"),
  v.literal("moderation"),
  v.literal("moderationLog"),
  v.literal("notifications"),
  v.literal("finish"),
);

export type AccountDeletionStage = Infer<typeof accountDeletionStageValidator>;

/** The stages in the order they run; every stage of the validator, once. */
export const ACCOUNT_DELETION_STAGES: readonly AccountDeletionStage[] = [
  "comments",
  "likes",
  "reactions",
  "views",
  "privateMessages",
  "chatMessages",
  "presence",
  "posts",
  "books",
  "chatRooms",
  "mentions",
  "friends",
  "reports",
  "duma",
  "exports",
  "uploads",
  "conversations",
  "moderation",
  "moderationLog",
  "notifications",
  "finish",
];

/** Where a deletion starts: the first of the list (a test checks). */
export const FIRST_STAGE: AccountDeletionStage = "comments";
