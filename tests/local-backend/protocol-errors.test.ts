/**
 * Errors reach ConvexClient (WebSocket) and ConvexHttpClient as a Convex DEV deployment sends
 * them: "[Request ID: …] Server Error" and the error's text (ArgumentValidationError with the
 * path, value and validator; unknown functions; uncaught exceptions). With `redactErrors` they
 * are "[Request ID: …] Server Error" only, like a production deployment, and the text goes to
 * the server's log.
 */
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startLocalBackend, type LocalBackend } from "../../local-backend/server/start-server";

const FIXTURE = fileURLToPath(new URL("./components-fixture/convex", import.meta.url));
const topic = makeFunctionReference<"query", { roomId?: unknown; limit?: unknown; extra?: unknown }>("rooms:topic");
const explode = makeFunctionReference<"mutation">("rooms:explode");
const missing = makeFunctionReference<"query">("rooms:nothingHere");

const folders: string[] = [];
async function backend(redactErrors: boolean): Promise<LocalBackend & { logLines: string[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "protocol-errors-"));
  folders.push(dataDir);
  const logLines: string[] = [];
  const started = await startLocalBackend({
    port: 0,
    dataDir,
    seed: false,
    modulesDir: FIXTURE,
    redactErrors,
    log: (line) => logLines.push(line),
  });
  return { ...started, logLines };
}

const messageOf = async (call: Promise<unknown>): Promise<string> =>
  await call.then(
    () => "no error",
    (error: unknown) => (error as Error).message,
  );

const MISSING_FIELD =
  "ArgumentValidationError: Object is missing the required field `roomId`. Consider wrapping the field " +
  "validator in `v.optional(...)` if this is expected.\n\nObject: {limit: 3.0}\n" +
  "Validator: v.object({limit: v.optional(v.float64()), roomId: v.string()})";
const WRONG_TYPE =
  "ArgumentValidationError: Value does not match validator.\nPath: .roomId\nValue: 12.0\nValidator: v.string()";
const EXTRA_FIELD =
  "ArgumentValidationError: Object contains extra field `extra` that is not in the validator.\n\n" +
  'Object: {extra: true, roomId: "lobby"}\nValidator: v.object({limit: v.optional(v.float64()), roomId: v.string()})';
const UNKNOWN =
  "Could not find public function for 'rooms:nothingHere'. Did you forget to run `npx convex dev` or `npx convex deploy`?";
const UNCAUGHT = "Uncaught Error: The room caught fire";

afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("like a dev deployment", () => {
  let server: LocalBackend & { logLines: string[] };
  let socket: ConvexClient;
  let http: ConvexHttpClient;
  beforeAll(async () => {
    server = await backend(false);
    socket = new ConvexClient(server.url, {
      webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
      logger: false,
    });
    http = new ConvexHttpClient(server.url, { logger: false });
  });
  afterAll(async () => {
    await socket.close();
    await server.close();
  });

  it("ConvexClient gets argument validation errors with path, value and validator", async () => {
    for (const [args, text] of [
      [{ limit: 3 }, MISSING_FIELD],
      [{ roomId: 12 }, WRONG_TYPE],
      [{ roomId: "lobby", extra: true }, EXTRA_FIELD],
    ] as const) {
      const message = await messageOf(socket.query(topic, args));
      expect(message).toMatch(/\[Request ID: [0-9a-f]{16}\] Server Error\n/);
      expect(message).toContain(text);
    }
  });

  it("ConvexHttpClient gets the same texts", async () => {
    expect(await messageOf(http.query(topic, { roomId: 12 }))).toContain(WRONG_TYPE);
    expect(await messageOf(http.query(topic, { limit: 3 }))).toContain(MISSING_FIELD);
    expect(await messageOf(http.query(missing, {}))).toContain(UNKNOWN);
    expect(await messageOf(http.mutation(explode, {}))).toContain(UNCAUGHT);
  });

  it("ConvexClient gets unknown functions and uncaught exceptions with their text", async () => {
    expect(await messageOf(socket.query(missing, {}))).toContain(UNKNOWN);
    expect(await messageOf(socket.mutation(explode, {}))).toContain(UNCAUGHT);
    expect(await socket.query(topic, { roomId: "lobby" })).toBe("Welcome to lobby");
  });
});

describe("with redactErrors, like a production deployment", () => {
  let server: LocalBackend & { logLines: string[] };
  let socket: ConvexClient;
  let http: ConvexHttpClient;
  beforeAll(async () => {
    server = await backend(true);
    socket = new ConvexClient(server.url, {
      webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
      logger: false,
    });
    http = new ConvexHttpClient(server.url, { logger: false });
  });
  afterAll(async () => {
    await socket.close();
    await server.close();
  });

  it("clients get only the request id and 'Server Error'; the log has the text under that id", async () => {
    for (const message of [
      await messageOf(socket.mutation(explode, {})),
      await messageOf(http.mutation(explode, {})),
      await messageOf(socket.query(topic, { roomId: 12 })),
      await messageOf(http.query(missing, {})),
    ]) {
      const requestId = /\[Request ID: ([0-9a-f]{16})\] Server Error/.exec(message)?.[1];
      expect(requestId).toBeDefined();
      expect(message).not.toMatch(/Uncaught|ArgumentValidationError|Could not find|caught fire/);
      expect(server.logLines.some((line) => line.includes(requestId ?? "?"))).toBe(true);
    }
    expect(server.logLines.some((line) => line.includes(UNCAUGHT))).toBe(true);
  });
});
