/**
 * Records what a query function reads, as a ReadSet (./read-set.ts): the index ranges it walked,
 * the ids it fetched, the tables it read without a range.
 *
 * Every read of convex-test's database goes through `get` (documents by id, system tables too),
 * `startQuery` (streamed queries and counts) or `paginate`; storage calls read `_storage` whole.
 * The set of the function running in the current async context (AsyncLocalStorage, so functions
 * running at the same time never mix their sets) collects each read. A streamed query counts
 * as far as it was read when the function returns (`first()` on a long range reads one
 * document of it), a page from its cursor to the end of the page, as Convex records them.
 * A component's reads are recorded under its path (`presence/sessions`, see qualifiedTable), so
 * they meet the writes to that component's database only.
 * A query in a transaction that has written its table is answered by convex-test's scan, which
 * `get`s every document of the table; those gets are not reads of the function (Convex records
 * the index range, recorded here too), so they are left out of its set: otherwise two
 * rate-limit calls in one mutation would read every row of the limiter's table.
 * A search (streamed or paged) records its terms and filters, as Convex does (./search-text.ts).
 */
import { SharedAsyncLocalStorage } from "./shared-async-context";
import { qualifiedId, qualifiedTable, type DatabaseFake, type QueryDescription } from "./convex-test-internals";
import type { IndexAccelerator, QueryRange, RangeWalk } from "./index-accelerator";
import { keyOf, keyOfCursor } from "./index-range";
import { ReadSet, UNKNOWN_TABLE, type DocumentWrite, type KeyLimit } from "./read-set";
import { searchReadOf, type SearchSource } from "./search-queries";

type PageRequest = { query: QueryDescription; cursor?: string | null } & Record<string, unknown>;
type PageResult = { isDone: boolean; continueCursor: string };

/**
 * A run's reads; streamed queries are measured once the run is over. `commits`: those a traced
 * mutation made (traceMutation), in the order they were applied.
 */
type RunReads = {
  set: ReadSet;
  walks: { range: QueryRange; walk: RangeWalk | undefined }[];
  commits?: CommitOfRun[];
};

/** A commit a traced mutation made: its place among all commits (1, 2, …) and what it wrote. */
export type CommitOfRun = { sequence: number; writes: readonly DocumentWrite[] };

export class ReadTracker {
  private readonly current = new SharedAsyncLocalStorage<RunReads>();
  /** > 0 while convex-test scans a table to answer a query (synchronous, so no other run interleaves). */
  private scanning = 0;

  /**
   * Installs itself around the read methods of a database, the app's (`componentPath` "") or a
   * component's, and its IndexAccelerator; call after the accelerator.
   */
  watch(db: DatabaseFake, ranges: IndexAccelerator, componentPath = ""): void {
    const get = db.get.bind(db);
    const startQuery = db.startQuery.bind(db);
    const paginate = db.paginate.bind(db);
    const table = (name: string) => (name === UNKNOWN_TABLE ? name : qualifiedTable(componentPath, name));
    const describe = (query: QueryDescription): QueryRange | null => {
      const range = ranges.describe(query);
      return range === null || componentPath === "" ? range : { ...range, table: table(range.table) };
    };
    const searchRead = (query: QueryDescription) => {
      const source = query.source as unknown as SearchSource;
      return searchReadOf(source, table(tableOfQuery(query)));
    };
    const iterateDocs = db._iterateDocs.bind(db);
    db.get = (tableName, id) => {
      if (this.scanning === 0) this.current.getStore()?.set.readId(qualifiedId(componentPath, id));
      return get(tableName, id);
    };
    db._iterateDocs = (tableName, callback) => {
      this.scanning += 1;
      try {
        iterateDocs(tableName, callback);
      } finally {
        this.scanning -= 1;
      }
    };
    db.startQuery = (query) => {
      const queryId = startQuery(query);
      const run = this.current.getStore();
      if (run !== undefined) {
        const range = describe(query);
        if (query.source.type === "Search") run.set.readSearch(searchRead(query));
        else if (range === null) run.set.readTable(table(tableOfQuery(query)));
        else run.walks.push({ range, walk: ranges.walkOf(queryId) });
      }
      return queryId;
    };
    db.paginate = (request) => {
      const result = paginate(request);
      const run = this.current.getStore();
      if (run === undefined) return result;
      const range = describe(request.query);
      if (request.query.source.type === "Search") run.set.readSearch(searchRead(request.query));
      else if (range === null) run.set.readTable(table(tableOfQuery(request.query)));
      else recordPage(run.set, range, request, result as PageResult);
      return result;
    };
  }

