/**
 * The parts of convex-test's internals the engine hooks into, reached without editing node_modules.
 *
 * convex-test keeps all state in one "convex global" object (components → DatabaseFake, the
 * transaction manager, the syscall tables) that it only exposes through an AsyncLocalStorage.
 * We capture it once by watching `AsyncLocalStorage.prototype.run` while running an empty
 * mutation, together with the storage that marks "this async context is inside a transaction"
 * (its store is a NestedLock). Everything here is checked, so a convex-test upgrade that moves
 * these internals fails loudly at start instead of silently losing data.
 */
import { isTransactionStore } from "./determinism";
import { NodeAsyncLocalStorage, SharedAsyncLocalStorage } from "./shared-async-context";

/** What convex-test keeps its state in: Node's AsyncLocalStorage or a shared one, used alike. */
type AsyncLocalStorage<T> = Pick<SharedAsyncLocalStorage<T>, "getStore" | "run">;

/** A stored document as convex-test keeps it (Convex values, with _id and _creationTime). */
export type StoredDocument = Record<string, unknown> & { _id: string; _creationTime: number };

/** The members of convex-test's DatabaseFake the engine uses. */
export interface DatabaseFake {
  _documents: Record<string, StoredDocument>;
  _storage: Record<string, Blob>;
  _nextDocId: number;
  _lastCreationTime: number;
  _writes: Record<string, StoredDocument | null>[];
  get(tableName: string | undefined, id: string): StoredDocument | null;
  /** Throws convex-test's error for an id that is malformed or of another table than `tableName`. */
  _validateId(tableName: string | undefined, id: string): void;
  insert(table: string, value: Record<string, unknown>): string;
  patch(tableName: string, id: string, value: Record<string, unknown>): void;
  replace(tableName: string, id: string, value: Record<string, unknown>): void;
  delete(tableName: string, id: string): void;
  commit(commitTs?: bigint | null): void;
  storeFile(storageId: string, blob: Blob): void;
  getFile(storageId: string): Blob | Promise<Blob | null> | null;
  _iterateDocs(tableName: string, callback: (doc: StoredDocument) => void): void;
  _resolveQuerySource(query: QueryDescription): ResolvedQuery;
  _nextQueryId: number;
  _queryResults: Record<number, StoredDocument[]>;
  startQuery(query: QueryDescription): number;
  paginate(request: { query: QueryDescription } & Record<string, unknown>): unknown;
  queryNext(queryId: number): { value: StoredDocument | null; done: boolean };
  _schema: { tables: Map<string, { indexes: { indexDescriptor: string; fields: string[] }[] }> } | null;
}

/** The parts of a query (as the Convex runtime serializes it) the engine looks at. */
export type QueryDescription = {
  source:
    | { type: "IndexRange"; indexName: string; range: RangeExpression[]; order?: "asc" | "desc" | null }
    | { type: "FullTableScan" | "Search"; tableName?: string; indexName?: string; order?: "asc" | "desc" | null };
};

/** convex-test's plan for a query: the documents entering it in order, then what filters and stops them. */
export type ResolvedQuery = {
  sortedDocs: StoredDocument[];
  filterFn: (document: StoredDocument) => boolean;
  limit: number | null;
  fieldPathsToSortBy: string[];
  order: "asc" | "desc";
};

export type RangeExpression = { type: "Eq" | "Gt" | "Gte" | "Lt" | "Lte"; fieldPath: string; value: unknown };

type AsyncSyscall = (op: string, jsonArgs: string) => Promise<string>;
type JsSyscall = (op: string, args: Record<string, unknown>) => Promise<unknown>;

export interface ConvexGlobal {
  components: Record<string, { db: DatabaseFake }>;
  transactionManager: {
    _lastCommitTs: bigint;
    isInTransaction(): boolean;
    getMetricsTracker(): { trackRead(size: number): void; trackIndexRange(): void } | null;
    commit(isNested: boolean): bigint | null;
  };
  asyncSyscall: AsyncSyscall;
  jsSyscall: JsSyscall;
}

