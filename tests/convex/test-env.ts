/// <reference types="vite/client" />
import { convexTest } from "convex-test";
import type { Id } from "../../convex/_generated/dataModel";
import schema from "../../convex/schema";
import { profileSearchFields } from "../../convex/lib/search/profiles";
import { DEFAULT_PERSONALITY } from "../../convex/shared/validators";
import { registerComponents } from "./components";

export const modules = import.meta.glob(["../../convex/**/*.ts", "../../convex/**/*.js", "!../../convex/**/*.d.ts"]);

/** The app's functions on convex-test, with the components of convex.config.ts installed. */
export function newBackend() {
  return registerComponents(convexTest(schema, modules));
}

export type TestBackend = ReturnType<typeof newBackend>;

/**
 * Creates a user (verified unless told otherwise) with a profile, and returns the id
 * and a client acting as that user, the way Convex Auth's JWT subject ("userId|sessionId") names it.
 */
export async function signedInUser(
  t: TestBackend,
  { name = "Test User", email, verified = true }: { name?: string; email?: string; verified?: boolean } = {},
) {
  const userId: Id<"users"> = await t.run(async (ctx) => {
    const address =
      email ?? `${name.toLowerCase().replace(/\s+/g, ".")}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const id = await ctx.db.insert("users", {
      email: address,
      ...(verified ? { emailVerificationTime: Date.now() } : {}),
    });
    await ctx.db.insert("profiles", {
      userId: id,
      email: address,
      displayName: name,
      personality: DEFAULT_PERSONALITY,
      // As createProfileOnceVerified writes it: findable by search (issue 33).
      ...profileSearchFields({ displayName: name }),
      searchHidden: false,
    });
    return id;
  });
  const sessionId = await t.run((ctx) =>
    ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 3_600_000 }),
  );
  return { userId, as: t.withIdentity({ subject: `${userId}|${sessionId}` }) };
}
