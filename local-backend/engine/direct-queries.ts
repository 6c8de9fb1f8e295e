/**
 * Runs a query function's handler with a context of our own that reads the committed database
 * directly, instead of through convex-test's harness and Convex's syscall interface.
 *
 * Why: after a commit the sync server re-runs every affected subscription once per signed-in
 * user (a query that reads `ctx.auth` cannot share a result between users, on Convex either).
 * Through convex-test each run passed every argument and document through JSON text and back
 * (the syscall interface), validated its arguments a second time, and entered half a dozen
 * AsyncLocalStorage contexts: about two thirds of a run's time was that harness
 * (local-backend/README.md, "Performance"). Here documents are copied as values, once.
 *
 * What it does is what convex-test does for the same calls, with Convex's messages: `ctx.db`
 * (`get`, `normalizeId`, `query` with `withIndex`/`fullTableScan`, `order`, `limit`, `take`,
 * `first`, `unique`, `collect`, async iteration), `ctx.auth.getUserIdentity()`,
 * `ctx.storage.getUrl/getMetadata`, `withSearchIndex` (./search-queries.ts answers it), and
 * `ctx.runQuery` into the app or a component (whose
 * functions see no identity, as on Convex). Reads are recorded as the same read set
 * (./read-tracker.ts), counted against the same transaction limits (./limits.ts), and the
 * clock and random generator are the same per-run ones (./determinism.ts).
 *
 * Anything else — `.filter`, `.paginate` (query journals), `db.system`, `ctx.meta`,
 * malformed ranges whose error convex-test words — marks the run as needing convex-test: its
 * result is dropped (a query has no side effects) and the function runs there instead, from
 * then on. Which functions those are is in `convexTestFunctions` (tests, figures).
 */
import { ConvexError, convexToJson, getDocumentSize, jsonToConvex, type Value } from "convex/values";
import { getFunctionAddress, type FunctionReference } from "convex/server";
import { argumentValidationError, valueMatchesValidator } from "./argument-validation";
import {
  qualifiedId,
  type DatabaseFake,
  type Internals,
  type RangeExpression,
  type StoredDocument,
} from "./convex-test-internals";
import type { IndexAccelerator, QueryRange, RangeWalk } from "./index-accelerator";
import type { SearchFilterExpression, SearchWalk } from "./search-queries";
import { TransactionMetricsTracker } from "convex-test/dist/transactionMetrics.js";
import { inFieldOrder } from "./field-order";
import { handlerWithoutReturnCheck } from "./limits";
import { exportedFunction, validatorsOf, type ModuleMap, type RegisteredFunction } from "./modules";
import { ReadSet } from "./read-set";
import { recordWalks } from "./read-tracker";
import type { Storage } from "./storage";
import { resolveFunctionAddress } from "./syscalls";
import type { Identity } from "./types";

/** One database the runner reads: the app's (path "") or a component's, with its functions. */
export type DirectDatabase = { db: DatabaseFake; indexes: IndexAccelerator; modules: ModuleMap };

type Handler = (ctx: unknown, args: unknown) => unknown;
type RegisteredQuery = RegisteredFunction & { _handler?: Handler };

/** Thrown where only convex-test knows what to do; the run is then redone there. */
class NeedsConvexTest extends Error {
  constructor(what: string) {
    super(`local backend: ${what} runs on convex-test`);
  }
}

/** One run of a query and the functions it calls. */
class Run {
  readonly readSet = new ReadSet();
  readonly walks: { range: QueryRange; walk: RangeWalk | undefined }[] = [];
  needsConvexTest = false;
  /**
   * convex-test's count of a transaction's reads against Convex's limits, with Convex's messages
   * (./limits.ts words them), as a query on convex-test counts them.
   */
  private readonly metrics = new TransactionMetricsTracker(true);

  constructor() {
    this.metrics.startTransaction();
  }

  /** Marks the run for convex-test; thrown, so the handler stops (a catch in user code cannot hide it). */
  needs(what: string): never {
    this.needsConvexTest = true;
    throw new NeedsConvexTest(what);
  }

