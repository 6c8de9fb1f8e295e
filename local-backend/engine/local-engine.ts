/** The Engine the server talks to (see ./types.ts); built by ./open-engine.ts. */
import { convexToJson, jsonToConvex, type JSONValue } from "convex/values";
import type { ActionCtx, MutationCtx } from "../../convex/_generated/server";
import {
  documentsOf,
  emptyTablesNotIn,
  importInto,
  tableNames,
  ImportError,
  type ImportMode,
  type ImportTable,
} from "./admin-data";
import type { CommitListeners } from "./commit-hook";
import type { DatabaseFake, FunctionPath, TestAccessor } from "./convex-test-internals";
import { WriteFailedError, type DurableLog } from "./durable-log";
import { EnvironmentChangeError, type Environment, type EnvironmentChange } from "./environment";
import type { ReadSet } from "./read-set";
import { runAsRequest, type RequestOutcomes } from "./request-outcomes";
import type { QueryJournals } from "./query-journal";
import type { ReadTracker } from "./read-tracker";
import { withoutLimits } from "./limits";
import { checkedResultText } from "./result-text";
import type { DirectQueries } from "./direct-queries";
import { checkClientCall, type FunctionKind, type ModuleMap } from "./modules";
import type { Scheduler } from "./scheduler";
import type { SnapshotReads } from "./snapshot-reads";
import type { ImportedFile, Storage, StoredFile } from "./storage";
import type { UploadTokenRefusal } from "./upload-tokens";
import { EngineError, type Access, type CommitInfo, type Engine, type Identity, type MutationTrace } from "./types";

type Parts = {
  t: TestAccessor;
  modules: ModuleMap;
  storage: Storage;
  log: DurableLog;
  scheduler: Scheduler;
  listeners: CommitListeners;
  reads: ReadTracker;
  journals: QueryJournals;
  snapshots: SnapshotReads;
  /** Runs queries without convex-test's harness where they allow it; null: all on convex-test. */
  direct: DirectQueries | null;
  /** Recorded results of mutations sent with a request key, for resends. */
  requestOutcomes: RequestOutcomes;
  /** The app's own database (admin reads and imports). */
  db: DatabaseFake;
  /** Every database by component path ("" is the app's), for admin reads and imports. */
  databases: Readonly<Record<string, { db: DatabaseFake }>>;
  environment: Environment;
  adminKey: string;
  isNew: boolean;
  unlock: () => Promise<void>;
};

/** Enough for every signed-in connection of a busy local backend; beyond it the cache starts over. */
const MAX_CACHED_IDENTITIES = 1000;

/** A query overtaken by commits this many times in a row answers with its last run. */
const MAX_QUERY_ATTEMPTS = 3;

const pathOf = (udfPath: string): FunctionPath => ({ componentPath: "", udfPath });

export class LocalEngine implements Engine {
  readonly env: Record<string, string>;
  readonly adminKey: string;
  readonly isNew: boolean;
  private closed = false;
  /**
   * convex-test builds a new accessor (and signs a test JWT) for every withIdentity call; the
   * sync server calls with the same few identities over and over, so each is built once.
   */
  private readonly accessors = new Map<string, TestAccessor>();
  /** Listeners of traceMutations; while there are none, mutations run untraced. */
  private readonly mutationTracers = new Set<(trace: MutationTrace) => void>();
  /** Commits applied since tracing began (the order of traced commits). */
  private tracedCommits = 0;

  constructor(private readonly parts: Parts) {
    this.env = parts.environment.values;
    this.adminKey = parts.adminKey;
    this.isNew = parts.isNew;
  }

  async runQuery(udfPath: string, args: JSONValue, identity: Identity, access: Access = "public"): Promise<JSONValue> {
    await this.checkCall(udfPath, "query", args, access);
    const direct = await this.runDirectly(udfPath, args, identity);
    return direct === null
      ? await this.runOnConvexTest(udfPath, args, identity)
      : (JSON.parse(direct.text) as JSONValue);
  }