export type FunctionPath = { componentPath: string; udfPath: string };

/** The untyped members of a convex-test accessor (`t`, `t.withIdentity(...)`) the engine calls. */
export interface TestAccessor {
  queryFromPath(path: FunctionPath, args: unknown): Promise<unknown>;
  mutationFromPath(path: FunctionPath, args: unknown): Promise<unknown>;
  actionFromPath(path: FunctionPath, args: unknown): Promise<unknown>;
  fun(path: FunctionPath, args: unknown): Promise<unknown>;
  run<T>(handler: (ctx: never) => Promise<T>): Promise<T>;
  action<T>(handler: (ctx: never) => Promise<T>): Promise<T>;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  withIdentity(identity: Record<string, unknown>): TestAccessor;
}

/** The root accessor also registers components (`t.registerComponent`). */
export interface RootTestAccessor extends TestAccessor {
  registerComponent(componentPath: string, schema: unknown, modules: Record<string, () => Promise<unknown>>): void;
}

export type Internals = {
  convexGlobal: ConvexGlobal;
  /** The app's own database (component path ""). */
  db: DatabaseFake;
  /** True when the current async context runs inside a query or mutation transaction. */
  inTransaction(): boolean;
  /** convex-test's per-handler global overrides (see ./determinism.ts). */
  globalOverrides: AsyncLocalStorage<Record<string, unknown>>;
  /** What convex-test puts in them for a query or mutation: `fetch`, `setTimeout`, … refusing. */
  transactionGlobals: Record<string, unknown>;
  /** Where convex-test keeps its convex global (the `Convex` of Convex's syscall layer) for a call. */
  convexGlobalStorage: AsyncLocalStorage<unknown>;
  /** The component whose function runs in the current async context ("" for the app). */
  currentComponentPath(): string;
  /** convex-test's record of the function running in the current async context, if any. */
  currentExecution(): ExecutionContext | undefined;
};

/**
 * What convex-test keeps about a running function: it counts `.paginate()` calls to allow one,
 * and `depth` is 1 for the function a client or the scheduler called, more for those it calls.
 */
export type ExecutionContext = { componentPath: string; paginatedQueries: number; depth: number };

/** The database of a registered component ("" is the app's own). */
export function databaseOf(internals: Internals, componentPath: string): DatabaseFake {
  const component = internals.convexGlobal.components[componentPath];
  if (component === undefined) throw new Error(`local backend: component "${componentPath}" is not installed`);
  return component.db;
}

/** Captures the convex global and the transaction marker of the convex-test instance `t`. */
export async function captureInternals(t: TestAccessor): Promise<Internals> {
  const seen: { storage: AsyncLocalStorage<unknown>; store: unknown }[] = [];
  // convex-test's storages are Node's or shared ones (./shared-async-context.ts), depending on
  // whether it was loaded before or after that was installed: watch both.
  const prototypes = [NodeAsyncLocalStorage.prototype, SharedAsyncLocalStorage.prototype] as {
    run: (...args: unknown[]) => unknown;
  }[];
  const originalRuns = prototypes.map((prototype) => prototype.run);
  prototypes.forEach((prototype, index) => {
    const originalRun = originalRuns[index];
    prototype.run = function (this: AsyncLocalStorage<unknown>, store: unknown, ...rest: unknown[]) {
      seen.push({ storage: this, store });
      return originalRun?.call(this, store, ...rest);
    };
  });
  try {
    await t.run(async () => null);
  } finally {
    prototypes.forEach((prototype, index) => (prototype.run = originalRuns[index] ?? prototype.run));
  }
  const convexGlobalSeen = seen.find(({ store }) => isConvexGlobal(store));
  const convexGlobal = convexGlobalSeen?.store as ConvexGlobal | undefined;
  const transactionMarker = seen.find(({ store }) => store?.constructor?.name === "NestedLock")?.storage;
  const transactionStore = seen.find(({ store }) => isTransactionStore(store));
  const globalOverrides = transactionStore?.storage as AsyncLocalStorage<Record<string, unknown>> | undefined;
  const executionContext = seen.find(({ store }) => isExecutionContext(store))?.storage as
    AsyncLocalStorage<ExecutionContext> | undefined;
  const db = convexGlobal?.components[""]?.db;
  if (
    convexGlobal === undefined ||
    convexGlobalSeen === undefined ||
    transactionMarker === undefined ||
    globalOverrides === undefined ||
    executionContext === undefined ||
    db === undefined ||
    !Object.values(convexGlobal.components).every((component) => isDatabaseFake(component.db))
  ) {
    throw new Error("local backend: this convex-test version keeps its state differently than the engine expects");
  }
  return {
    convexGlobal,
    db,
    inTransaction: () => transactionMarker.getStore() !== undefined,
    globalOverrides,
    transactionGlobals: functionsOf(transactionStore?.store),
    convexGlobalStorage: convexGlobalSeen.storage,
    currentComponentPath: () => executionContext.getStore()?.componentPath ?? "",
    currentExecution: () => executionContext.getStore(),
  };
}

