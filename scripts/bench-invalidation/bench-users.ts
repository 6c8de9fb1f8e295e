/**
 * Bench users and their clients (this bench's and scripts/bench-chat.ts's): verified users with
 * profiles, signed in as Convex Auth signs them in (a session and an RS256 token with subject
 * "user|session"), without a password hash each; and official ConvexClients over WebSockets.
 */
import { ConvexClient } from "convex/browser";
import { importPKCS8, SignJWT } from "jose";
import WebSocket from "ws";
import type { Id } from "../../convex/_generated/dataModel";
import { DEFAULT_PERSONALITY } from "../../convex/shared/validators";
import type { Engine } from "../../local-backend/engine/types";

export type BenchUser = { userId: Id<"users">; token: string };

/** Users made in one transaction each (convex-test's limits allow this many small inserts). */
const USERS_PER_TRANSACTION = 100;

/** `count` verified users named `${prefix} 0…`, with profiles and tokens valid for 2 h. */
export async function benchUsers(engine: Engine, count: number, prefix: string): Promise<BenchUser[]> {
  const key = await importPKCS8(engine.env.JWT_PRIVATE_KEY ?? "", "RS256");
  const issuer = engine.env.CONVEX_SITE_URL ?? "";
  const users: BenchUser[] = [];
  for (let start = 0; start < count; start += USERS_PER_TRANSACTION) {
    const end = Math.min(count, start + USERS_PER_TRANSACTION);
    const batch = await engine.admin.run(async (ctx) => {
      const made: { userId: Id<"users">; sessionId: string }[] = [];
      for (let index = start; index < end; index++) {
        const email = `${prefix.toLowerCase().replace(/\W/g, "")}${index}@example.com`;
        const userId = await ctx.db.insert("users", { email, emailVerificationTime: Date.now() });
        await ctx.db.insert("profiles", {
          userId,
          email,
          displayName: `${prefix} ${index}`,
          personality: DEFAULT_PERSONALITY,
        });
        const sessionId = await ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 7_200_000 });
        made.push({ userId, sessionId });
      }
      return made;
    });
    for (const { userId, sessionId } of batch) {
      const token = await new SignJWT({ sub: `${userId}|${sessionId}` })
        .setProtectedHeader({ alg: "RS256" })
        .setIssuedAt()
        .setIssuer(issuer)
        .setAudience("convex")
        .setExpirationTime("2h")
        .sign(key);
      users.push({ userId, token });
    }
  }
  return users;
}

/** An official client of the backend at `url`, signed in with `token`. */
export function connect(url: string, token: string): ConvexClient {
  const client = new ConvexClient(url, {
    webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
  });
  client.setAuth(async () => token);
  return client;
}
