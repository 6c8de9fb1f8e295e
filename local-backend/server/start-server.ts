/**
 * The local backend's server: one node:http server on one port that speaks to the unmodified
 * Convex clients like a deployment does —
 *   WebSocket `/api/<client version>/sync` (also `/api/sync`)  sync protocol (sync/sync-session.ts)
 *   POST `/api/query|mutation|action|…`                       ConvexHttpClient (http/function-endpoints.ts)
 *   `/api/storage/…`                                           uploads and files (http/storage-endpoints.ts)
 *   `/api/update_environment_variables`, `/api/export/…`, …    the CLI's admin endpoints (http/admin-endpoints.ts)
 *   the routes of `convex/http.ts`, and the built client when `staticDir` is given.
 * Site URL and deployment URL are the same origin, `http://127.0.0.1:<port>`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { openEngine } from "../engine/open-engine";
import type { Engine } from "../engine/types";
import { seedDemoContent } from "../seed/run-seed";
import { AdminKeyCheck } from "./admin/admin-auth";
import { SnapshotExports } from "./admin/snapshot-export";
import { SnapshotImports } from "./admin/snapshot-import";
import { SystemQueries } from "./admin/system-queries";
import { redactingLog, type Log } from "./failure";
import { sendText } from "./http/http-io";
import { createRequestRouter } from "./http/request-router";
import { processBodyBudget, type BodyBudget } from "./http/request-body";
import { TokenVerifier } from "./identity";
import { AllowedOrigins } from "./origins";
import { boundedSocket, SendBacklog } from "./sync/bounded-socket";
import { MAX_FRAME_BYTES } from "./sync/connection-limits";
import { QueryHub, type Invalidation } from "./sync/query-hub";
import { SyncSession } from "./sync/sync-session";

export type LocalBackendOptions = {
  /** 0 = pick a free port. */
  port: number;
  /** Default "127.0.0.1". */
  host?: string;
  dataDir: string;
  /** Default true; false refuses a data folder that does not exist (EngineOptions.createDataFolder). */
  createDataFolder?: boolean;
  /** When set, serve this built client (dist/) for every other GET, with SPA fallback to index.html. */
  staticDir?: string;
  /** Default true: seedDemoContent(engine) when the data folder is new. */
  seed?: boolean;
  log?: (line: string) => void;
  /** The Convex functions folder; defaults to this project's `convex/` (tests use fixtures). */
  modulesDir?: string;
  /**
   * Web origins besides the backend's own that may call it (`npm run dev`'s Vite server,
   * `--allow-origin`); pages from any other website are refused (./origins.ts).
   */
  allowedOrigins?: readonly string[];
  /** Clients get "Server Error" without the error's text, like on a production deployment (../server/failure.ts). */
  redactErrors?: boolean;
  /**
   * What a commit must write to re-run a subscription: "range" (default, as Convex: into an index
   * range, or a document, the query read) or "table" (any table it read; kept to measure the difference).
   */
  invalidation?: Invalidation;
  /**
   * What request bodies held in memory count against (./http/request-body.ts). Default: the
   * budget of the whole process, shared by every server in it; tests give a small one of their own.
   */
  bodyBudget?: BodyBudget;
  /** Default REQUEST_TIMEOUT_MS; tests shorten it to see a stalled body dropped. */
  requestTimeoutMs?: number;
  /** Default MAX_QUEUED_BYTES_ALL_CONNECTIONS (./sync/connection-limits.ts); tests make it small. */
  maxQueuedBytesAllConnections?: number;
};

export type LocalBackend = { url: string; port: number; engine: Engine; close(): Promise<void> };

const SYNC_PATH = /^\/api\/(?:[^/]+\/)?sync$/;
const DEFAULT_HOST = "127.0.0.1";
/** How long a stop waits for running mutations and actions to be answered. */
const DRAIN_TIMEOUT_MS = 10_000;
/**
 * A request must arrive whole, headers and body, within this time, or node:http answers 408
 * and closes its connection. This is what bounds a body that never completes (slowloris): it
 * holds its share of the request body budget (./http/request-body.ts) until then, and at most
 * one connection check later (node:http checks every CONNECTIONS_CHECK_MS), so about 5 minutes
 * and a half. These are node:http's defaults, set here so that the bound is written down; a
 * 100 MiB upload needs far less, even over a slow network.
 */
const REQUEST_TIMEOUT_MS = 300_000;
/** The headers alone must arrive within this time (node:http's default). */
const HEADERS_TIMEOUT_MS = 60_000;
const CONNECTIONS_CHECK_MS = 30_000;

