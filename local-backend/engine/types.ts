/**
 * The contract between the local backend's ENGINE (runs this project's `convex/` functions on
 * convex-test, persists to a data folder) and its SERVER (WebSocket sync, HTTP endpoints).
 *
 * Values cross this boundary as Convex JSON (`convexToJson` / `jsonToConvex` from "convex/values"),
 * exactly as they travel on the wire.
 */
import type { JSONValue } from "convex/values";
import type { ActionCtx, MutationCtx } from "../../convex/_generated/server";
import type { DataFiles } from "./fs-durable";
import type { ImportMode, ImportTable } from "./admin-data";
import type { EnvironmentChange } from "./environment";
import type { DocumentWrite, ReadSet } from "./read-set";
import type { ImportedFile, StoredFile } from "./storage";
import type { UploadTokenRefusal } from "./upload-tokens";

/**
 * Which functions a caller may reach: every client the public ones; the holder of the admin
 * key (`npx convex run`, the CLI's system queries) internal ones too, as on Convex.
 */
export type Access = "public" | "internal";

/**
 * Who calls a function. `null` is an anonymous caller. The server builds it from a verified JWT:
 * `subject` = `sub`, `issuer` = `iss`, `tokenIdentifier` = `${iss}|${sub}`, other claims as they are.
 */
export type Identity = {
  subject: string;
  issuer: string;
  tokenIdentifier: string;
  [claim: string]: unknown;
} | null;

/** Told after every durable commit (client mutations, actions' writes, scheduled functions, seeding). */
export type CommitInfo = {
  /** Tables written by the commit(s), e.g. ["books", "_storage"]. */
  writtenTables: string[];
  /** Each written document before and after the commit (a ReadSet tells whether it matters to a query). */
  writes: readonly DocumentWrite[];
  /** Grows by one per notification; a handy "database version" for the sync protocol. */
  version: number;
};

/**
 * One client mutation as the engine ran it (Engine.traceMutations): what it read and wrote, to
 * tell which mutations a Convex deployment would have made conflict (optimistic concurrency:
 * a read set overlapping the writes of a commit made since the mutation began).
 */
export type MutationTrace = {
  udfPath: string;
  readSet: ReadSet;
  writes: readonly DocumentWrite[];
  /** Its commit's place among the commits applied since tracing began (1, 2, …); null: it committed nothing. */
  commitSequence: number | null;
  /** It threw (nothing it wrote was kept). */
  failed: boolean;
};

export interface Engine {
  /** `udfPath` is "module:export", e.g. "books:list" or "lib/foo:bar". Public functions only unless `access` says internal. */
  runQuery(udfPath: string, args: JSONValue, identity: Identity, access?: Access): Promise<JSONValue>;
  /**
   * runQuery for a subscription, also telling what the run read: `readSet` (index ranges, ids,
   * whole tables; the result cannot change until a commit writes into it) and, coarser, the
   * tables it touched ("*": a read whose table is unknown). `journal` is the previous run's (null
   * for a first run): its `.paginate()` ends where that run's did, and the run gives its own
   * journal for the next (./query-journal.ts). A failing run rejects like runQuery.
   */
  runQueryTrackingReads(
    udfPath: string,
    args: JSONValue,
    identity: Identity,
    access?: Access,
    journal?: string | null,
  ): Promise<{
    value: JSONValue;
    /** `value` as JSON text (what the sync protocol sends). */
    valueText: string;
    tablesRead: ReadonlySet<string>;
    readSet: ReadSet;
    journal: string | null;
  }>;
  /** The queries ("module:export") that run on convex-test because they need what direct runs leave to it. */
  readonly queriesOnConvexTest: readonly string[];
  /**
   * Resolves only after the write is durable on disk AND the onCommit listeners have been called
   * for it, so a server that re-runs subscriptions on onCommit can wait for them before replying.
   * With a `requestKey` (the client's session and request id) it runs at most once: a resend of
   * a request that committed, even before a restart, gets the recorded result.
   */
  runMutation(
    udfPath: string,
    args: JSONValue,
    identity: Identity,
    access?: Access,
    requestKey?: string,
  ): Promise<JSONValue>;
  /** Same durability promise as runMutation for every write the action made. */
  runAction(udfPath: string, args: JSONValue, identity: Identity, access?: Access): Promise<JSONValue>;
  /**
   * Routes of `convex/http.ts` (Convex Auth's JWKS, OpenID configuration, OAuth callbacks).
   * Only path, query, method, headers and body of `request` are used. A failing handler
   * gives a 500 response; an unknown route a 404.
   */
  runHttpAction(request: Request, identity?: Identity): Promise<Response>;

  /** Stores an uploaded file (durable before resolving); returns its `_storage` id. */
  storeFile(blob: Blob): Promise<string>;
  /** The stored file, or null when there is none (never stored, deleted, or not an id). */
  getFile(storageId: string): Promise<StoredFile | null>;
  /**
   * Spends `token` of an upload URL (`?token=…`): true once for a token generateUploadUrl issued
   * since this engine opened, unexpired (1 h); false ever after.
   */
  useUploadToken(token: string): boolean;
  /** As `useUploadToken`, but says why a token is refused (Convex's code and message). */
  takeUploadToken(token: string): UploadTokenRefusal | null;
  /** Gives back a token `useUploadToken` spent on an upload that did not happen, for a retry. */
  giveBackUploadToken(token: string): void;

