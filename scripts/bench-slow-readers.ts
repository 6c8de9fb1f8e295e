/**
 * `npm run bench:slow-readers`: one chat room of 200 readers, 50 of whom stop reading (issue 34's
 * finding: the server went from 290 MB to 1.09 GB and the healthy readers' push p95 to seconds).
 * Budget: the server's resident memory stays under 400 MB and the healthy readers' push p95 within
 * 2× of the same run without slow readers.
 *
 * The server is the real app as `npm start` runs it (`node --import tsx local-backend/cli/start.ts`,
 * started directly so its pid is the server's and /proc gives its own memory) on a data folder
 * with the demo content, 200 bench users and one room. The 200 official `ConvexClient`s run in a
 * child process (this file with `--clients`), each holding what the room page holds (`chats.get`,
 * `users.viewer`, the first page of `chatMessages.list`, `chatPresence.typing`, and who is here,
 * `chatPresence.list`, with a heartbeat every 20 s). Then, back to back on the same server:
 *   0. a 15 s warm-up of the same traffic, not counted (the first runs of each function compile);
 *   A. without slow readers: `--rate` messages a second (default 1) from the healthy readers for
 *      `--seconds` (default 90), every client reading;
 *   B. with slow readers: the same traffic, while clients 0–49 stop reading (their sockets are
 *      paused, as a frozen tab's; a connection their client opens meanwhile is paused too);
 *      afterwards they read again and the time until each has the last message is reported.
 * Push latency is send → each of the 150 healthy readers has the message, on the clients' clock;
 * the server's resident memory is read from /proc every 500 ms, and its live heap after each full
 * collection from `--trace-gc` (what is held, as against what V8 has not yet given back). Prints
 * figures; never fails on them.
 */
import { fork, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConvexClient } from "convex/browser";
import WebSocket from "ws";
import { api } from "../convex/_generated/api";
import type { Id } from "../convex/_generated/dataModel";
import { freePort } from "../local-backend/cli/preflight";
import { openEngine } from "../local-backend/engine/open-engine";
import { seedDemoContent } from "../local-backend/seed/run-seed";
import { benchUsers } from "./bench-invalidation/bench-users";
import { nextMessage as nextMessageOf, percentile } from "./bench-child-process";

/** The clients process's next message of `type`. */
const nextMessage = <T extends FromClients["type"]>(child: ChildProcess, type: T) =>
  nextMessageOf<FromClients, T>(child, type);

const READERS = 200;
const SLOW = numberFlag("--slow-readers", 50);
const SECONDS = numberFlag("--seconds", 90);
/** 1 a second: at 2 the run without slow readers already fell behind on the shared 2-core machine (p95 12.7 s). */
const RATE = numberFlag("--rate", 1);
const RSS_BUDGET_MB = 400;
const WARM_UP_SECONDS = 15;
const P95_RATIO_BUDGET = 2;
/** As a shown room tab (src/features/chats/hooks/use-room-presence.ts). */
const HEARTBEAT_INTERVAL_MS = 20_000;
/** How long the slow readers get to catch up once they read again. */
const CATCH_UP_MS = 60_000;
/** Node flags for the server beside `--trace-gc`, e.g. `--server-flags "--max-old-space-size=192"`. */
const SERVER_FLAGS = (process.argv[process.argv.indexOf("--server-flags") + 1] ?? "")
  .split(" ")
  .filter((flag) => process.argv.includes("--server-flags") && flag.startsWith("--"));
const PROJECT_ROOT = fileURLToPath(new URL("..", import.meta.url));

function numberFlag(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}

/** Wall-clock milliseconds with sub-millisecond precision. */
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Member = { token: string; userId: Id<"users"> };
type Setup = { url: string; roomId: Id<"chatRooms">; members: Member[]; slow: number };
type ToClients =
  | { type: "traffic"; rate: number; seconds: number; stall: boolean }
  | { type: "catch-up"; timeoutMs: number }
  | { type: "stop" };
type FromClients =
  | { type: "ready" }
  | { type: "traffic-done"; latencies: number[]; sent: number; expected: number; failed: number }
  | { type: "caught-up"; seconds: number[]; behind: number };