/** The functions a store holds (`Date`, when ./determinism.ts set it, is set again for every run). */
function functionsOf(store: unknown): Record<string, unknown> {
  const functions: Record<string, unknown> = {};
  for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(store ?? {}))) {
    if (typeof descriptor.value === "function") functions[name] = descriptor.value;
  }
  return functions;
}

function isConvexGlobal(store: unknown): boolean {
  if (typeof store !== "object" || store === null) return false;
  const candidate = store as Partial<ConvexGlobal>;
  return (
    typeof candidate.components === "object" &&
    typeof candidate.transactionManager?.isInTransaction === "function" &&
    typeof candidate.transactionManager._lastCommitTs === "bigint" &&
    typeof candidate.transactionManager.commit === "function" &&
    typeof candidate.asyncSyscall === "function" &&
    typeof candidate.jsSyscall === "function"
  );
}

function isExecutionContext(store: unknown): boolean {
  const candidate = store as Partial<ExecutionContext> | undefined;
  return (
    typeof candidate?.componentPath === "string" &&
    typeof candidate.paginatedQueries === "number" &&
    typeof candidate.depth === "number"
  );
}

function isDatabaseFake(db: DatabaseFake): boolean {
  return (
    typeof db._documents === "object" &&
    typeof db._storage === "object" &&
    typeof db._nextDocId === "number" &&
    typeof db._lastCreationTime === "number" &&
    Array.isArray(db._writes) &&
    typeof db._nextQueryId === "number" &&
    typeof db._queryResults === "object" &&
    [
      "get",
      "_validateId",
      "insert",
      "patch",
      "replace",
      "delete",
      "commit",
      "storeFile",
      "getFile",
      "_iterateDocs",
      "_resolveQuerySource",
      "startQuery",
      "queryNext",
      "paginate",
    ].every((method) => typeof (db as unknown as Record<string, unknown>)[method] === "function")
  );
}

/**
 * convex-test ids are "<counter><table>"; the table is what follows the digits. A component's
 * ids and tables are qualified by its path ("presence/<counter>sessions" → "presence/sessions").
 */
export function tableOfId(id: string): string {
  return id.replace(/^((?:[^/]*\/)*)[0-9]+/, "$1");
}

/**
 * Each component has its own database, where ids and table names may repeat another's; in read
 * sets and commit notifications they are prefixed with the component's path.
 */
export function qualifiedTable(componentPath: string, table: string): string {
  return componentPath === "" ? table : `${componentPath}/${table}`;
}

export function qualifiedId(componentPath: string, id: string): string {
  return componentPath === "" ? id : `${componentPath}/${id}`;
}

/** The counter part of a convex-test id (ids are never reused, so restore continues after it). */
export function counterOfId(id: string): number {
  const match = /^[0-9]+/.exec(id);
  return match === null ? 0 : Number(match[0]);
}