export async function startLocalBackend(options: LocalBackendOptions): Promise<LocalBackend> {
  const baseLog = options.log ?? ((line: string) => console.log(`local backend: ${line}`));
  const log: Log = options.redactErrors === true ? redactingLog(baseLog) : baseLog;
  const host = options.host ?? DEFAULT_HOST;
  // Requests that arrive while the engine opens wait for it.
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_, response) =>
    sendText(response, 503, "The local backend is starting");
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const server = createServer(
    {
      requestTimeout,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
      connectionsCheckingInterval: Math.min(CONNECTIONS_CHECK_MS, requestTimeout / 4),
    },
    (request, response) => handle(request, response),
  );
  const port = await listen(server, options.port, host);
  const url = `http://${publicHost(host)}:${port}`;

  let engine: Engine;
  try {
    engine = await openEngine({
      dataDir: options.dataDir,
      siteUrl: url,
      cloudUrl: url,
      ...(options.modulesDir !== undefined ? { modulesDir: options.modulesDir } : {}),
      ...(options.createDataFolder !== undefined ? { createDataFolder: options.createDataFolder } : {}),
      checkDefaultRuntime: true,
    });
  } catch (error) {
    await closeServer(server);
    throw error;
  }
  try {
    if ((options.seed ?? true) && engine.isNew) await seedDemoContent(engine);
  } catch (error) {
    await engine.close();
    await closeServer(server);
    throw error;
  }

  const verifier = new TokenVerifier(engine.env);
  const allowedOrigins = new AllowedOrigins(url, options.allowedOrigins);
  // The `npx convex` CLI's way in: the admin key, its system queries, exports and imports.
  const adminKey = new AdminKeyCheck(engine.adminKey);
  const exports = new SnapshotExports(engine);
  const imports = new SnapshotImports(engine);
  const systemQueries = new SystemQueries(engine, exports, imports);
  const hub = new QueryHub(engine, log, options.invalidation, systemQueries);
  handle = createRequestRouter({
    engine,
    verifier,
    adminKey,
    systemQueries,
    exports,
    imports,
    log,
    origin: url,
    allowedOrigins,
    staticDir: options.staticDir,
    currentVersion: () => hub.currentVersion,
    bodyBudget: options.bodyBudget ?? processBodyBudget,
  });

  // A larger frame closes the connection (1009) as soon as its header says so, unbuffered.
  const sessions = new Set<SyncSession>();
  const backlog = new SendBacklog(log, options.maxQueuedBytesAllConnections);
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = pathOf(request.url ?? "/", url);
    if (pathname === null) {
      // A request line no URL parser accepts ("GET http://[ …") must not reach the process's top level.
      socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
      return;
    }
    if (!SYNC_PATH.test(pathname)) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
      return;
    }
    const origin = request.headers.origin;
    if (!allowedOrigins.allows(origin)) {
      log(`sync: refused a WebSocket from ${origin ?? ""}`);
      const body = AllowedOrigins.refusal(origin ?? "");
      socket.end(
        `HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => connect(ws));
  });

  function connect(ws: WebSocket): void {
    const session = new SyncSession(boundedSocket(ws, log, backlog), engine, hub, verifier, adminKey, log);
    sessions.add(session);
    ws.on("message", (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      if (isBinary) return;
      try {
        session.receive(Buffer.isBuffer(data) ? data.toString("utf8") : String(data));
      } catch (error) {
        log(`sync: a message could not be handled: ${String(error)}`);
        ws.terminate();
      }
    });
    ws.on("close", () => {
      session.dispose();
      sessions.delete(session);
    });
    ws.on("error", (error) => log(`sync: socket error: ${error.message}`));
  }

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      const serverClosed = closeServer(server);
      // Mutations and actions already received are finished and answered before the sockets
      // close; newer ones are not started (the client sends them again after reconnecting).
      await Promise.race([
        Promise.all([...sessions].map((session) => session.drain())),
        new Promise((resolve) => setTimeout(resolve, DRAIN_TIMEOUT_MS).unref()),
      ]);
      for (const ws of sockets.clients) ws.close(1001, "The local backend is stopping");
      sockets.close();
      await hub.close();
      server.closeAllConnections();
      await serverClosed;
      await engine.close();
    })());

  return { url, port, engine, close };
}

/** Listens on `port` (0 = any free one) and resolves with the port in use. */
function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off("listening", onListening);
      if (error.code === "EADDRINUSE") reject(new Error(`port ${port} is already in use`));
      else if (error.code === "EACCES") reject(new Error(`port ${port} needs permissions this user lacks`));
      else reject(error);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}

/** The address to print and to put in URLs: a wildcard host is reached through loopback. */
function publicHost(host: string): string {
  if (host === "0.0.0.0" || host === "::" || host === "") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

/** The path of a request's target, or null when it is no URL at all. */
function pathOf(target: string, base: string): string | null {
  try {
    return new URL(target, base).pathname;
  } catch {
    return null;
  }
}
