/**
 * Read sets by table (how the local backend worked before) against by index range (as Convex
 * does), in one run: 100 official ConvexClients of 20 users each watch the comments of one of
 * 20 books (5 watchers a book, 100 distinct subscriptions). One user then comments on each book
 * in turn; for each comment we count the subscription runs the backend makes until that book's
 * watchers see it, and time commit → last watcher. By table, every comment re-runs all 100
 * lists (same table); by range, only the 5 lists of that book.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ConvexClient } from "convex/browser";
import WebSocket from "ws";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { startLocalBackend } from "../../local-backend/server/start-server";
import type { Invalidation } from "../../local-backend/server/sync/query-hub";
import { createVerifiedUser, signInTokens } from "../../tests/e2e/harness/users";

const USERS = 20;
const BOOKS = 20;
const CLIENTS = 100;
const cover = { url: "https://example.com/cover.jpg" };
const now = () => performance.now();

type Figures = { mode: Invalidation; runsPerComment: number[]; lastWatcherMs: number[] };

async function measure(mode: Invalidation): Promise<Figures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-invalidation-"));
  const backend = await startLocalBackend({ port: 0, dataDir, seed: false, log: () => undefined, invalidation: mode });
  const clients: ConvexClient[] = [];
  try {
    const tokens: string[] = [];
    for (let index = 0; index < USERS; index++) {
      const user = { name: `Reader ${index}`, email: `reader${index}@example.com` };
      await createVerifiedUser(backend.engine, user);
      tokens.push((await signInTokens(backend.engine, user)).token);
    }
    const connect = (token: string) => {
      const client = new ConvexClient(backend.url, {
        webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
      });
      client.setAuth(async () => token);
      clients.push(client);
      return client;
    };
    const writer = connect(tokens[0] ?? "");
    const books: Id<"books">[] = [];
    for (let index = 0; index < BOOKS; index++) {
      books.push(await writer.mutation(api.books.create, { title: `Book ${index}`, image: cover }));
    }

    // Each watcher resolves `seen` of its book's current comment once its list shows it.
    let expected: { book: number; text: string; remaining: number; done: () => void } | null = null;
    let initial = 0;
    const everyoneReady = new Promise<void>((ready) => {
      for (let index = 0; index < CLIENTS; index++) {
        const book = Math.floor(index / (CLIENTS / BOOKS));
        const client = connect(tokens[index % USERS] ?? "");
        let first = true;
        const args = { bookId: books[book]!, paginationOpts: { numItems: 10, cursor: null } };
        client.onUpdate(api.bookComments.list, args, (page) => {
          if (first) {
            first = false;
            if (++initial === CLIENTS) ready();
          }
          if (expected?.book === book && page.page[0]?.text === expected.text && --expected.remaining === 0) {
            expected.done();
          }
        });
      }
    });
    await everyoneReady;

    const engine = backend.engine;
    const trackedRun = engine.runQueryTrackingReads.bind(engine);
    let runs = 0;
    engine.runQueryTrackingReads = async (udfPath, ...rest) => {
      if (udfPath === "bookComments:list") runs += 1;
      return await trackedRun(udfPath, ...rest);
    };
    let committedAt = 0;
    const stop = engine.onCommit(({ writtenTables }) => {
      if (writtenTables.includes("bookComments")) committedAt = now();
    });
    const figures: Figures = { mode, runsPerComment: [], lastWatcherMs: [] };
    for (let book = 0; book < BOOKS; book++) {
      const text = `Comment on book ${book}`;
      const seen = new Promise<void>((done) => (expected = { book, text, remaining: CLIENTS / BOOKS, done }));
      runs = 0;
      await writer.mutation(api.bookComments.add, { bookId: books[book]!, text });
      await seen;
      const lastWatcher = now() - committedAt;
      // Runs of other lists in the same tick finish after the watchers of this book were served.
      await writer.mutation(api.files.generateUploadUrl, {});
      figures.runsPerComment.push(runs);
      figures.lastWatcherMs.push(lastWatcher);
    }
    stop();
    return figures;
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    await backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Measures both ways and prints the comparison. */
export async function compareTableAndRange(): Promise<void> {
  const results = [await measure("table"), await measure("range")];
  console.log(
    `\nInvalidation: ${CLIENTS} clients of ${USERS} users watch the comments of ${BOOKS} books (${CLIENTS / BOOKS} a book);`,
  );
  console.log("one comment per book; re-runs = comment lists run again per comment; last = commit → its last watcher");
  console.log(
    ["read sets by", "re-runs (mean)", "last p50 (ms)", "last p95 (ms)"].map((cell) => cell.padStart(16)).join(""),
  );
  for (const { mode, runsPerComment, lastWatcherMs } of results) {
    console.log(
      [
        mode,
        mean(runsPerComment).toFixed(1),
        percentile(lastWatcherMs, 50).toFixed(1),
        percentile(lastWatcherMs, 95).toFixed(1),
      ]
        .map((cell) => cell.padStart(16))
        .join(""),
    );
  }
  const [byTable, byRange] = results;
  if (byTable !== undefined && byRange !== undefined) {
    const ratio = mean(byTable.runsPerComment) / Math.max(mean(byRange.runsPerComment), 1e-9);
    console.log(`By range a comment re-runs ${ratio.toFixed(1)}× fewer queries than by table.`);
  }
}