// ── Clients role (child process) ──────────────────────────────────────────────────────────────
async function runClients({ url, roomId, members, slow }: Setup): Promise<void> {
  const send = (message: FromClients) => process.send?.(message);
  const healthy = members.length - slow;
  // Message text → when it was sent and how many healthy readers are still to see it.
  const pending = new Map<string, { sentAt: number; remaining: number; latencies: number[] }>();
  let stalled = false;
  let ready = 0;
  const becameReady = () => {
    if (++ready === 2 * members.length) send({ type: "ready" });
  };
  const timers: NodeJS.Timeout[] = [];
  let lastText = "";

  const clients = members.map(({ token, userId }, index) => {
    const isSlow = index < slow;
    // Every socket this client opens, so a stall pauses the current one and any opened during it.
    const sockets = new Set<WebSocket>();
    class StallableWebSocket extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols);
        sockets.add(this);
        this.once("open", () => {
          if (isSlow && stalled) this.pause();
        });
        this.once("close", () => sockets.delete(this));
      }
    }
    const client = new ConvexClient(url, {
      webSocketConstructor: StallableWebSocket as unknown as typeof globalThis.WebSocket,
    });
    client.setAuth(async () => token);
    const seen = new Set<string>();
    let first = true;
    let caughtUp: (() => void) | undefined;
    client.onUpdate(api.chats.get, { roomId }, () => undefined);
    client.onUpdate(api.users.viewer, {}, () => undefined);
    client.onUpdate(api.chatPresence.typing, { roomId, since: Date.now() }, () => undefined);
    client.onUpdate(api.chatMessages.list, { roomId, paginationOpts: { numItems: 40, cursor: null } }, (page) => {
      const at = now();
      if (first) {
        first = false;
        becameReady();
      }
      for (const message of page.page) {
        if (seen.has(message.text)) continue;
        seen.add(message.text);
        if (message.text === lastText) caughtUp?.();
        if (isSlow) continue;
        const waiting = pending.get(message.text);
        if (waiting === undefined) continue;
        waiting.latencies.push(at - waiting.sentAt);
        if (--waiting.remaining === 0) pending.delete(message.text);
      }
    });
    // Presence as the room page's hook does it (scripts/bench-chat.ts): the first answer's room
    // token is what the list of who is here is asked with.
    const presence = { sessionId: `slow-bench-${index}`, ticket: "" };
    let listening = false;
    const heartbeat = async () => {
      const answer = await client.mutation(api.chatPresence.heartbeat, {
        roomId,
        userId,
        sessionId: presence.sessionId,
        interval: HEARTBEAT_INTERVAL_MS,
        ...(presence.ticket ? { ticket: presence.ticket } : {}),
      });
      presence.ticket = answer.ticket;
      if (listening) return;
      listening = true;
      let firstList = true;
      client.onUpdate(api.chatPresence.list, { roomToken: answer.roomToken }, () => {
        if (!firstList) return;
        firstList = false;
        becameReady();
      });
    };
    void heartbeat();
    timers.push(
      setTimeout(
        () => timers.push(setInterval(() => void heartbeat().catch(() => undefined), HEARTBEAT_INTERVAL_MS)),
        Math.random() * HEARTBEAT_INTERVAL_MS,
      ),
    );
    const stall = (on: boolean) => {
      for (const socket of sockets) {
        if (socket.readyState !== WebSocket.OPEN) continue;
        if (on) socket.pause();
        else socket.resume();
      }
    };
    /** Resolves once this client has the last message sent. */
    const hasLast = () =>
      new Promise<void>((resolve) => {
        if (seen.has(lastText)) resolve();
        else caughtUp = resolve;
      });
    return { client, isSlow, stall, hasLast };
  });

  let counter = 0;
  process.on("message", async (message: ToClients) => {
    if (message.type === "traffic") {
      if (message.stall) {
        stalled = true;
        clients.filter((c) => c.isSlow).forEach((c) => c.stall(true));
      }
      const latencies: number[] = [];
      const total = Math.round(message.rate * message.seconds);
      const gapMs = 1000 / message.rate;
      const started = now();
      let failed = 0;
      const sends: Promise<void>[] = [];
      for (let index = 0; index < total; index++) {
        const wait = started + index * gapMs - now();
        if (wait > 0) await sleep(wait);
        // A different healthy sender each time, far below the flood limit (10 per 10 s each).
        const sender = clients[slow + (counter % healthy)]!;
        // About as long as a chat line, so the pushes weigh what real ones do.
        const text = `bench ${counter++}: the quick brown fox jumps over the lazy dog, and then some more`;
        lastText = text;
        pending.set(text, { sentAt: now(), remaining: healthy, latencies });
        sends.push(
          sender.client.mutation(api.chatMessages.send, { roomId, text }).then(
            () => undefined,
            () => {
              failed += 1;
              pending.delete(text);
            },
          ),
        );
      }
      await Promise.all(sends);
      // Give the last messages time to arrive.
      const deadline = now() + 10_000;
      while (pending.size > 0 && now() < deadline) await sleep(20);
      pending.clear();
      send({ type: "traffic-done", latencies, sent: total, expected: (total - failed) * healthy, failed });
    } else if (message.type === "catch-up") {
      stalled = false;
      const resumed = now();
      const slowClients = clients.filter((c) => c.isSlow);
      slowClients.forEach((c) => c.stall(false));
      const seconds: number[] = [];
      await Promise.race([
        Promise.all(slowClients.map((c) => c.hasLast().then(() => seconds.push((now() - resumed) / 1000)))),
        sleep(message.timeoutMs),
      ]);
      send({ type: "caught-up", seconds, behind: slowClients.length - seconds.length });
    } else {
      timers.forEach((timer) => clearTimeout(timer));
      await Promise.all(clients.map(({ client }) => client.close()));
      process.exit(0);
    }
  });
}

