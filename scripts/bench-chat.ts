/**
 * `npm run bench:chat`: public chat rooms under load on the local backend (ARCHITECTURE budget:
 * one chat message, 1,000 clients in 50 rooms of 20, re-runs only that room's ~20 queries and
 * reaches its clients with p95 < 50 ms).
 *
 * The backend runs in this process; the 1,000 official `ConvexClient`s (1,000 distinct users)
 * run in a child process, this same file started with `--clients`, so they do not share the
 * server's event loop. Each client is in one room and holds what the room page holds:
 * `chats.get`, the first page of `chatMessages.list`, who is here (`chatPresence.list`, the
 * room's list shared by its members: it reads no login) and, with `--names`, each online
 * person's name (`chatPresence.person`, 20 more subscriptions a client: the local backend does
 * not keep up with those 20,000 today, see the report of issue 29), and heartbeats every 20 s
 * as a shown room tab does
 * (`chatPresence.heartbeat` with the last answer's renewal ticket), each client from its own
 * moment, as tabs opened at different times.
 *   1. One message at a time, once to each room: send → each of the room's 20 clients sees it
 *      (measured in the clients' process, one clock), and the query runs the backend made for it.
 *   2. Sustained: 20 messages a second spread over the rooms for 60 s (or `--seconds N`), and 5
 *      reactions a second on the rooms' newest messages beside them: send → seen p50/p95/max, query
 *      runs per message or reaction, and the backend's resident memory.
 *   1b. One reaction at a time, once to each room (issue 32): the room's 20 clients first hold
 *      "which of these did I react to" for its newest message (`messageReactions.mineAmong`, as the
 *      pills do), then one of them gives it ❤️ → each of the 20 sees the count change, and the query
 *      runs the reaction made, by function: its room's 20 histories and the reactor's own "mine".
 *   3. Presence flips: in 10 rooms in turn, one person leaves (disconnect) and comes back (a new
 *      session): the query runs each flip causes, by function, including the room's online count
 *      refreshed a few seconds later (lib/presence-online.ts).
 * Prints figures; never fails on them.
 */
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConvexClient } from "convex/browser";
import WebSocket from "ws";
import { api } from "../convex/_generated/api";
import type { Id } from "../convex/_generated/dataModel";
import { startLocalBackend } from "../local-backend/server/start-server";
import { benchUsers } from "./bench-invalidation/bench-users";
import { nextMessage as nextMessageOf, percentile } from "./bench-child-process";

/** The clients process's next message of `type`. */
const nextMessage = <T extends FromClients["type"]>(child: ChildProcess, type: T) =>
  nextMessageOf<FromClients, T>(child, type);

/** 50 rooms; BENCH_CHAT_ROOMS=n for a quicker, smaller run while working on it. */
const ROOMS = Number(process.env.BENCH_CHAT_ROOMS ?? 50);
const PER_ROOM = 20;
const CLIENTS = ROOMS * PER_ROOM;
const SUSTAINED_RATE = 20;
/** Reactions a second during the sustained phase, beside the messages. */
const SUSTAINED_REACTIONS = 5;
const secondsFlag = process.argv.indexOf("--seconds");
const SUSTAINED_SECONDS = secondsFlag === -1 ? 60 : Number(process.argv[secondsFlag + 1]);
const PUSH_BUDGET_MS = 50;
/** As a shown room tab (src/features/chats/hooks/use-room-presence.ts). */
const HEARTBEAT_INTERVAL_MS = 20_000;
/** Rooms whose presence is flipped in phase 3, and how long each flip's effects are counted. */
const FLIP_ROOMS = Math.min(10, ROOMS);
const FLIP_WINDOW_MS = 7_000;
/** Whether each client also holds its room's names, one query a person, as the room page does. */
const WITH_NAMES = process.argv.includes("--names");

/** Wall-clock milliseconds with sub-millisecond precision. */
const now = () => performance.timeOrigin + performance.now();

type Member = { token: string; userId: Id<"users">; roomId: Id<"chatRooms"> };
type ToClients =
  | { type: "single"; room: number }
  | { type: "sustained"; rate: number; reactionRate: number; seconds: number }
  | { type: "react"; room: number }
  | { type: "react-watching"; room: number }
  | { type: "flip"; room: number }
  | { type: "stop" };
type FromClients =
  | { type: "ready" }
  | { type: "single-done"; latencies: number[] }
  | { type: "sustained-done"; latencies: number[]; sent: number; reactions: number }
  | { type: "watching" }
  | { type: "react-done"; latencies: number[] }
  | { type: "flip-done" };

