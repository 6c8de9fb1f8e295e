/**
 * The app the screenshots are taken of: the local backend on a free port with a fresh data
 * folder, serving a built client, and the demo content of `npm start` (local-backend/seed/).
 *
 * The demo content is dated relative to "now" (posts "3 days ago", messages "just now"), so two
 * runs a day apart, or even a minute apart, would show different texts. The seeding therefore
 * runs with the process clock moved to SEED_TIME, and the browser's clock is pinned a little
 * after it (BROWSER_TIME): every date and "… ago" on the screens is the same on every run.
 * Only the seeding is moved; the server answers the browser in real time (sign-in tokens must
 * be valid for the real clock), which the screens only show as "just now" (a view, a read mark).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Id } from "../../convex/_generated/dataModel";
import type { MutationCtx } from "../../convex/_generated/server";
import type { Engine, Identity } from "../../local-backend/engine/types";
import { seedDemoContent } from "../../local-backend/seed/run-seed";
import { DEMO_PASSWORD, DEMO_USERS } from "../../local-backend/seed/users";
import { startLocalBackend, type LocalBackend } from "../../local-backend/server/start-server";

/** When the demo content was "made": a fixed moment, in the past of every run (creation times only grow). */
export const SEED_TIME = Date.parse("2026-06-10T12:00:00Z");
/** The browser's frozen clock: 10 min 30 s after the seeding, away from any "N min ago" boundary. */
export const BROWSER_TIME = SEED_TIME + 10 * 60_000 + 30_000;

export type DemoUser = { email: string; password: string };
export const ALICE: DemoUser = { email: demoEmail("alice"), password: DEMO_PASSWORD };
/** Made a moderator here (the seed has none), so the moderation screen can be seen with something in it. */
export const CAROL: DemoUser = { email: demoEmail("carol"), password: DEMO_PASSWORD };

/** Ids of the demo documents the screens open; null when the seed has none (the screen is skipped). */
export type DemoIds = {
  alice: Id<"users">;
  otherUser: Id<"users"> | null;
  aliceBook: Id<"books"> | null;
  otherBook: Id<"books"> | null;
  alicePost: Id<"posts"> | null;
  conversation: Id<"conversations"> | null;
  chatRoom: Id<"chatRooms"> | null;
};

export type DemoApp = {
  url: string;
  engine: Engine;
  ids: DemoIds;
  /** CAROL once she is a moderator with a report to look at; null when that could not be set up. */
  moderator: DemoUser | null;
  close(): Promise<void>;
};

