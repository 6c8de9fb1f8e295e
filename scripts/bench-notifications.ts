/**
 * `npm run bench:notifications`: notifications at scale on the local backend (issue 31 budgets).
 *   1. With 100k notifications for one user (inserted straight through the engine), the documents
 *      one run of `notifications:unreadCount` reads (budget ≤ 2) and of `notifications:page` for a
 *      first and a later page of 20 (budget ≤ 3 × page size), counted by convex-test's own
 *      per-transaction metrics, as scripts/bench-feed.ts counts them.
 *   2. With 100 official `ConvexClient`s connected, each holding its own bell (`unreadCount`) and
 *      first page, the time from a like (`posts:toggleLike`, sent by one client) to the owner's
 *      bell showing it (the owner's `unreadCount` subscription firing with the new count), once per
 *      liker on an item of its own, so each like adds one unread row. The like writes an event; the
 *      fold (lib/notifications/fold.ts) runs from the scheduler right after, so this is the whole
 *      path. p50/p95/max; budget p95 < 50 ms. The clients share this process's event loop with
 *      the backend (unlike bench:chat's 1,000), which only adds to the times.
 * Prints figures; never fails on them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { JSONValue } from "convex/values";
// convex-test counts every document a transaction reads here; we listen in on the count.
import { TransactionMetricsTracker } from "convex-test/dist/transactionMetrics.js";
import type { ConvexClient } from "convex/browser";
import { api } from "../convex/_generated/api";
import type { Id } from "../convex/_generated/dataModel";
import type { Engine, Identity } from "../local-backend/engine/types";
import { startLocalBackend } from "../local-backend/server/start-server";
import { benchUsers, connect } from "./bench-invalidation/bench-users";

const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 100_000);
const PER_TRANSACTION = 1_000;
const CLIENTS = 100;
const PAGE_SIZE = 20;
const COUNT_BUDGET = 2;
const PAGE_BUDGET = 3 * PAGE_SIZE;
const LATENCY_BUDGET_MS = 50;
/** Pages walked through cursors before the "later page" is measured. */
const LATER_PAGE = 50;

let documentsRead = 0;
const countingWrappers = new WeakSet<object>();

/** Counts reads from now on (after the engine opened: it puts its own counter on the prototype). */
function countReads(): void {
  const counting = TransactionMetricsTracker.prototype.trackRead;
  if (countingWrappers.has(counting)) return;
  const wrapper = function (this: TransactionMetricsTracker, size: number) {
    documentsRead += 1;
    return counting.call(this, size);
  };
  countingWrappers.add(wrapper);
  TransactionMetricsTracker.prototype.trackRead = wrapper;
}

const now = () => performance.timeOrigin + performance.now();

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** A session of `userId` and the identity Convex Auth would give it, for engine.runQuery. */
async function identityOf(engine: Engine, userId: Id<"users">): Promise<Identity> {
  const sessionId = await engine.admin.run((ctx) =>
    ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 7_200_000 }),
  );
  const issuer = engine.env.CONVEX_SITE_URL ?? "";
  const subject = `${userId}|${sessionId}`;
  return { subject, issuer, tokenIdentifier: `${issuer}|${subject}` };
}

/** 100k notifications of every kind for `ownerId`, the newest 50 unread, with the matching count. */
async function fillNotifications(engine: Engine, ownerId: Id<"users">, actors: Id<"users">[], postId: Id<"posts">) {
  const unread = 50;
  for (let start = 0; start < NOTIFICATIONS; start += PER_TRANSACTION) {
    await engine.admin.run(async (ctx) => {
      for (let index = start; index < Math.min(NOTIFICATIONS, start + PER_TRANSACTION); index++) {
        const actorId = actors[index % actors.length]!;
        const base = { recipientId: ownerId, actorId, updatedAt: index, read: index < NOTIFICATIONS - unread };
        await ctx.db.insert(
          "notifications",
          index % 2 === 0
            ? { ...base, kind: "friendAdded" as const, groupKey: `friend:${actorId}`, actorCount: 1 }
            : { ...base, kind: "like" as const, targetKind: "post" as const, targetId: postId, actorCount: 7 },
        );
      }
    });
  }
  await engine.admin.run((ctx) => ctx.db.insert("notificationCounts", { userId: ownerId, unread }));
}