  async runQueryTrackingReads(
    udfPath: string,
    args: JSONValue,
    identity: Identity,
    access: Access = "public",
    journal: string | null = null,
  ): ReturnType<Engine["runQueryTrackingReads"]> {
    await this.checkCall(udfPath, "query", args, access);
    // A direct run never paginates, so it has no journal (query-journal.ts).
    const direct = await this.runDirectly(udfPath, args, identity);
    if (direct !== null) {
      const { text, readSet } = direct;
      return withValueOf(text, { valueText: text, tablesRead: readSet.tables, readSet, journal: null });
    }
    const run = () => this.parts.reads.track(() => this.runOnConvexTest(udfPath, args, identity));
    const { result, journal: nextJournal } = await this.parts.journals.run(journal, run);
    const { result: value, readSet } = result;
    return { value, valueText: JSON.stringify(value), tablesRead: readSet.tables, readSet, journal: nextJournal };
  }

  /** The functions whose queries run on convex-test rather than directly (figures, tests). */
  get queriesOnConvexTest(): string[] {
    return this.parts.direct?.convexTestFunctions ?? [];
  }

  async runMutation(
    udfPath: string,
    args: JSONValue,
    identity: Identity,
    access: Access = "public",
    requestKey?: string,
  ): Promise<JSONValue> {
    await this.checkCall(udfPath, "mutation", args, access);
    const mutate = () => this.as(identity).mutationFromPath(pathOf(udfPath), jsonToConvex(args));
    const run = () => this.call(this.mutationTracers.size === 0 ? mutate : () => this.traced(udfPath, mutate), true);
    if (requestKey === undefined) return await run();
    // A resend of a request that already committed gets its recorded result (request-outcomes.ts).
    return await this.parts.requestOutcomes.once(requestKey, () => runAsRequest(requestKey, run));
  }

  async runAction(udfPath: string, args: JSONValue, identity: Identity, access: Access = "public"): Promise<JSONValue> {
    await this.checkCall(udfPath, "action", args, access);
    return await this.call(() => this.as(identity).actionFromPath(pathOf(udfPath), jsonToConvex(args)), true);
  }

  async runHttpAction(request: Request, identity: Identity = null): Promise<Response> {
    this.checkOpen();
    const url = new URL(request.url);
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    const init: RequestInit = {
      method: request.method,
      headers: request.headers,
      ...(hasBody ? { body: await request.arrayBuffer() } : {}),
    };
    try {
      return await this.parts.log.durably(async () => await this.as(identity).fetch(url.pathname + url.search, init));
    } catch (error) {
      console.error(`local backend: HTTP action ${request.method} ${url.pathname} failed:`, error);
      return new Response("Server Error", { status: 500 });
    }
  }

  async storeFile(blob: Blob): Promise<string> {
    this.checkOpen();
    const bytes = new Uint8Array(await blob.arrayBuffer());
    return await this.parts.log.durably(async () => await this.parts.storage.store(bytes, blob.type));
  }

  async getFile(storageId: string): Promise<StoredFile | null> {
    return await this.parts.storage.committedFile(storageId);
  }

  useUploadToken(token: string): boolean {
    return this.parts.storage.tokens.use(token);
  }

  takeUploadToken(token: string): UploadTokenRefusal | null {
    return this.parts.storage.tokens.take(token);
  }

  giveBackUploadToken(token: string): void {
    this.parts.storage.tokens.giveBack(token);
  }

  onCommit(listener: (info: CommitInfo) => void): () => void {
    return this.parts.listeners.add(listener);
  }

  traceMutations(listener: (trace: MutationTrace) => void): () => void {
    const { listeners, reads } = this.parts;
    this.mutationTracers.add(listener);
    // Commits are told to the mutation that makes them through its async context (read-tracker.ts).
    listeners.onApplied ??= (writes) => reads.recordCommit({ sequence: ++this.tracedCommits, writes });
    return () => {
      this.mutationTracers.delete(listener);
      if (this.mutationTracers.size === 0) listeners.onApplied = null;
    };
  }

