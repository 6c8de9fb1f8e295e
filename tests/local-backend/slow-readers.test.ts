/**
 * Clients that stop reading, all together (issue 34): beside the bound on what waits for one
 * connection, one bound holds for all connections of the server; past it the connection with the
 * most waiting is dropped (it reconnects and catches up when it reads again), and the clients
 * that read keep getting every change.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type WebSocket from "ws";
import { MAX_QUEUED_BYTES } from "../../local-backend/server/sync/connection-limits";
import { SendBacklog } from "../../local-backend/server/sync/bounded-socket";
import type { LocalBackend } from "../../local-backend/server/start-server";
import { fixtureBackend, removeTemporaryDataDirs } from "./engine-test-env";
import { notesListLengths, subscribeToNotes } from "./notes-sync-client";

/** Small enough that three stalled clients pass it long before any passes its own 8 MB. */
const ALL_CONNECTIONS_LIMIT = 3 * 1024 * 1024;

describe("clients that stop reading, all together", () => {
  let backend: LocalBackend;
  let logLines: string[];

  beforeAll(async () => {
    ({ backend, logLines } = await fixtureBackend({ maxQueuedBytesAllConnections: ALL_CONNECTIONS_LIMIT }));
  }, 60_000);

  afterAll(async () => {
    await backend?.close();
    removeTemporaryDataDirs();
  });

  it("drops the connection with the most waiting once all together pass the limit, and serves the readers", async () => {
    const stalled = await Promise.all([1, 2, 3].map(() => subscribeToNotes(backend.url, "slow")));
    for (const client of stalled) client.socket.pause();
    const reader = await subscribeToNotes(backend.url, "slow");

    // Each note makes the whole list (growing by 100 KB) a new Transition for every client.
    const text = "n".repeat(100_000);
    let notes = 0;
    while (!logLines.some((line) => line.includes("all connections together")) && notes < 150) {
      await backend.engine.runMutation("notes:add", { text: `${notes++} ${text}` }, null);
    }
    const dropped = logLines.find((line) => line.includes("all connections together"));
    expect(dropped).toBeDefined();
    // The shared limit acted before any one connection reached its own.
    expect(logLines.some((line) => line.includes("does not read"))).toBe(false);
    const waiting = Number(/\((\d+) bytes\)/.exec(dropped ?? "")?.[1]);
    expect(waiting).toBeGreaterThan(0);
    expect(waiting).toBeLessThan(MAX_QUEUED_BYTES);

    for (const client of stalled) client.socket.resume();
    await expect.poll(() => stalled.filter((client) => client.closed()).length, { timeout: 10_000 }).toBeGreaterThan(0);

    // The client that reads got every note.
    const total = ((await backend.engine.runQuery("notes:list", {}, null)) as unknown[]).length;
    await expect.poll(() => notesListLengths(reader.messages).at(-1), { timeout: 10_000 }).toBe(total);
    expect(reader.closed()).toBe(false);
    for (const client of [...stalled, reader]) client.socket.terminate();
  }, 120_000);
});

describe("SendBacklog", () => {
  /** A stand-in socket: only terminate() is called. */
  function fakeSocket(): WebSocket & { terminated: boolean } {
    const socket = { terminated: false, terminate: () => (socket.terminated = true) };
    return socket as unknown as WebSocket & { terminated: boolean };
  }

  it("drops the heaviest connections until the rest fit, and forgets closed ones", () => {
    const lines: string[] = [];
    const backlog = new SendBacklog((line) => lines.push(line), 1000);
    const [light, heavy, middle] = [fakeSocket(), fakeSocket(), fakeSocket()];
    backlog.note(light, 100);
    backlog.note(heavy, 600);
    backlog.note(middle, 250);
    expect(backlog.totalBytes).toBe(950);
    backlog.note(light, 200); // 1,050 in all: the heaviest goes, whoever sent last
    expect(heavy.terminated).toBe(true);
    expect(light.terminated).toBe(false);
    expect(backlog.totalBytes).toBe(450);
    backlog.forget(middle);
    expect(backlog.totalBytes).toBe(200);
    expect(lines).toEqual([expect.stringContaining("(600 bytes)")]);
  });
});