  countIndexRange(): void {
    this.metrics.trackIndexRange();
  }

  countRead(document: StoredDocument): void {
    this.metrics.trackRead(sizeOf(document));
  }
}

export class DirectQueries {
  /** "componentPath\0udfPath" of the functions that needed convex-test once: they run there. */
  private readonly onConvexTest = new Set<string>();
  private readonly functions = new Map<string, RegisteredQuery | null>();

  constructor(
    private readonly databases: ReadonlyMap<string, DirectDatabase>,
    private readonly storage: Storage,
    private readonly internals: Pick<Internals, "globalOverrides" | "transactionGlobals" | "convexGlobalStorage">,
  ) {}

  /** The functions (by "module:export") that run on convex-test. */
  get convexTestFunctions(): string[] {
    return [...this.onConvexTest].filter((key) => key.startsWith("\u0000")).map((key) => key.slice(1));
  }

  /**
   * Runs the app's query `udfPath` (arguments already checked) as `identity`: its result and
   * what it read, or null when it must run on convex-test. Errors of the function are thrown.
   */
  async run(udfPath: string, args: Value, identity: Identity): Promise<{ value: Value; readSet: ReadSet } | null> {
    if (this.onConvexTest.has(key("", udfPath))) return null;
    // convex-test makes up a missing subject or issuer its own way (an admin's --identity may lack them).
    if (identity !== null && (typeof identity.subject !== "string" || typeof identity.issuer !== "string")) return null;
    const run = new Run();
    // Its result is checked against Convex's limits by the caller, as it is written out (result-text.ts).
    const callAll = () =>
      this.call(run, "", udfPath, inFieldOrder(args), identity === null ? null : fullIdentity(identity), {
        checksResult: false,
      });
    try {
      // The same per-run globals convex-test gives a query: a frozen clock, a seeded generator
      // (./determinism.ts adds both on entering), and fetch/setTimeout refusing.
      const withGlobals = () => this.internals.globalOverrides.run({ ...this.internals.transactionGlobals }, callAll);
      // A syscall made outside `ctx` (createFunctionHandle, say) reaches this `Convex` global.
      const value = await this.internals.convexGlobalStorage.run(syscallsOutsideContext(run), withGlobals);
      if (!run.needsConvexTest) {
        recordWalks(run.readSet, run.walks);
        run.readSet.readsAuthKnown = true;
        return { value, readSet: run.readSet };
      }
    } catch (error) {
      if (!run.needsConvexTest) throw error;
    }
    this.onConvexTest.add(key("", udfPath));
    return null;
  }

  private async call(
    run: Run,
    componentPath: string,
    udfPath: string,
    args: Value,
    identity: Record<string, unknown> | null,
    { checksResult }: { checksResult: boolean },
  ): Promise<Value> {
    if (this.onConvexTest.has(key(componentPath, udfPath))) run.needs(udfPath);
    const fn = await this.queryAt(componentPath, udfPath);
    if (fn === null) return run.needs(`${udfPath} (not a query here)`);
    const database = this.databases.get(componentPath);
    if (database === undefined) return run.needs(`component ${componentPath}`);
    const ctx = this.context(run, componentPath, database, identity);
    const handler = (checksResult ? fn._handler : handlerWithoutReturnCheck(fn._handler)) as Handler;
    const result = (await handler(ctx, args)) as Value | undefined;
    if (result instanceof DirectQuery || result instanceof DirectQueryInitializer) {
      throw new Error(
        "Return value is a Query. Results must be retrieved with `.collect()`, `.take(n), `.unique()`, or `.first()`.",
      );
    }
    const { returns } = validatorsOf(fn);
    // A `returns` mismatch is worded by convex-test (as the function's error).
    if (returns !== null && !valueMatchesValidator(returns, result ?? null)) run.needs(`${udfPath}'s returns`);
    return result === undefined ? null : result;
  }