// ── Server and measuring role (this process) ──────────────────────────────────────────────────
/** Resident memory of one process in MB (Linux /proc), or NaN once it is gone. */
function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

/** Samples `pid`'s resident memory every 500 ms until stopped: the largest and the last. */
function sampleRss(pid: number): () => { max: number; end: number } {
  let max = rssMb(pid);
  const timer = setInterval(() => (max = Math.max(max, rssMb(pid))), 500);
  return () => {
    clearInterval(timer);
    const end = rssMb(pid);
    return { max: Math.max(max, end), end };
  };
}

/** A data folder with the demo content, `READERS` bench users and one room, for a server at `url`. */
async function prepareFolder(url: string): Promise<{ dataDir: string; roomId: Id<"chatRooms">; members: Member[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-slow-readers-"));
  // The tokens' issuer is the server's address, so the folder is made for the port it will use.
  const engine = await openEngine({ dataDir, siteUrl: url, cloudUrl: url });
  try {
    await seedDemoContent(engine);
    const members = await benchUsers(engine, READERS, "Reader");
    const roomId = await engine.admin.run(
      async (ctx) =>
        await ctx.db.insert("chatRooms", {
          name: "Everyone",
          searchText: "Everyone",
          createdBy: members[0]!.userId,
        }),
    );
    return { dataDir, roomId, members };
  } finally {
    await engine.close();
  }
}

/** What `npm start` runs, on `port` and `dataDir`; resolves once it is ready. */
async function startServer(port: number, dataDir: string, onLine: (line: string) => void): Promise<ChildProcess> {
  const server = spawn(
    process.execPath,
    [
      ...SERVER_FLAGS,
      "--trace-gc",
      "--import",
      "tsx",
      "local-backend/cli/start.ts",
      "--port",
      String(port),
      "--data",
      dataDir,
    ],
    { cwd: PROJECT_ROOT, stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = "";
    server.stdout?.on("data", (chunk: Buffer) => {
      const text = chunk.toString();
      if (!output.includes("Ready in")) output += text;
      for (const line of text.split("\n")) if (line) onLine(line);
      if (output.includes("Ready in")) resolve();
    });
    server.once("exit", (code) => reject(new Error(`the server exited (${code}) before it was ready:\n${output}`)));
  });
  return server;
}

/** The heap left after a full collection, from a `--trace-gc` line ("Mark-Compact 300.1 (320.0) -> 120.5 (330.2) MB"). */
function liveHeapOf(line: string): number | null {
  const match = /Mark-Compact[^>]*-> ([\d.]+) \(/.exec(line);
  return match === null ? null : Number(match[1]);
}

type Phase = {
  liveHeapMax: number;
  label: string;
  latencies: number[];
  expected: number;
  rss: { max: number; end: number };
  drops: number;
};

async function main(): Promise<void> {
  const progress = (what: string) => process.stderr.write(`[bench:slow-readers] ${what}\n`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  progress(`preparing a data folder (demo content, ${READERS} users, one room)…`);
  const { dataDir, roomId, members } = await prepareFolder(url);
  let drops = 0;
  // The largest live heap since it was last reset, and the last one seen.
  let liveHeapMax = 0;
  let liveHeapLast = NaN;
  let server: ChildProcess | undefined;
  let child: ChildProcess | undefined;
  const loadAtStart = loadavg();
  try {
    progress("starting the server as npm start does (it builds the client first)…");
    server = await startServer(port, dataDir, (line) => {
      if (line.includes("sync: dropping")) drops += 1;
      const live = liveHeapOf(line);
      if (live !== null) [liveHeapMax, liveHeapLast] = [Math.max(liveHeapMax, live), live];
    });
    const pid = server.pid ?? 0;
    const idleRss = rssMb(pid);
    progress(`server ready (${Math.round(idleRss)} MB); connecting ${READERS} clients…`);
    child = fork(fileURLToPath(import.meta.url), ["--clients"], {
      stdio: ["inherit", "inherit", "inherit", "ipc"],
      serialization: "advanced",
    });
    child.send({ url, roomId, members, slow: SLOW } satisfies Setup);
    await nextMessage(child, "ready");
    await sleep(5_000);
    const connectedRss = rssMb(pid);
    // A first stretch of the same traffic, not counted: the server's first runs of each function
    // are slower (compiling), which would flatter whichever phase came second.
    progress(`warming up: ${RATE} messages/s for ${WARM_UP_SECONDS} s…`);
    child.send({ type: "traffic", rate: RATE, seconds: WARM_UP_SECONDS, stall: false } satisfies ToClients);
    await nextMessage(child, "traffic-done");
    await sleep(5_000);

    const phases: Phase[] = [];
    for (const stall of [false, true]) {
      const label = stall ? `with ${SLOW} slow readers` : "without slow readers";
      progress(`${label}: ${RATE} messages/s for ${SECONDS} s…`);
      const dropsBefore = drops;
      liveHeapMax = 0;
      const stop = sampleRss(pid);
      child.send({ type: "traffic", rate: RATE, seconds: SECONDS, stall } satisfies ToClients);
      const done = await nextMessage(child, "traffic-done");
      phases.push({
        label,
        latencies: done.latencies,
        expected: done.expected,
        rss: stop(),
        drops: drops - dropsBefore,
        liveHeapMax,
      });
      if (done.failed > 0) progress(`  ${done.failed} sends failed`);
      // The same start for the next phase: what the first left behind is collected.
      if (!stall) await sleep(5_000);
    }
    progress("the slow readers read again…");
    child.send({ type: "catch-up", timeoutMs: CATCH_UP_MS } satisfies ToClients);
    const caughtUp = await nextMessage(child, "caught-up");
    const afterRss = rssMb(pid);
    const loadAtEnd = loadavg();

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const mb = (value: number) => `${Math.round(value)} MB`;
    console.log(
      `\nSlow readers: ${READERS} clients in one room, ${READERS - SLOW} reading throughout; ${RATE} messages/s for ${SECONDS} s a phase${SERVER_FLAGS.length > 0 ? `; server flags ${SERVER_FLAGS.join(" ")}` : ""}`,
    );
    console.log(
      `  load average ${loadAtStart.map((l) => l.toFixed(1)).join(" / ")} at the start, ${loadAtEnd.map((l) => l.toFixed(1)).join(" / ")} at the end (1 / 5 / 15 min; 2 cores)`,
    );
    console.log(`  server resident memory: ${mb(idleRss)} ready, ${mb(connectedRss)} with everyone connected`);
    for (const phase of phases) {
      const { latencies } = phase;
      console.log(
        `  ${phase.label}: healthy push p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, max ${ms(Math.max(...latencies))} (${latencies.length} of ${phase.expected} deliveries seen); server RSS max ${mb(phase.rss.max)}, at the end ${mb(phase.rss.end)}; live heap after a full collection, max ${mb(phase.liveHeapMax)}; connections dropped ${phase.drops}`,
      );
    }
    const [without, withSlow] = phases as [Phase, Phase];
    const ratio = percentile(withSlow.latencies, 95) / percentile(without.latencies, 95);
    const maxRss = Math.max(...phases.map((phase) => phase.rss.max));
    const sortedCatchUp = [...caughtUp.seconds].sort((a, b) => a - b);
    console.log(
      `  slow readers reading again: ${caughtUp.seconds.length} of ${SLOW} had the last message within ${CATCH_UP_MS / 1000} s (median ${percentile(sortedCatchUp, 50).toFixed(1)} s, last ${(sortedCatchUp.at(-1) ?? NaN).toFixed(1)} s); server RSS then ${mb(afterRss)}, last live heap ${mb(liveHeapLast)}`,
    );
    console.log(
      `  p95 with / without: ${ratio.toFixed(2)}× (budget ≤ ${P95_RATIO_BUDGET}×): ${ratio <= P95_RATIO_BUDGET ? "within" : "OVER"}`,
    );
    console.log(
      `  server RSS max ${mb(maxRss)} (budget < ${RSS_BUDGET_MB} MB): ${maxRss < RSS_BUDGET_MB ? "within" : "OVER"}`,
    );
    child.send({ type: "stop" } satisfies ToClients);
  } finally {
    child?.kill();
    if (server !== undefined && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes("--clients")) {
  process.once("message", (setup: Setup) => void runClients(setup));
} else {
  await main();
}