  /** Runs `mutate` recording its reads and commits, and tells the tracers. */
  private async traced<T>(udfPath: string, mutate: () => Promise<T>): Promise<T> {
    return await this.parts.reads.traceMutation(mutate, ({ readSet, commits, failed }) => {
      const trace: MutationTrace = {
        udfPath,
        readSet,
        writes: commits.flatMap(({ writes }) => writes),
        commitSequence: commits.at(-1)?.sequence ?? null,
        failed,
      };
      for (const tracer of this.mutationTracers) tracer(trace);
    });
  }

  readonly admin = {
    run: async <T>(fn: (ctx: MutationCtx) => Promise<T>): Promise<T> =>
      await this.durably(() => withoutLimits(() => this.parts.t.run(fn as (ctx: never) => Promise<T>))),
    runAction: async <T>(fn: (ctx: ActionCtx) => Promise<T>): Promise<T> =>
      await this.durably(() => withoutLimits(() => this.parts.t.action(fn as (ctx: never) => Promise<T>))),
    call: async (udfPath: string, args: JSONValue): Promise<JSONValue> =>
      await this.call(() => this.parts.t.fun(pathOf(udfPath), jsonToConvex(args)), true),
    tables: (componentPath = ""): string[] => tableNames(this.databaseOf(componentPath)),
    documents: (table: string, componentPath = ""): JSONValue[] => documentsOf(this.databaseOf(componentPath), table),
    componentPaths: (): string[] =>
      Object.keys(this.parts.databases)
        .filter((path) => path !== "")
        .sort(),
    importDocuments: async (
      tables: readonly ImportTable[],
      mode: ImportMode,
      files: readonly ImportedFile[] | null = null,
    ): Promise<number> => {
      this.checkOpen();
      const importAll = async () => {
        const databases = tables.map(({ componentPath }) => this.databaseOf(componentPath));
        if (mode === "replaceAll") {
          for (const [componentPath, { db }] of Object.entries(this.parts.databases)) {
            const named = tables.filter((table) => table.componentPath === componentPath).map(({ table }) => table);
            emptyTablesNotIn(db, new Set(named));
          }
        }
        let written = 0;
        tables.forEach(({ table, documents }, index) => {
          const db = databases[index];
          if (db !== undefined) written += importInto(db, table, documents, mode);
        });
        // Last: once its files are written, nothing else of the import can fail but the commit.
        if (files !== null) written += await this.parts.storage.importFiles(files, mode);
        return written;
      };
      try {
        // One transaction (t.run), like admin.run; an ImportError rolls it back and reaches the
        // CLI as it is, not as a function failure.
        return await this.parts.log.durably(() =>
          withoutLimits(() => this.parts.t.run(importAll as (ctx: never) => Promise<number>)),
        );
      } catch (error) {
        if (error instanceof ImportError) throw error;
        if (error instanceof WriteFailedError) throw new EngineError(error.message);
        throw toEngineError(error);
      }
    },
  };

  environmentVariables(): { name: string; value: string }[] {
    return this.parts.environment.list();
  }