  private context(
    run: Run,
    componentPath: string,
    database: DirectDatabase,
    identity: Record<string, unknown> | null,
  ): Record<string, unknown> {
    const needs = (what: string) => () => run.needs(what);
    return {
      db: new DirectReader({ run, componentPath, database }),
      auth: {
        getUserIdentity: async () => {
          run.readSet.readAuth();
          return identity === null ? null : copyValue(identity);
        },
      },
      storage:
        componentPath === "" ? this.storageReader(run) : { getUrl: needs("storage"), getMetadata: needs("storage") },
      meta: {
        getFunctionMetadata: needs("ctx.meta"),
        getTransactionMetrics: needs("ctx.meta"),
        getDeploymentMetadata: needs("ctx.meta"),
        getSnapshotTs: needs("ctx.meta"),
      },
      runQuery: async (reference: FunctionReference<"query">, args?: Record<string, Value>, options?: object) => {
        if (options !== undefined) run.needs("runQuery options");
        const target = resolveFunctionAddress(getFunctionAddress(reference), componentPath);
        if (target.componentPath === null) return run.needs("a function handle");
        if (args !== undefined && !isPlainObject(args)) run.needs("runQuery arguments");
        // Arguments and results cross as Convex values do, through their JSON form.
        const copied = jsonToConvex(convexToJson(args ?? {}));
        const fn = await this.queryAt(target.componentPath, target.udfPath);
        const exportedArgs = fn === null ? null : validatorsOf(fn).args;
        if (exportedArgs !== null && argumentValidationError(exportedArgs, copied) !== null) {
          run.needs(`${target.udfPath}'s arguments`);
        }
        // Auth does not cross into another component.
        const calleeIdentity = target.componentPath === componentPath ? identity : null;
        // A nested call gets a clock and generator of its own, as convex-test gives it.
        const callNested = () =>
          this.call(run, target.componentPath, target.udfPath, copied, calleeIdentity, { checksResult: true });
        try {
          const result = await this.internals.globalOverrides.run({ ...this.internals.transactionGlobals }, callNested);
          return jsonToConvex(convexToJson(result));
        } catch (error) {
          throw acrossRunQuery(error);
        }
      },
    };
  }

  private storageReader(run: Run) {
    return {
      getUrl: async (storageId: string) => {
        if (storageId === undefined) throw new TypeError("Must provide arg 1 `storageId` to `getUrl`");
        run.readSet.readTable("_storage");
        if (typeof storageId !== "string" || tableNameFromId(storageId) !== "_storage") run.needs("this storage id");
        return this.storage.committedUrl(storageId);
      },
      getMetadata: async (storageId: string) => {
        run.readSet.readTable("_storage");
        if (typeof storageId !== "string" || tableNameFromId(storageId) !== "_storage") run.needs("this storage id");
        return this.storage.committedMetadata(storageId);
      },
    };
  }

  /** The registered query `udfPath` of a database's modules, or null. */
  private async queryAt(componentPath: string, udfPath: string): Promise<RegisteredQuery | null> {
    const cacheKey = key(componentPath, udfPath);
    const cached = this.functions.get(cacheKey);
    if (cached !== undefined) return cached;
    const modules = this.databases.get(componentPath)?.modules;
    const exported =
      modules === undefined ? null : ((await exportedFunction(modules, udfPath)) as RegisteredQuery | null);
    const fn = exported?.isQuery === true && typeof exported._handler === "function" ? exported : null;
    this.functions.set(cacheKey, fn);
    return fn;
  }
}

/*
 * The classes a function holds (ctx.db, its queries, the range builder) keep their state in
 * private (#) fields: a function that returns or prints one must not show the run, let alone
 * the database it reads, in an error message.
 */

/** Where a function of a direct run reads: the run, and the database of its component. */
type DatabasePlace = { run: Run; componentPath: string; database: DirectDatabase };

/** Where a query reads: its database place and table. */
type QueryPlace = DatabasePlace & { table: string };

/** `ctx.db` of a direct run: committed documents, copied for the function. */
class DirectReader {
  readonly system: Record<string, () => never>;
  readonly #place: DatabasePlace;