export async function startDemoApp(clientDir: string): Promise<DemoApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "screens-data-"));
  let backend: LocalBackend | undefined;
  try {
    // The seed places content at local hours (run-seed.ts daysAgoAt): the same hours on every
    // machine, in the time zone the browser is given (./capture.ts). Node reads TZ when it changes.
    process.env.TZ = "UTC";
    // Seeded here rather than by the server (seed: false), to run it at SEED_TIME.
    backend = await startLocalBackend({ port: 0, dataDir, staticDir: clientDir, seed: false, log: () => undefined });
    const engine = backend.engine;
    await atClock(SEED_TIME, () => seedDemoContent(engine));
    const ids = await demoIds(engine);
    const moderator = await atClock(SEED_TIME + 60_000, () => addModeration(engine));
    const running = backend;
    return {
      url: running.url,
      engine,
      ids,
      moderator,
      async close() {
        await running.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await backend?.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Runs `fn` with `Date.now` starting at `time` and advancing with the real clock (a frozen one
 * could stall anything that waits for time to pass). The seeders' own backdating (`asOf`) nests
 * inside it. Nothing but the seeding runs meanwhile: the browser is not started yet.
 */
async function atClock<T>(time: number, fn: () => Promise<T>): Promise<T> {
  const realNow = Date.now;
  const offset = realNow() - time;
  Date.now = () => realNow() - offset;
  try {
    return await fn();
  } finally {
    Date.now = realNow;
  }
}

function demoEmail(key: (typeof DEMO_USERS)[number]["key"]): string {
  const user = DEMO_USERS.find((candidate) => candidate.key === key);
  if (user === undefined) throw new Error(`no demo user "${key}" in local-backend/seed/users.ts`);
  return user.email;
}

/** The first of each kind of document the screens need, oldest first, so every run picks the same. */
async function demoIds(engine: Engine): Promise<DemoIds> {
  return await engine.admin.run(async (ctx) => {
    const alice = await userIdByEmail(ctx, ALICE.email);
    if (alice === null) throw new Error(`the demo seed made no account for ${ALICE.email}`);
    const bob = await userIdByEmail(ctx, demoEmail("bob"));
    const books = await ctx.db.query("books").order("asc").collect();
    const alicePost = await ctx.db
      .query("posts")
      .withIndex("by_userId", (q) => q.eq("userId", alice))
      .order("asc")
      .first();
    // Alice's conversation with Bob when there is one (the longest in the seed), else her first.
    const memberships = await ctx.db
      .query("conversationMembers")
      .withIndex("by_userId_and_lastMessageAt", (q) => q.eq("userId", alice))
      .collect();
    const conversation = memberships.find((member) => member.otherUserId === bob) ?? memberships[0] ?? null;
    const chatRoom = await ctx.db.query("chatRooms").order("asc").first();
    return {
      alice,
      otherUser: bob,
      aliceBook: books.find((book) => book.userId === alice)?._id ?? null,
      otherBook: books.find((book) => book.userId !== alice)?._id ?? null,
      alicePost: alicePost?._id ?? null,
      conversation: conversation?.conversationId ?? null,
      chatRoom: chatRoom?._id ?? null,
    };
  });
}

/**
 * Carol becomes a moderator (as the dashboard makes one: moderation:grantRole) and Bob reports
 * one of her posts, so the moderation screen shows a queue, an audit log entry and its buttons.
 * Alice's screens are untouched: none of her content is reported. Best effort: when the
 * functions changed, the screen is skipped with the reason.
 */
async function addModeration(engine: Engine): Promise<DemoUser | null> {
  try {
    await engine.admin.call("moderation:grantRole", { email: CAROL.email, role: "moderator" });
    const { bob, post } = await engine.admin.run(async (ctx) => {
      const carol = await userIdByEmail(ctx, CAROL.email);
      const carolsPost =
        carol === null
          ? null
          : await ctx.db
              .query("posts")
              .withIndex("by_userId", (q) => q.eq("userId", carol))
              .order("asc")
              .first();
      return { bob: await userIdByEmail(ctx, demoEmail("bob")), post: carolsPost?._id ?? null };
    });
    if (bob === null || post === null) throw new Error("the seed has no Bob, or no post of Carol's");
    await asUser(engine, bob, (identity) =>
      engine.runMutation(
        "reports:report",
        { target: { kind: "post", id: post }, reason: "spam", text: "Looks like an advert to me." },
        identity,
      ),
    );
    return CAROL;
  } catch (error) {
    console.warn(`No moderator screen: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** Calls public functions as `userId`, with a session of its own as a signed-in browser would have (as the seed does). */
async function asUser<T>(engine: Engine, userId: Id<"users">, fn: (identity: Identity) => Promise<T>): Promise<T> {
  const sessionId = await engine.admin.run((ctx) =>
    ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 3_600_000 }),
  );
  const issuer = engine.env.CONVEX_SITE_URL ?? "";
  const subject = `${userId}|${sessionId}`;
  try {
    return await fn({ subject, issuer, tokenIdentifier: `${issuer}|${subject}` });
  } finally {
    await engine.admin.run((ctx) => ctx.db.delete(sessionId));
  }
}

async function userIdByEmail(ctx: MutationCtx, email: string): Promise<Id<"users"> | null> {
  const account = await ctx.db
    .query("authAccounts")
    .withIndex("providerAndAccountId", (q) => q.eq("provider", "password").eq("providerAccountId", email))
    .unique();
  return account?.userId ?? null;
}