// ── Clients role (child process) ──────────────────────────────────────────────────────────────
async function runClients(members: Member[]): Promise<void> {
  const send = (message: FromClients) => process.send?.(message);
  // Message text → when it was sent, and how many of its room's clients are still to see it.
  const pending = new Map<string, { sentAt: number; remaining: number; latencies: number[]; done?: () => void }>();
  // Each client counts once for its first page of messages and once for its first presence list.
  let ready = 0;
  const becameReady = () => {
    if (++ready === 2 * members.length) send({ type: "ready" });
  };
  const heartbeatTimers: NodeJS.Timeout[] = [];
  // Each room's newest message as its clients last saw it, for the reactions.
  const newestIn = new Map<Id<"chatRooms">, Id<"chatMessages">>();
  // "message:count of ❤️" → when the reaction was sent, and how many of the room's clients are still to see it.
  const reactionPending = new Map<
    string,
    { sentAt: number; remaining: number; latencies: number[]; done: () => void }
  >();
  const clients = members.map(({ token, userId, roomId }, index) => {
    const client = new ConvexClient(process.argv[process.argv.indexOf("--clients") + 1] ?? "", {
      webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
    });
    client.setAuth(async () => token);
    const seen = new Set<string>();
    const heartsSeen = new Map<string, number>();
    let first = true;
    client.onUpdate(api.chats.get, { roomId }, () => undefined);
    client.onUpdate(api.chatMessages.list, { roomId, paginationOpts: { numItems: 40, cursor: null } }, (page) => {
      const at = now();
      if (first) {
        first = false;
        becameReady();
      }
      if (page.page[0] !== undefined) newestIn.set(roomId, page.page[0]._id);
      for (const message of page.page) {
        const hearts = message.reactions.find((reaction) => reaction.emoji === "❤️")?.count ?? 0;
        if ((heartsSeen.get(message._id) ?? 0) !== hearts) {
          heartsSeen.set(message._id, hearts);
          const waitingReaction = reactionPending.get(`${message._id}:${hearts}`);
          if (waitingReaction !== undefined) {
            waitingReaction.latencies.push(at - waitingReaction.sentAt);
            if (--waitingReaction.remaining === 0) {
              reactionPending.delete(`${message._id}:${hearts}`);
              waitingReaction.done();
            }
          }
        }
        if (seen.has(message.text)) continue;
        seen.add(message.text);
        const waiting = pending.get(message.text);
        if (waiting === undefined) continue;
        waiting.latencies.push(at - waiting.sentAt);
        if (--waiting.remaining === 0) {
          pending.delete(message.text);
          waiting.done?.();
        }
      }
    });
    // Presence as the room page's hook does it: a heartbeat now, then every interval with the last
    // answer's ticket; the first answer's room token is what the list of who is here is asked
    // with, and each online person's name is a query of its own.
    const presence = { sessionId: `bench-session-${index}`, ticket: "", sessionToken: "", generation: 0 };
    let listening = false;
    const faces = new Map<string, () => void>();
    const heartbeat = async () => {
      const answer = await client.mutation(api.chatPresence.heartbeat, {
        roomId,
        userId,
        sessionId: presence.sessionId,
        interval: HEARTBEAT_INTERVAL_MS,
        ...(presence.ticket ? { ticket: presence.ticket } : {}),
      });
      presence.ticket = answer.ticket;
      presence.sessionToken = answer.sessionToken;
      if (listening) return;
      listening = true;
      let firstList = true;
      client.onUpdate(api.chatPresence.list, { roomToken: answer.roomToken }, (people) => {
        for (const person of people) {
          if (WITH_NAMES && person.online && !faces.has(person.userId)) {
            faces.set(
              person.userId,
              client.onUpdate(api.chatPresence.person, { userId: person.userId }, () => {}),
            );
          }
        }
        if (!firstList) return;
        firstList = false;
        becameReady();
      });
    };
    // Leaves (as a closing room does) and comes back as a new tab would, with a new session.
    const flip = async () => {
      await client.mutation(api.chatPresence.disconnect, { sessionToken: presence.sessionToken, roomId });
      presence.ticket = "";
      presence.sessionId = `bench-session-${index}-${++presence.generation}`;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await heartbeat();
    };
    void heartbeat();
    const phase = setTimeout(() => {
      heartbeatTimers.push(setInterval(() => void heartbeat(), HEARTBEAT_INTERVAL_MS));
    }, Math.random() * HEARTBEAT_INTERVAL_MS);
    heartbeatTimers.push(phase);
    // As the pills do: which of my reactions a message has, asked only once it has some.
    const watchMine = (messageId: Id<"chatMessages">) =>
      new Promise<void>((resolve) => {
        client.onUpdate(api.messageReactions.mineAmong, { messageIds: [messageId] }, () => resolve());
      });
    const heartsOn = (messageId: Id<"chatMessages">) => heartsSeen.get(messageId) ?? 0;
    return { client, roomId, flip, watchMine, heartsOn };
  });
  let reactionTurn = 0;

  /** One client of the room gives ❤️ to its newest message (a different one each time round). */
  async function reactIn(room: number, latencies?: number[], done?: () => void): Promise<void> {
    const reactor = clients[room * PER_ROOM + 2 + (reactionTurn++ % (PER_ROOM - 2))]!;
    const messageId = newestIn.get(reactor.roomId);
    if (messageId === undefined) return;
    if (latencies !== undefined && done !== undefined) {
      const key = `${messageId}:${reactor.heartsOn(messageId) + 1}`;
      reactionPending.set(key, { sentAt: now(), remaining: PER_ROOM, latencies, done });
    }
    await reactor.client.mutation(api.messageReactions.toggle, { messageId, emoji: "❤️" });
  }
  const senderOf = (room: number, turn: number) => clients[room * PER_ROOM + (turn % PER_ROOM)]!;
  let counter = 0;

  async function sendTo(room: number, turn: number, latencies: number[], done?: () => void): Promise<void> {
    const text = `bench ${counter++}`;
    pending.set(text, { sentAt: now(), remaining: PER_ROOM, latencies, done });
    const { client, roomId } = senderOf(room, turn);
    await client.mutation(api.chatMessages.send, { roomId, text });
  }

  process.on("message", async (message: ToClients) => {
    if (message.type === "single") {
      const latencies: number[] = [];
      await new Promise<void>((done) => void sendTo(message.room, message.room, latencies, done));
      send({ type: "single-done", latencies });
    } else if (message.type === "sustained") {
      const latencies: number[] = [];
      const total = message.rate * message.seconds;
      const gapMs = 1000 / message.rate;
      const started = now();
      const sends: Promise<void>[] = [];
      // Reactions beside the messages: every (rate / reactionRate)-th send, in another room.
      const reactEvery = Math.max(1, Math.round(message.rate / message.reactionRate));
      let reactions = 0;
      for (let index = 0; index < total; index++) {
        const due = started + index * gapMs;
        const wait = due - now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        // Rooms in turn, and a different sender each time round, far below the flood limit.
        sends.push(sendTo(index % ROOMS, Math.floor(index / ROOMS), latencies));
        if (index % reactEvery === 0) {
          reactions += 1;
          sends.push(reactIn((index + Math.floor(ROOMS / 2)) % ROOMS));
        }
      }
      await Promise.all(sends);
      // Give the last messages time to arrive.
      const deadline = now() + 5_000;
      while (pending.size > 0 && now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      send({ type: "sustained-done", latencies, sent: total, reactions });
    } else if (message.type === "react-watching") {
      const messageId = newestIn.get(clients[message.room * PER_ROOM]!.roomId)!;
      await Promise.all(
        clients.slice(message.room * PER_ROOM, (message.room + 1) * PER_ROOM).map((c) => c.watchMine(messageId)),
      );
      send({ type: "watching" });
    } else if (message.type === "react") {
      const latencies: number[] = [];
      await new Promise<void>((done) => void reactIn(message.room, latencies, done));
      send({ type: "react-done", latencies });
    } else if (message.type === "flip") {
      await clients[message.room * PER_ROOM + 1]!.flip();
      send({ type: "flip-done" });
    } else {
      heartbeatTimers.forEach((timer) => clearTimeout(timer));
      await Promise.all(clients.map(({ client }) => client.close()));
      process.exit(0);
    }
  });
}

// ── Backend role (this process) ───────────────────────────────────────────────────────────────
async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-chat-"));
  const backend = await startLocalBackend({ port: 0, dataDir, seed: false, log: () => undefined });
  let child: ChildProcess | undefined;
  try {
    const users = await benchUsers(backend.engine, CLIENTS, "Chatter");
    const rooms = await backend.engine.admin.run(async (ctx) => {
      const ids: Id<"chatRooms">[] = [];
      for (let room = 0; room < ROOMS; room++) {
        ids.push(await ctx.db.insert("chatRooms", { name: `Room ${room}`, createdBy: users[room * PER_ROOM]!.userId }));
      }
      return ids;
    });
    const members: Member[] = users.map(({ token, userId }, index) => ({
      token,
      userId,
      roomId: rooms[Math.floor(index / PER_ROOM)]!,
    }));

    const engine = backend.engine;
    const trackedRun = engine.runQueryTrackingReads.bind(engine);
    // Runs of the room's queries, and of the presence list apart (heartbeats move it, not messages).
    let queryRuns = 0;
    let presenceRuns = 0;
    // Runs by function, for the presence flips.
    const runsByFunction = new Map<string, number>();
    // Functions seen reading the caller's login, and seen not to: the local backend runs a query
    // once per connected caller, where Convex shares one run of a query that reads no login.
    const readsLogin = new Set<string>();
    const readsNoLogin = new Set<string>();
    engine.runQueryTrackingReads = async (udfPath, ...rest) => {
      if (udfPath.startsWith("chatPresence:")) presenceRuns += 1;
      else queryRuns += 1;
      runsByFunction.set(udfPath, (runsByFunction.get(udfPath) ?? 0) + 1);
      const run = await trackedRun(udfPath, ...rest);
      if (run.readSet.readsAuthKnown) (run.readSet.readsAuth ? readsLogin : readsNoLogin).add(udfPath);
      return run;
    };
    const trackedMutation = engine.runMutation.bind(engine);
    let heartbeats = 0;
    engine.runMutation = async (udfPath, ...rest) => {
      if (/^chatPresence(\.js)?:heartbeat$/.test(udfPath)) heartbeats += 1;
      return await trackedMutation(udfPath, ...rest);
    };

    // Progress on stderr, so a slow phase shows where it is.
    const progress = (what: string) => process.stderr.write(`[bench:chat] ${what}\n`);
    progress(`connecting ${CLIENTS} clients…`);
    const connectStarted = now();
    child = fork(fileURLToPath(import.meta.url), ["--clients", backend.url], {
      stdio: ["inherit", "inherit", "inherit", "ipc"],
      serialization: "advanced",
    });
    child.send(members);
    await nextMessage(child, "ready");
    const connectSeconds = (now() - connectStarted) / 1000;
    const idleRss = process.memoryUsage().rss;
    // The rooms' online counts follow the joins a few seconds later (lib/presence-online.ts):
    // let them settle, so their re-runs are not counted against the first messages.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    progress(`connected in ${((now() - connectStarted) / 1000).toFixed(1)} s; one message per room…`);

    // 1. One message at a time, once to each room.
    const singleLatencies: number[] = [];
    const runsPerMessage: number[] = [];
    for (let room = 0; room < ROOMS; room++) {
      queryRuns = 0;
      child.send({ type: "single", room } satisfies ToClients);
      const { latencies } = await nextMessage(child, "single-done");
      // Runs of the same commit that end after the room's clients were served still count.
      await new Promise((resolve) => setTimeout(resolve, 50));
      singleLatencies.push(...latencies);
      runsPerMessage.push(queryRuns);
      if (room % 10 === 9) progress(`  ${room + 1} rooms done`);
    }

    // 1b. One reaction at a time, once to each room, its re-runs counted by function.
    progress(`one reaction per room…`);
    const reactionLatencies: number[] = [];
    const reactionRuns: number[] = [];
    const reactionRunsByFunction = new Map<string, number>();
    for (let room = 0; room < ROOMS; room++) {
      child.send({ type: "react-watching", room } satisfies ToClients);
      await nextMessage(child, "watching");
      await new Promise((resolve) => setTimeout(resolve, 50));
      queryRuns = 0;
      runsByFunction.clear();
      child.send({ type: "react", room } satisfies ToClients);
      const { latencies } = await nextMessage(child, "react-done");
      await new Promise((resolve) => setTimeout(resolve, 50));
      reactionLatencies.push(...latencies);
      reactionRuns.push(queryRuns);
      for (const [udfPath, runs] of runsByFunction) {
        if (!udfPath.startsWith("chatPresence:"))
          reactionRunsByFunction.set(udfPath, (reactionRunsByFunction.get(udfPath) ?? 0) + runs);
      }
    }

    // 2. Sustained load, with the backend's memory sampled every second.
    progress(`sustained load for ${SUSTAINED_SECONDS} s…`);
    queryRuns = 0;
    presenceRuns = 0;
    heartbeats = 0;
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 1000);
    child.send({
      type: "sustained",
      rate: SUSTAINED_RATE,
      reactionRate: SUSTAINED_REACTIONS,
      seconds: SUSTAINED_SECONDS,
    } satisfies ToClients);
    const sustained = await nextMessage(child, "sustained-done");
    clearInterval(sampler);
    const sustainedRuns = queryRuns;
    const sustainedPresenceRuns = presenceRuns;
    const sustainedHeartbeats = heartbeats;

    // 3. Presence flips, one room at a time; each flip's runs counted until its count refresh is done.
    progress(`presence flips in ${FLIP_ROOMS} rooms…`);
    const flipRuns = new Map<string, number>();
    for (let room = 0; room < FLIP_ROOMS; room++) {
      runsByFunction.clear();
      child.send({ type: "flip", room } satisfies ToClients);
      await nextMessage(child, "flip-done");
      await new Promise((resolve) => setTimeout(resolve, FLIP_WINDOW_MS));
      for (const [udfPath, runs] of runsByFunction) flipRuns.set(udfPath, (flipRuns.get(udfPath) ?? 0) + runs);
    }

    const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const single95 = percentile(singleLatencies, 95);
    console.log(`\nChat rooms: ${ROOMS} rooms × ${PER_ROOM} clients = ${CLIENTS} clients of ${CLIENTS} users`);
    console.log(
      `  connected, subscribed (3 queries${WITH_NAMES ? ` and ${PER_ROOM} names` : ""} each) and present in ${connectSeconds.toFixed(1)} s`,
    );
    console.log(`  one message to one room (${ROOMS} messages, one per room):`);
    console.log(
      `    send → each of the room's clients: p50 ${ms(percentile(singleLatencies, 50))}, p95 ${ms(single95)}, max ${ms(Math.max(...singleLatencies))}`,
    );
    console.log(
      `    query re-runs per message: median ${percentile(runsPerMessage, 50)}, max ${Math.max(...runsPerMessage)} (clients in the room: ${PER_ROOM}; all clients: ${CLIENTS})`,
    );
    console.log(
      `    budget p95 < ${PUSH_BUDGET_MS} ms: ${single95 < PUSH_BUDGET_MS ? "within" : "OVER"}; re-runs ≈ ${PER_ROOM}: ${percentile(runsPerMessage, 50) <= 2 * PER_ROOM ? "yes" : "NO"}`,
    );
    const reaction95 = percentile(reactionLatencies, 95);
    const reactionRunsText = [...reactionRunsByFunction]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([udfPath, runs]) => `${udfPath} ${(runs / ROOMS).toFixed(1)}`)
      .join(", ");
    console.log(
      `  one reaction to one room's newest message (${ROOMS} reactions, one per room; its 20 clients hold "mine"):`,
    );
    console.log(
      `    toggle → each of the room's clients sees the count: p50 ${ms(percentile(reactionLatencies, 50))}, p95 ${ms(reaction95)}, max ${ms(Math.max(...reactionLatencies))}`,
    );
    console.log(
      `    query re-runs per reaction: median ${percentile(reactionRuns, 50)}, max ${Math.max(...reactionRuns)}; by function: ${reactionRunsText || "none"}`,
    );
    console.log(
      `  sustained ${SUSTAINED_RATE} messages/s over the rooms for ${SUSTAINED_SECONDS} s (${sustained.sent} messages, and ${sustained.reactions} reactions beside them):`,
    );
    const all = sustained.latencies;
    console.log(
      `    send → seen: p50 ${ms(percentile(all, 50))}, p95 ${ms(percentile(all, 95))}, max ${ms(Math.max(...all))} (${all.length} of ${sustained.sent * PER_ROOM} deliveries seen)`,
    );
    console.log(
      `    query re-runs per message or reaction: ${(sustainedRuns / (sustained.sent + sustained.reactions)).toFixed(1)}`,
    );
    console.log(
      `    presence heartbeats meanwhile: ${(sustainedHeartbeats / SUSTAINED_SECONDS).toFixed(0)}/s; presence list re-runs: ${sustainedPresenceRuns}`,
    );
    const perFlip = [...flipRuns]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([udfPath, runs]) => {
        const shared =
          readsNoLogin.has(udfPath) && !readsLogin.has(udfPath) ? " (reads no login: 1 shared run on Convex)" : "";
        return `${udfPath} ${(runs / (2 * FLIP_ROOMS)).toFixed(1)}${shared}`;
      })
      .join(", ");
    console.log(
      `  presence flips (${2 * FLIP_ROOMS}: a leave and a join in ${FLIP_ROOMS} rooms of ${PER_ROOM}): query runs per flip: ${perFlip || "none"}`,
    );
    console.log(
      `  backend resident memory: ${mb(idleRss)} with everyone connected, ${mb(peakRss)} at the peak under load`,
    );
    child.send({ type: "stop" } satisfies ToClients);
  } finally {
    child?.kill();
    await backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes("--clients")) {
  process.once("message", (members: Member[]) => void runClients(members));
} else {
  await main();
}