  constructor(place: DatabasePlace) {
    this.#place = place;
    const needs = () => place.run.needs("db.system");
    this.system = { get: needs, query: needs, normalizeId: needs, table: needs };
  }

  async get(first: string, second?: string): Promise<Value> {
    const [table, id] = second === undefined ? [undefined, first] : [first, second];
    if (id === undefined) throw new TypeError("Must provide arg 1 `id` to `get`");
    if (typeof id !== "string") {
      throw new Error(`Invalid argument \`id\` for \`db.get\`, expected string but got '${typeof id}': ${String(id)}`);
    }
    const actualTable = tableNameFromId(id);
    // Malformed ids, tables that are no strings and system tables: convex-test's own answers.
    if (actualTable === null || actualTable.startsWith("_")) this.#place.run.needs("this id");
    if (table !== undefined && (typeof table !== "string" || table.startsWith("_")))
      this.#place.run.needs("this table");
    const { db } = this.#place.database;
    // convex-test's check of a table given with the id, with its messages.
    db._validateId(table, id);
    this.#place.run.countIndexRange();
    this.#place.run.readSet.readId(qualifiedId(this.#place.componentPath, id));
    const document = Object.hasOwn(db._documents, id) ? db._documents[id] : undefined;
    if (document === undefined) return null;
    this.#place.run.countRead(document);
    return copyValue(document) as Value;
  }

  normalizeId(table: string, id: string): string | null {
    if (table === undefined) throw new TypeError("Must provide arg 1 `tableName` to `normalizeId`");
    if (id === undefined) throw new TypeError("Must provide arg 2 `id` to `normalizeId`");
    if (typeof table !== "string" || typeof id !== "string")
      return this.#place.run.needs("normalizeId of a non-string");
    if (table.startsWith("_")) throw new Error("System tables can only be accessed from db.system.normalizeId().");
    return tableNameFromId(id) === table ? id : null;
  }

