/**
 * A stop (SIGTERM, Ctrl+C) answers the mutations it already received before it closes the
 * sockets, so the client does not send them again to the next server and store them twice.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { startLocalBackend } from "../../local-backend/server/start-server";
import { FIXTURE_FUNCTIONS, fixtureEngine, listNotes } from "./engine-test-env";

const dataDir = mkdtempSync(path.join(tmpdir(), "graceful-stop-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it("answers an in-flight mutation before closing the connection", async () => {
  const backend = await startLocalBackend({
    port: 0,
    dataDir,
    seed: false,
    modulesDir: FIXTURE_FUNCTIONS,
    log: () => {},
  });
  const socket = new WebSocket(`${backend.url.replace(/^http/, "ws")}/api/1.48.0/sync`);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const events: string[] = [];
  socket.on("message", (data: Buffer) => {
    const message = JSON.parse(data.toString("utf8")) as { type: string; success?: boolean };
    if (message.type === "MutationResponse") events.push(`response ${String(message.success)}`);
  });
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));

  const started = new Promise<void>((resolve) => {
    const run = backend.engine.runMutation.bind(backend.engine);
    vi.spyOn(backend.engine, "runMutation").mockImplementation(async (...args) => {
      resolve();
      return await run(...args);
    });
  });
  socket.send(
    JSON.stringify({ type: "Connect", sessionId: "stop", connectionCount: 0, lastCloseReason: null, clientTs: 0 }),
  );
  socket.send(JSON.stringify({ type: "Mutation", requestId: 0, udfPath: "notes:add", args: [{ text: "in flight" }] }));
  await started;
  const stopped = backend.close();
  await closed;
  events.push("closed");
  await stopped;
  expect(events).toEqual(["response true", "closed"]);

  const engine = await fixtureEngine(dataDir);
  expect((await listNotes(engine)).map((note) => note.text)).toEqual(["in flight"]);
  await engine.close();
});