  /**
   * Hears every client mutation (runMutation) from now on with its read and write sets, as each
   * returns; returns a function that stops it. For benches: with no listener nothing is recorded.
   */
  traceMutations?(listener: (trace: MutationTrace) => void): () => void;

  /** Listener is called after each durable commit; returns an unsubscribe function. */
  onCommit(listener: (info: CommitInfo) => void): () => void;

  /** Trusted access for seeding and tests; internal functions allowed, no identity. */
  readonly admin: {
    run<T>(fn: (ctx: MutationCtx) => Promise<T>): Promise<T>;
    runAction<T>(fn: (ctx: ActionCtx) => Promise<T>): Promise<T>;
    /** Any function by path (query, mutation or action, public or internal). */
    call(udfPath: string, args: JSONValue): Promise<JSONValue>;
    /**
     * The tables of the app (componentPath "", the default) or of an installed component: those
     * of its schema and those holding documents, system tables included.
     */
    tables(componentPath?: string): string[];
    /** The committed documents of a table of the app or a component, in creation order (Convex JSON). */
    documents(table: string, componentPath?: string): JSONValue[];
    /** The installed components' paths ("presence", "presence/batchWorker"), parents first. */
    componentPaths(): string[];
    /**
     * Writes documents (Convex JSON) into the tables of the app and of components, and files into
     * `_storage` (ids kept; null: the snapshot has no `_storage`, which stays as it is), in ONE
     * transaction, durable before it resolves; all or nothing. Returns the documents written.
     */
    importDocuments(
      tables: readonly ImportTable[],
      mode: ImportMode,
      files?: readonly ImportedFile[] | null,
    ): Promise<number>;
  };

  /**
   * The deployment's admin key (`<dataDir>/admin-key`, made on first start): whoever presents
   * it may call internal functions and the CLI's admin endpoints.
   */
  readonly adminKey: string;
  /** The variables `npx convex env list` shows (all but the built-in CONVEX_SITE_URL and CONVEX_CLOUD_URL). */
  environmentVariables(): { name: string; value: string }[];
  /**
   * Sets (a value) or removes (null) environment variables, all or nothing; saved in env.json
   * before it resolves, and seen by functions (`env`, process.env) from then on.
   */
  updateEnvironment(changes: readonly EnvironmentChange[]): Promise<void>;

  /** True when the data folder held no data at open (the server seeds demo content then). */
  readonly isNew: boolean;
  /** The environment functions see (also set on process.env): JWT_PRIVATE_KEY, JWKS, SITE_URL, …; kept current. */
  readonly env: Record<string, string>;
  /** Folds the log into a snapshot now (it also happens by itself as the log grows). */
  compact(): Promise<void>;
  /** Stops timers (scheduler, crons), flushes and closes the data folder. */
  close(): Promise<void>;
}

/** A failed function call. `data` is a thrown ConvexError's data (Convex JSON), intact. */
export class EngineError extends Error {
  readonly data?: JSONValue;
  readonly logLines?: string[];
  constructor(message: string, options: { data?: JSONValue; logLines?: string[] } = {}) {
    super(message);
    this.name = "EngineError";
    if (options.data !== undefined) this.data = options.data;
    if (options.logLines !== undefined) this.logLines = options.logLines;
  }
}

export type EngineOptions = {
  /** The data folder, created when missing (unless `createDataFolder` is false). */
  dataDir: string;
  /**
   * Default true. False: the folder must exist already (`npm start` made it before its build), and
   * one gone since is refused with a clear message instead of being recreated empty.
   */
  createDataFolder?: boolean;
  /** Where `convex/http.ts` routes are served, e.g. "http://127.0.0.1:3210" (Convex Auth's issuer). */
  siteUrl: string;
  /** The deployment URL clients use, e.g. "http://127.0.0.1:3210"; storage URLs are built on it. */
  cloudUrl: string;
  /** The Convex functions folder; defaults to this project's `convex/`. */
  modulesDir?: string;
  /**
   * Refuse to open when the functions do not bundle for Convex's default runtime (a Node
   * built-in outside a "use node" file), with the Convex CLI's message (./default-runtime.ts).
   */
  checkDefaultRuntime?: boolean;
  /** The engine's writes to the data folder (tests inject disk faults); defaults to node:fs. */
  files?: DataFiles;
  /**
   * Run queries without convex-test's harness where they allow it (./direct-queries.ts); on by
   * default. Off, every query runs on convex-test (tests compare the two).
   */
  directQueries?: boolean;
};

// The entry point lives in ./open-engine.ts:
//   export function openEngine(options: EngineOptions): Promise<Engine>
// It throws an Error whose message starts with "cannot read data folder <dir>: " when the folder
// is unusable (permissions, not a folder, corrupt snapshot).
