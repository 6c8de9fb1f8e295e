import type { Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { DELETED_USER_NAME, type PublicUser } from "../shared/public-user";
import { profileOf } from "./profile-lookup";

export type { PublicUser };

/** The public face of a user from their profile ("Deleted user" when none exists). */
export async function publicUser(ctx: QueryCtx, userId: Id<"users">): Promise<PublicUser> {
  const profile = await profileOf(ctx, userId);
  return {
    userId,
    displayName: profile?.displayName ?? DELETED_USER_NAME,
    photoURL: profile?.photoURL ?? null,
  };
}

/**
 * Looks each distinct user up once, for lists where many items share a creator.
 * Returns a function from user id to their public face.
 */
export async function publicUsers(ctx: QueryCtx, userIds: Id<"users">[]): Promise<(userId: Id<"users">) => PublicUser> {
  const distinct = [...new Set(userIds)];
  const people = await Promise.all(distinct.map((userId) => publicUser(ctx, userId)));
  const byId = new Map(people.map((person) => [person.userId, person]));
  return (userId) => byId.get(userId) ?? { userId, displayName: DELETED_USER_NAME, photoURL: null };
}