async function reads(engine: Engine, identity: Identity, udfPath: string, args: JSONValue) {
  documentsRead = 0;
  const result = await engine.runQuery(udfPath, args, identity);
  return { result, reads: documentsRead };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-notifications-"));
  const backend = await startLocalBackend({ port: 0, dataDir, seed: false, log: () => undefined });
  const clients: ConvexClient[] = [];
  const progress = (what: string) => process.stderr.write(`[bench:notifications] ${what}\n`);
  try {
    const engine = backend.engine;
    countReads();
    const users = await benchUsers(engine, CLIENTS, "Bell");
    const owner = users[0]!;
    const likers = users.slice(1);
    // One post of the owner's per liker, so each like starts an unread row of its own; one more for the fill.
    const posts = await engine.admin.run(async (ctx) => {
      const ids: Id<"posts">[] = [];
      for (let index = 0; index <= likers.length; index++) {
        ids.push(
          await ctx.db.insert("posts", {
            title: `Post ${index}`,
            description: "Bench",
            category: "science",
            image: { url: "https://example.com/a.png" },
            userId: owner.userId,
            updatedAt: Date.now(),
            views: 0,
            likes: 0,
            comments: 0,
            countsInCounters: true,
          }),
        );
      }
      return ids;
    });

    progress(`inserting ${NOTIFICATIONS.toLocaleString("en")} notifications for one user…`);
    await fillNotifications(
      engine,
      owner.userId,
      likers.map((liker) => liker.userId),
      posts[likers.length]!,
    );
    const identity = await identityOf(engine, owner.userId);
    // What every userQuery reads to check the login (the user and the session), measured on a query
    // that reads nothing else found (the owner has no preferences row): the rest is the query's own.
    const login = await reads(engine, identity, "notificationPreferences:mine", {});
    const count = await reads(engine, identity, "notifications:unreadCount", {});
    const first = await reads(engine, identity, "notifications:page", {
      paginationOpts: { numItems: PAGE_SIZE, cursor: null },
    });
    let cursor = (first.result as { continueCursor: string }).continueCursor;
    for (let page = 2; page < LATER_PAGE; page++) {
      const next = await engine.runQuery(
        "notifications:page",
        { paginationOpts: { numItems: PAGE_SIZE, cursor } },
        identity,
      );
      cursor = (next as { continueCursor: string }).continueCursor;
    }
    const later = await reads(engine, identity, "notifications:page", {
      paginationOpts: { numItems: PAGE_SIZE, cursor },
    });

    progress(`connecting ${CLIENTS} clients…`);
    let ownerCount = -1;
    let onOwnerCount: ((value: number) => void) | null = null;
    let ready = 0;
    await new Promise<void>((resolve) => {
      users.forEach(({ token }, index) => {
        const client = connect(backend.url, token);
        clients.push(client);
        client.onUpdate(api.notifications.page, { paginationOpts: { numItems: PAGE_SIZE, cursor: null } }, () => {});
        let first = true;
        client.onUpdate(api.notifications.unreadCount, {}, (value) => {
          if (index === 0) {
            ownerCount = value;
            onOwnerCount?.(value);
          }
          if (first) {
            first = false;
            if (++ready === users.length) resolve();
          }
        });
      });
    });

    progress(`${likers.length} likes, one at a time…`);
    const latencies: number[] = [];
    for (const [index, liker] of likers.entries()) {
      const before = ownerCount;
      const seen = new Promise<number>((resolve) => {
        onOwnerCount = (value) => {
          if (value > before) resolve(now());
        };
      });
      const started = now();
      await clients[index + 1]!.mutation(api.posts.toggleLike, { postId: posts[index]! });
      latencies.push((await seen) - started);
      onOwnerCount = null;
      void liker;
    }

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const p95 = percentile(latencies, 95);
    console.log(`\nNotifications: ${NOTIFICATIONS.toLocaleString("en")} for one user, ${CLIENTS} clients connected`);
    console.log(`  the login check of every userQuery reads ${login.reads} documents (user, session)`);
    console.log(
      `  unreadCount reads ${count.reads} documents: ${count.reads - login.reads} beyond the login check (budget ≤ ${COUNT_BUDGET})`,
    );
    console.log(`  page of ${PAGE_SIZE}, first: ${first.reads} documents (budget ≤ ${PAGE_BUDGET})`);
    console.log(`  page of ${PAGE_SIZE}, page ${LATER_PAGE}: ${later.reads} documents (budget ≤ ${PAGE_BUDGET})`);
    console.log(
      `  like → owner's bell (${latencies.length} likes): p50 ${ms(percentile(latencies, 50))}, p95 ${ms(p95)}, max ${ms(Math.max(...latencies))} (budget p95 < ${LATENCY_BUDGET_MS} ms)`,
    );
    console.log(`  owner's unread count at the end: ${ownerCount} (50 + ${likers.length} likes)`);
    // The count's budget is for what the count itself reads: the login check is every function's.
    const within =
      count.reads - login.reads <= COUNT_BUDGET &&
      first.reads <= PAGE_BUDGET &&
      later.reads <= PAGE_BUDGET &&
      p95 < LATENCY_BUDGET_MS;
    console.log(within ? "  within every budget" : "  OVER BUDGET (see above)");
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    await backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
