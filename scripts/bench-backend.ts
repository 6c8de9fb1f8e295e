/**
 * `npm run bench:backend`: the local backend's live-update speed (ARCHITECTURE budget: p95 push
 * to 100 connected clients of 100 users < 25 ms). The backend runs in this process; the clients run in a
 * child process (like browsers, they must not share the server's event loop): this same file
 * started with `--clients N`. For 1, 10 and 100 official `ConvexClient`s (over `ws`), signed in
 * as 1 to 100 different users and all subscribed to the books board (`books:page`), one of them
 * adds books one at a time:
 *   - mutation round trip: `client.mutation()` called → its promise resolved;
 *   - push latency: the commit (engine.onCommit) → each client's callback sees the new book.
 * Prints a table; never fails on the figures.
 */
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConvexClient } from "convex/browser";
import WebSocket from "ws";
import { api } from "../convex/_generated/api";
import { startLocalBackend } from "../local-backend/server/start-server";
import { createVerifiedUser, signInTokens } from "../tests/e2e/harness/users";

/** Connections, and how many different users they are signed in as (a user's tabs share query runs). */
const ROUNDS = [
  { clients: 1, users: 1 },
  { clients: 10, users: 10 },
  { clients: 100, users: 10 },
  { clients: 100, users: 100 },
];
const MUTATIONS = 40;
const PUSH_BUDGET_MS = 25;

/** Wall-clock milliseconds with sub-millisecond precision, comparable between processes. */
const now = () => performance.timeOrigin + performance.now();

type ClientsReport = { sentAt: number[]; resolvedAt: number[]; seenAt: number[][] };
type ToClients = { type: "run" };
type FromClients = { type: "ready" } | { type: "done"; report: ClientsReport };

// ── Clients role (child process) ──────────────────────────────────────────────────────────────
async function runClients(url: string, count: number, tokens: string[]): Promise<void> {
  const send = (message: FromClients) => process.send?.(message);
  const seenAt: number[][] = Array.from({ length: MUTATIONS }, () => []);
  let initialResults = 0;
  let waitingFor: { index: number; remaining: number; done: () => void } | null = null;
  const clients = Array.from({ length: count }, (_, clientIndex) => {
    const client = new ConvexClient(url, { webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket });
    const token = tokens[clientIndex % tokens.length] ?? "";
    client.setAuth(async () => token);
    let first = true;
    const seen = new Set<number>();
    client.onUpdate(api.books.page, { cursor: null }, (page) => {
      const at = now();
      if (first) {
        first = false;
        if (++initialResults === count) send({ type: "ready" });
      }
      for (const book of page.books) {
        const index = Number(/^bench (\d+)$/.exec(book.title)?.[1] ?? -1);
        if (index < 0 || seen.has(index)) continue;
        seen.add(index);
        seenAt[index]?.push(at);
        if (waitingFor?.index === index && --waitingFor.remaining === 0) waitingFor.done();
      }
    });
    return client;
  });

  process.once("message", async (message: ToClients) => {
    if (message.type !== "run") return;
    const writer = clients[0];
    if (writer === undefined) return;
    const sentAt: number[] = [];
    const resolvedAt: number[] = [];
    for (let index = 0; index < MUTATIONS; index++) {
      const everyoneSawIt = new Promise<void>((done) => (waitingFor = { index, remaining: count, done }));
      sentAt.push(now());
      await writer.mutation(api.books.create, {
        title: `bench ${index}`,
        image: { url: "https://example.com/cover.jpg" },
      });
      resolvedAt.push(now());
      await everyoneSawIt;
    }
    send({ type: "done", report: { sentAt, resolvedAt, seenAt } });
    await Promise.all(clients.map((client) => client.close()));
    process.exit(0);
  });
}

// ── Backend role (this process) ───────────────────────────────────────────────────────────────
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function message(child: ChildProcess, type: FromClients["type"]): Promise<FromClients> {
  return new Promise((resolve, reject) => {
    const onMessage = (received: FromClients) => {
      if (received.type !== type) return;
      child.off("message", onMessage);
      resolve(received);
    };
    child.on("message", onMessage);
    child.once("exit", (code) => reject(new Error(`the clients process exited (${code}) before "${type}"`)));
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-backend-"));
  const backend = await startLocalBackend({ port: 0, dataDir, seed: false, log: () => undefined });
  try {
    const allTokens: string[] = [];
    for (let index = 0; index < Math.max(...ROUNDS.map((round) => round.users)); index++) {
      const user = { name: `Bench ${index}`, email: `bench${index}@example.com` };
      await createVerifiedUser(backend.engine, user);
      allTokens.push((await signInTokens(backend.engine, user)).token);
    }
    const rows: string[][] = [];
    for (const { clients: count, users } of ROUNDS) {
      const tokens = allTokens.slice(0, users);
      const committedAt: number[] = [];
      const stop = backend.engine.onCommit(({ writtenTables }) => {
        if (writtenTables.includes("books")) committedAt.push(now());
      });
      const child = fork(fileURLToPath(import.meta.url), ["--clients", String(count), backend.url, ...tokens], {
        stdio: "inherit",
      });
      await message(child, "ready");
      child.send({ type: "run" } satisfies ToClients);
      const done = await message(child, "done");
      stop();
      if (done.type !== "done") throw new Error("unexpected message");
      const { sentAt, resolvedAt, seenAt } = done.report;
      const roundTrips = sentAt.map((sent, index) => (resolvedAt[index] ?? NaN) - sent);
      const pushes = seenAt.flatMap((times, index) => times.map((time) => time - (committedAt[index] ?? NaN)));
      const lastClient = seenAt.map((times, index) => Math.max(...times) - (committedAt[index] ?? NaN));
      rows.push([
        String(count),
        String(users),
        ...[roundTrips, pushes, lastClient].flatMap((values) =>
          [percentile(values, 50), percentile(values, 95)].map((ms) => ms.toFixed(1)),
        ),
      ]);
      await backend.engine.admin.run(async (ctx) => {
        // Each round starts from the same small board.
        for (const book of await ctx.db.query("books").take(MUTATIONS)) await ctx.db.delete(book._id);
      });
    }
    printTable(rows);
  } finally {
    await backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(rows: string[][]): void {
  const header = ["clients", "users", "mutation p50", "mutation p95", "push p50", "push p95", "last p50", "last p95"];
  console.log(`\nLocal backend: ${MUTATIONS} books added by one client while N clients watch the board (ms)`);
  console.log("push = commit → a client sees the book; last = commit → the last client sees it");
  console.log(header.map((cell) => cell.padStart(13)).join(""));
  for (const row of rows) console.log(row.map((cell) => cell.padStart(13)).join(""));
  for (const row of rows.filter((row) => row[0] === "100")) {
    const p95 = Number(row[5]);
    const verdict = p95 < PUSH_BUDGET_MS ? "within" : "OVER";
    console.log(`Budget push p95 < ${PUSH_BUDGET_MS} ms, 100 clients as ${row[1]} users: ${p95} ms, ${verdict}`);
  }
}

const clientsIndex = process.argv.indexOf("--clients");
if (clientsIndex === -1) {
  await main();
} else {
  const [count = "1", url = "", ...tokens] = process.argv.slice(clientsIndex + 1);
  await runClients(url, Number(count), tokens);
}
