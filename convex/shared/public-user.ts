import type { Id } from "../_generated/dataModel";

/**
 * The name shown for an id whose profile is gone: a deleted account (issue 30) whose id a
 * conversation, the moderation log or a chat member list still holds. Its photo is the default avatar.
 */
export const DELETED_USER_NAME = "Deleted user";

/** What other users may see of a person next to their content: never the e-mail. */
export type PublicUser = {
  userId: Id<"users">;
  displayName: string;
  photoURL: string | null;
};