  /** Notes a read of the whole `table` by the function running now (storage syscalls: `_storage`). */
  record(table: string): void {
    this.current.getStore()?.set.readTable(table);
  }

  /** Notes a commit of the mutation running now, when it is traced (a no-op otherwise). */
  recordCommit(commit: CommitOfRun): void {
    this.current.getStore()?.commits?.push(commit);
  }

  /**
   * Runs mutation `fn`, collecting what it reads and the commits it makes (recordCommit);
   * `done` hears them once it returns or throws (a failed mutation read, but committed nothing).
   */
  async traceMutation<T>(
    fn: () => Promise<T>,
    done: (trace: { readSet: ReadSet; commits: CommitOfRun[]; failed: boolean }) => void,
  ): Promise<T> {
    const commits: CommitOfRun[] = [];
    const run: RunReads = { set: new ReadSet(), walks: [], commits };
    let failed = true;
    try {
      const result = await this.current.run(run, fn);
      failed = false;
      return result;
    } finally {
      recordWalks(run.set, run.walks);
      done({ readSet: run.set, commits, failed });
    }
  }

  /** Runs `fn`, collecting what it reads. */
  async track<T>(fn: () => Promise<T>): Promise<{ result: T; readSet: ReadSet }> {
    const run: RunReads = { set: new ReadSet(), walks: [] };
    const result = await this.current.run(run, fn);
    recordWalks(run.set, run.walks);
    return { result, readSet: run.set };
  }
}

/** Adds each streamed query's range to `set`, as far as it was read (the whole range when unknown). */
export function recordWalks(set: ReadSet, walks: readonly { range: QueryRange; walk: RangeWalk | undefined }[]): void {
  for (const { range, walk } of walks) {
    const extent = walk?.extent() ?? { kind: "all" as const };
    if (extent.kind === "none") continue;
    if (extent.kind === "all") {
      set.readRange(range);
      continue;
    }
    const limit: KeyLimit = { key: keyOf(extent.last, range.fields), inclusive: true };
    set.readRange(extent.ascending ? { ...range, to: limit } : { ...range, from: limit });
  }
}

/** A page: from after its cursor (start of the range without one) through its last document. */
function recordPage(set: ReadSet, range: QueryRange, request: PageRequest, result: PageResult): void {
  const { cursor } = request;
  if (cursor === "_end_cursor") return;
  const descending = request.query.source.order === "desc";
  const startKey = typeof cursor === "string" ? keyOfCursor(cursor) : null;
  const endKey = result.isDone ? null : keyOfCursor(result.continueCursor);
  const start: KeyLimit | undefined = startKey === null ? undefined : { key: startKey, inclusive: false };
  const end: KeyLimit | undefined = endKey === null ? undefined : { key: endKey, inclusive: true };
  const limits = descending ? { from: end, to: start } : { from: start, to: end };
  set.readRange({
    ...range,
    ...(limits.from === undefined ? {} : { from: limits.from }),
    ...(limits.to === undefined ? {} : { to: limits.to }),
  });
}

function tableOfQuery({ source }: QueryDescription): string {
  const table = source.type === "FullTableScan" ? source.tableName : source.indexName?.split(".")[0];
  return table === undefined || table === "" ? UNKNOWN_TABLE : table;
}
