/**
 * The demo users of a fresh local backend: verified password accounts made the way Convex Auth
 * makes them (createAccount hashes the password with the Password provider's own hashing), so
 * signing in through the real `auth:signIn` action works. Each gets a profile with one of the
 * preset avatars, so the feed, the chats and /friends show faces from the first start.
 */
import { createAccount } from "@convex-dev/auth/server";
import type { Id } from "../../convex/_generated/dataModel";
import { AVATARS } from "../../convex/shared/avatars";
import { DEFAULT_PERSONALITY } from "../../convex/shared/validators";
import { profileSearchFields } from "../../convex/lib/search/profiles";
import type { Engine } from "../engine/types";

export const DEMO_PASSWORD = "demo-password";

export const DEMO_USERS = [
  { key: "alice", email: "alice@example.com", displayName: "Alice", photoURL: AVATARS[0].url },
  { key: "bob", email: "bob@example.com", displayName: "Bob", photoURL: AVATARS[1].url },
  { key: "carol", email: "carol@example.com", displayName: "Carol", photoURL: AVATARS[2].url },
] as const;

export type DemoUsers = Record<(typeof DEMO_USERS)[number]["key"], Id<"users">>;

export async function seedUsers(engine: Engine): Promise<DemoUsers> {
  const users: Partial<DemoUsers> = {};
  for (const { key, email, displayName, photoURL } of DEMO_USERS) {
    users[key] = await createVerifiedUser(engine, email, displayName, photoURL);
  }
  return users as DemoUsers;
}

async function createVerifiedUser(
  engine: Engine,
  email: string,
  displayName: string,
  photoURL: string,
): Promise<Id<"users">> {
  const userId = await engine.admin.runAction(async (ctx) => {
    const { user } = await createAccount(ctx, {
      provider: "password",
      account: { id: email, secret: DEMO_PASSWORD },
      // `emailVerified` is Convex Auth's flag (not a users field): it marks the account's
      // email as verified, so sign-in does not ask for a code.
      profile: { email, emailVerified: true } as { email: string },
    });
    return user._id;
  });
  await engine.admin.run(async (ctx) => {
    const user = await ctx.db.get(userId);
    if (user !== null && user.emailVerificationTime === undefined) {
      await ctx.db.patch(userId, { emailVerificationTime: Date.now() });
    }
    // A sign-in callback may already have made the profile; then it only gets the demo name and face.
    const profile = await ctx.db
      .query("profiles")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .unique();
    // Written straight, so the search fields too (lib/search/profiles.ts, issue 33).
    if (profile === null) {
      await ctx.db.insert("profiles", {
        userId,
        email,
        displayName,
        photoURL,
        personality: DEFAULT_PERSONALITY,
        ...profileSearchFields({ displayName }),
        searchHidden: false,
      });
    } else {
      await ctx.db.patch(profile._id, { displayName, photoURL, ...profileSearchFields({ ...profile, displayName }) });
    }
  });
  return userId;
}