  query(table: string): DirectQueryInitializer {
    if (typeof table !== "string" || table.startsWith("_")) return this.#place.run.needs("a system table");
    return new DirectQueryInitializer({ ...this.#place, table });
  }

  table(): never {
    return this.#place.run.needs("db.table");
  }
}

/** What a query reads: an index range in an order, or (with `search`) a search index's ranking. */
type Source = {
  indexName: string;
  range: RangeExpression[];
  order: "asc" | "desc" | null;
  search?: SearchFilterExpression[];
};

/** `ctx.db.query(table)`: picks the index (or a scan in creation order). */
class DirectQueryInitializer {
  readonly #place: QueryPlace;

  constructor(place: QueryPlace) {
    this.#place = place;
  }

  withIndex(indexName: string, indexRange?: (q: RangeBuilder) => RangeBuilder): DirectQuery {
    if (indexName === undefined) throw new TypeError("Must provide arg 1 `indexName` to `withIndex`");
    const builder = indexRange === undefined ? new RangeBuilder([]) : indexRange(new RangeBuilder([]));
    return this.#query({ indexName, range: builder.export(), order: null });
  }

  fullTableScan(): DirectQuery {
    const { database, table, run } = this.#place;
    // convex-test words the error for a table the schema does not have.
    if (database.db._schema !== null && !database.db._schema.tables.has(table)) run.needs("a table outside the schema");
    return this.#query({ indexName: "by_creation_time", range: [], order: null });
  }

  withSearchIndex(indexName: string, searchFilter: (q: SearchFilterBuilder) => SearchFilterBuilder): DirectQuery {
    if (indexName === undefined) throw new TypeError("Must provide arg 1 `indexName` to `withSearchIndex`");
    if (searchFilter === undefined) throw new TypeError("Must provide arg 2 `searchFilter` to `withSearchIndex`");
    const filters = searchFilter(new SearchFilterBuilder([])).export();
    return this.#query({ indexName, range: [], order: null, search: filters });
  }

  count(): never {
    return this.#place.run.needs("count");
  }

  order(order: "asc" | "desc"): DirectQuery {
    return this.fullTableScan().order(order);
  }
  filter(): never {
    return this.#place.run.needs("filter");
  }
  limit(n: number): DirectQuery {
    return this.fullTableScan().limit(n);
  }
  collect(): Promise<Value[]> {
    return this.fullTableScan().collect();
  }
  take(n: number): Promise<Value[]> {
    return this.fullTableScan().take(n);
  }
  paginate(): never {
    return this.#place.run.needs("paginate");
  }
  first(): Promise<Value | null> {
    return this.fullTableScan().first();
  }
  unique(): Promise<Value | null> {
    return this.fullTableScan().unique();
  }
  [Symbol.asyncIterator](): DirectQuery {
    return this.fullTableScan()[Symbol.asyncIterator]();
  }

  #query(source: Source): DirectQuery {
    return new DirectQuery(this.#place, source, Infinity);
  }
}

/** A query being built, then walked: the states and messages of Convex's QueryImpl. */
class DirectQuery {
  #state: "preparing" | "executing" | "closed" | "consumed" = "preparing";
  #walk: RangeWalk | SearchWalk | null = null;
  #returned = 0;
  readonly #place: QueryPlace;
  readonly #source: Source;
  /**
   * The smallest `.limit(n)` (Infinity without one), as Convex applies several. convex-test keeps
   * the first one instead (README, "Convex behaviours").
   */
  readonly #limit: number;

  constructor(place: QueryPlace, source: Source, limit: number) {
    this.#place = place;
    this.#source = source;
    this.#limit = limit;
  }

  order(order: "asc" | "desc"): DirectQuery {
    if (order === undefined) throw new TypeError("Must provide arg 1 `order` to `order`");
    this.#closeForChaining();
    if (this.#source.search !== undefined) {
      throw new Error("Search queries must always be in relevance order. Can not set order manually.");
    }
    if (this.#source.order !== null) throw new Error("Queries may only specify order at most once");
    return new DirectQuery(this.#place, { ...this.#source, order }, this.#limit);
  }

  filter(): never {
    return this.#place.run.needs("filter");
  }

  limit(n: number): DirectQuery {
    if (n === undefined) throw new TypeError("Must provide arg 1 `n` to `limit`");
    this.#closeForChaining();
    if (!Number.isInteger(n) || n < 0) this.#place.run.needs("a limit that is not a count");
    return new DirectQuery(this.#place, this.#source, n < this.#limit ? n : this.#limit);
  }

  paginate(): never {
    return this.#place.run.needs("paginate");
  }

  async collect(): Promise<Value[]> {
    // What `for await (const item of this)` does, without a promise per document.
    this.#start();
    const out: Value[] = [];
    for (let document = this.#nextDocument(); document !== null; document = this.#nextDocument()) out.push(document);
    return out;
  }

  async take(n: number): Promise<Value[]> {
    if (n === undefined) throw new TypeError("Must provide arg 1 `n` to `take`");
    if (!Number.isInteger(n) || n < 0) throw new TypeError("Arg 1 `n` to `take` must be a non-negative integer");
    return await this.limit(n).collect();
  }

  async first(): Promise<Value | null> {
    const [first] = await this.take(1);
    return first ?? null;
  }

  async unique(): Promise<Value | null> {
    const firstTwo = (await this.take(2)) as { _id: string }[];
    if (firstTwo.length === 0) return null;
    if (firstTwo.length === 2) {
      throw new Error(`unique() query returned more than one result from table ${this.#place.table}:
 [${firstTwo[0]?._id}, ${firstTwo[1]?._id}, ...]`);
    }
    return firstTwo[0] as Value;
  }

  [Symbol.asyncIterator](): DirectQuery {
    this.#start();
    return this;
  }

  async next(): Promise<{ value: Value; done: false } | { value: null; done: true }> {
    if (this.#state === "closed" || this.#state === "consumed") throwClosed(this.#state);
    if (this.#state === "preparing") this.#start();
    const document = this.#nextDocument();
    return document === null ? { value: null, done: true } : { value: document, done: false };
  }

  return(): Promise<{ done: true; value: undefined }> {
    this.#state = "consumed";
    return Promise.resolve({ done: true, value: undefined });
  }

  /** The next document's copy, or null (and the query consumed) at the end of the range or limit. */
  #nextDocument(): Value | null {
    const document = this.#returned >= this.#limit ? null : (this.#walk?.next() ?? null);
    if (document === null) {
      this.#state = "consumed";
      return null;
    }
    this.#returned += 1;
    this.#place.run.countRead(document);
    return copyValue(document) as Value;
  }

  #start(): void {
    if (this.#state === "executing") throw new Error("Iteration can only begin on a query once.");
    if (this.#state === "closed" || this.#state === "consumed") throwClosed(this.#state);
    const { run, database, table, componentPath } = this.#place;
    run.countIndexRange();
    const { indexName, range, order, search } = this.#source;
    if (search !== undefined) {
      const opened = database.indexes.openSearch({ indexName: `${table}.${indexName}`, filters: search });
      run.readSet.readSearch(
        componentPath === "" ? opened.read : { ...opened.read, table: `${componentPath}/${table}` },
      );
      this.#walk = opened.walk;
      this.#state = "executing";
      return;
    }
    const opened = database.indexes.openRange(table, indexName, range, order ?? "asc");
    // An undeclared index or a range of another shape: convex-test words the error.
    if (opened === null) return run.needs("this index range");
    const readRange =
      componentPath === "" ? opened.range : { ...opened.range, table: `${componentPath}/${opened.range.table}` };
    run.walks.push({ range: readRange, walk: opened.walk });
    this.#walk = opened.walk;
    this.#state = "executing";
  }

  /** Closes this query for chaining (QueryImpl's takeQuery). */
  #closeForChaining(): void {
    if (this.#state !== "preparing") {
      throw new Error("A query can only be chained once and can't be chained after iteration begins.");
    }
    this.#state = "closed";
  }
}

function throwClosed(state: "closed" | "consumed"): never {
  throw new Error(
    state === "consumed"
      ? "This query is closed and can't emit any more values."
      : "This query has been chained with another operator and can't be reused.",
  );
}

/** `q` of `withIndex(name, q => …)`: the range as Convex's builder exports it. */
class RangeBuilder {
  #consumed = false;
  readonly #expressions: RangeExpression[];

  constructor(expressions: RangeExpression[]) {
    this.#expressions = expressions;
  }

  eq(fieldPath: string, value: Value | undefined) {
    return this.#with("Eq", fieldPath, value);
  }
  gt(fieldPath: string, value: Value | undefined) {
    return this.#with("Gt", fieldPath, value);
  }
  gte(fieldPath: string, value: Value | undefined) {
    return this.#with("Gte", fieldPath, value);
  }
  lt(fieldPath: string, value: Value | undefined) {
    return this.#with("Lt", fieldPath, value);
  }
  lte(fieldPath: string, value: Value | undefined) {
    return this.#with("Lte", fieldPath, value);
  }

  export(): RangeExpression[] {
    this.#consume();
    return this.#expressions;
  }

  #with(type: RangeExpression["type"], fieldPath: string, value: Value | undefined): RangeBuilder {
    this.#consume();
    // Strings (ids, names) are their own JSON; anything else as Convex's builder exports it.
    const json = typeof value === "string" ? value : value === undefined ? { $undefined: null } : convexToJson(value);
    return new RangeBuilder([...this.#expressions, { type, fieldPath, value: json }]);
  }

  #consume(): void {
    if (this.#consumed) {
      throw new Error(
        "IndexRangeBuilder has already been used! Chain your method calls like `q => q.eq(...).eq(...)`. See https://docs.convex.dev/using/indexes",
      );
    }
    this.#consumed = true;
  }
}

/** `q` of `withSearchIndex(name, q => …)`: the filters as Convex's builder exports them, with its messages. */
class SearchFilterBuilder {
  #consumed = false;
  readonly #filters: SearchFilterExpression[];

  constructor(filters: SearchFilterExpression[]) {
    this.#filters = filters;
  }

  search(fieldName: string, query: string): SearchFilterBuilder {
    if (fieldName === undefined) throw new TypeError("Must provide arg 1 `fieldName` to `search`");
    if (query === undefined) throw new TypeError("Must provide arg 2 `query` to `search`");
    return this.#with({ type: "Search", fieldPath: fieldName, value: query });
  }

  eq(fieldName: string, value?: Value): SearchFilterBuilder {
    if (fieldName === undefined) throw new TypeError("Must provide arg 1 `fieldName` to `eq`");
    // Convex's builder words a missing second argument so (an explicit `undefined` is allowed).
    if (arguments.length !== 2 && value === undefined) throw new TypeError("Must provide arg 2 `value` to `search`");
    // As Convex's builder: a value given as `undefined` stands for a missing field.
    const json = value === undefined ? { $undefined: null } : convexToJson(value);
    return this.#with({ type: "Eq", fieldPath: fieldName, value: json });
  }

  export(): SearchFilterExpression[] {
    this.#consume();
    return this.#filters;
  }

  #with(filter: SearchFilterExpression): SearchFilterBuilder {
    this.#consume();
    return new SearchFilterBuilder([...this.#filters, filter]);
  }

  #consume(): void {
    if (this.#consumed) {
      throw new Error(
        "SearchFilterBuilder has already been used! Chain your method calls like `q => q.search(...).eq(...)`.",
      );
    }
    this.#consumed = true;
  }
}

/** The `Convex` global of a direct run: any syscall, made outside `ctx`, is convex-test's to answer. */
function syscallsOutsideContext(run: Run) {
  const needs = (op: string) => run.needs(`the syscall ${op}`);
  return { syscall: needs, asyncSyscall: async (op: string) => needs(op), jsSyscall: async (op: string) => needs(op) };
}

const key = (componentPath: string, udfPath: string) => `${componentPath}\u0000${udfPath}`;

/** The identity as convex-test's `withIdentity` completes it (`tokenIdentifier` from issuer and subject). */
function fullIdentity(identity: NonNullable<Identity>): Record<string, unknown> {
  const { subject, issuer, tokenIdentifier } = identity as {
    subject: string;
    issuer: string;
    tokenIdentifier?: string;
  };
  return { ...identity, tokenIdentifier: tokenIdentifier ?? `${issuer}|${subject}` };
}

/** convex-test's reading of an id's table: what follows its leading digits (null when there is none). */
function tableNameFromId(id: string): string | null {
  const match = /^[0-9]+/.exec(id);
  if (match === null || match[0].length === id.length) return null;
  return id.slice(match[0].length);
}

/**
 * A Convex value as a new value of its own, its fields in the order they have. Stored documents
 * have theirs in name order already (./field-order.ts); the identity is handed out as given.
 */
function copyValue(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(copyValue);
  if (value instanceof ArrayBuffer) return value.slice(0);
  const copy: Record<string, unknown> = {};
  for (const field in value) copy[field] = copyValue((value as Record<string, unknown>)[field]);
  return copy;
}

/**
 * An error of a nested `ctx.runQuery` as the caller sees it: convex's syscall layer rethrows it as
 * a plain Error with its message, or as a ConvexError when it carries data (which crosses as
 * Convex values do).
 */
function acrossRunQuery(error: unknown): unknown {
  if (error instanceof NeedsConvexTest) return error;
  const { message, data } = (typeof error === "object" && error !== null ? error : {}) as {
    message?: string;
    data?: unknown;
  };
  if (data === undefined) return new Error(message);
  const rethrown: ConvexError<Value> = new ConvexError<Value>(message ?? "");
  rethrown.data = jsonToConvex(convexToJson(data as Value));
  return rethrown;
}

function isPlainObject(value: unknown): value is Record<string, Value> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || prototype === Object.prototype;
}

/** A stored document never changes (every write makes a new object), so its size is counted once. */
const sizes = new WeakMap<StoredDocument, number>();

function sizeOf(document: StoredDocument): number {
  let size = sizes.get(document);
  if (size === undefined) {
    size = getDocumentSize(document as unknown as Record<string, Value>);
    sizes.set(document, size);
  }
  return size;
}