  async updateEnvironment(changes: readonly EnvironmentChange[]): Promise<void> {
    this.checkOpen();
    await this.parts.environment.update(changes).catch((error: unknown) => {
      if (error instanceof EnvironmentChangeError) throw error;
      throw new EngineError(`cannot write the data folder: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  /** Compacts the log into a snapshot now (otherwise it happens as the log grows). */
  async compact(): Promise<void> {
    await this.parts.log.compactNow();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.parts.scheduler.close();
    await this.parts.log.close();
    await this.parts.unlock();
  }

  private as(identity: Identity): TestAccessor {
    if (identity === null) return this.parts.t;
    const key = JSON.stringify(identity);
    let accessor = this.accessors.get(key);
    if (accessor === undefined) {
      // Tokens expire and are refreshed, so identities come and go; keep the most recent ones.
      if (this.accessors.size >= MAX_CACHED_IDENTITIES) this.accessors.clear();
      accessor = this.parts.t.withIdentity(identity);
      this.accessors.set(key, accessor);
    }
    return accessor;
  }

  /** A query run without convex-test's harness (./direct-queries.ts); null when it needs convex-test. */
  private async runDirectly(
    udfPath: string,
    args: JSONValue,
    identity: Identity,
  ): Promise<{ text: string; readSet: ReadSet } | null> {
    const { direct } = this.parts;
    if (direct === null) return null;
    return await this.readingAgainAfterCommits(async () => {
      try {
        const ran = await direct.run(udfPath, jsonToConvex(args), identity);
        return ran === null ? null : { text: checkedResultText(ran.value), readSet: ran.readSet };
      } catch (error) {
        throw toEngineError(error);
      }
    });
  }

  /** A query run by convex-test, on the last committed state beside a running mutation. */
  private async runOnConvexTest(udfPath: string, args: JSONValue, identity: Identity): Promise<JSONValue> {
    const run = () =>
      this.parts.snapshots.run(() => this.as(identity).queryFromPath(pathOf(udfPath), jsonToConvex(args)));
    return await this.readingAgainAfterCommits(async () => await this.call(run, false));
  }

  /**
   * Runs the query `read`; a commit while it ran may have shown it part of the new state, so it
   * reads again (rarely; at most MAX_QUERY_ATTEMPTS runs).
   */
  private async readingAgainAfterCommits<T>(read: () => Promise<T>): Promise<T> {
    const { listeners } = this.parts;
    for (let attempt = 1; ; attempt++) {
      const commitsBefore = listeners.appliedInMemory;
      const result = await read();
      if (listeners.appliedInMemory === commitsBefore || attempt === MAX_QUERY_ATTEMPTS) return result;
    }
  }

  /** An installed component's database ("" is the app's); an import naming another is refused. */
  private databaseOf(componentPath: string): DatabaseFake {
    const installed = this.parts.databases[componentPath];
    if (installed === undefined) {
      throw new ImportError(
        `No component is installed at ${componentPath} in this deployment (convex/convex.config.ts)`,
      );
    }
    return installed.db;
  }

  private checkOpen(): void {
    if (this.closed) throw new EngineError("The local backend is shutting down.");
  }

  private async checkCall(udfPath: string, kind: FunctionKind, args: JSONValue, access: Access): Promise<void> {
    this.checkOpen();
    const problem = await checkClientCall(this.parts.modules, udfPath, kind, args, access);
    if (problem !== null) throw new EngineError(problem);
  }

  /** Runs a function; with `writes`, answers only once its writes are durable. */
  private async call(run: () => Promise<unknown>, writes: boolean): Promise<JSONValue> {
    const result = writes
      ? await this.durably(run)
      : await run().catch((error: unknown) => Promise.reject(toEngineError(error)));
    return convexToJson((result ?? null) as JSONValue);
  }

  /**
   * Answers once the call's writes are durable; a write the disk refused was undone and fails
   * the call. (An action may have written before failing; those writes are settled first.)
   */
  private async durably<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await this.parts.log.durably(run);
    } catch (error) {
      if (error instanceof WriteFailedError) throw new EngineError(error.message);
      throw toEngineError(error);
    }
  }
}

/** `fields` with `value`, the result `text` parsed when first read (the sync server sends the text as it is). */
function withValueOf<T extends object>(text: string, fields: T): T & { value: JSONValue } {
  let value: JSONValue | undefined;
  return Object.defineProperty(fields, "value", {
    get: () => (value ??= JSON.parse(text) as JSONValue),
    enumerable: true,
  }) as T & { value: JSONValue };
}

/** A thrown ConvexError keeps its data; other errors keep their message (this is a dev backend). */
function toEngineError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  if (typeof error === "object" && error !== null && Symbol.for("ConvexError") in error) {
    const { message, data } = error as { message: string; data: unknown };
    let json: JSONValue;
    try {
      json = convexToJson((data ?? null) as JSONValue);
    } catch (unsupported) {
      // Data that is no Convex value fails the function, as its conversion fails it on Convex.
      return toEngineError(unsupported);
    }
    return new EngineError(`Uncaught ConvexError: ${message}`, { data: json });
  }
  const { name, message } = error instanceof Error ? error : { name: "Error", message: String(error) };
  console.error("local backend: function failed:", error);
  return new EngineError(`Uncaught ${name}: ${message}`);
}
