/**
 * Real indexes for `withIndex` queries and plain table scans (which run in creation order, i.e.
 * over by_creation_time). convex-test evaluates an index range by scanning the whole table and
 * sorting what matches; here each index that gets queried keeps its committed
 * documents sorted by the index key (fields, then _creationTime, then _id), so a range is found by
 * binary search and comes out already in order:
 *   - a streamed query (`collect`, `take`, `first`, async iteration, convex-helpers streams) walks
 *     the range one document at a time, so it costs what it reads, not the size of the range;
 *   - `paginate` gets the range as a sorted array (convex-test then walks it from the cursor).
 * convex-test still validates the range and compiles the query's `.filter`s: we let it resolve the
 * same query over no documents and keep its filter, limit and order. Results are identical: when
 * the running transaction has written to the table, or the range has an unexpected shape, the
 * query takes convex-test's own path.
 * Search queries (`withSearchIndex`) are answered from inverted indexes (./search-queries.ts):
 * streamed, paginated, or resolved whole, in Convex's relevance order.
 */
import {
  tableOfId,
  type DatabaseFake,
  type QueryDescription,
  type RangeExpression,
  type ResolvedQuery,
  type StoredDocument,
} from "./convex-test-internals";
import { boundsOf, compareKeys, indexFields, positionToRange, type Bounds } from "./index-range";
import { SearchIndexes, searchPage, SearchWalk, type SearchPageRequest, type SearchSource } from "./search-queries";
import type { TableIndex } from "./table-index";

type SortedIndex = {
  fields: string[];
  documents: StoredDocument[];
  /** Moves on every committed change, so an open walk knows to find its place again. */
  version: number;
};

type IndexedRange = { table: string; index: SortedIndex; bounds: Bounds };

/** The index range a query reads: documents of `table` inside `bounds` of an index sorted by `fields`. */
export type QueryRange = { table: string; fields: string[]; bounds: Bounds };

/**
 * A function may leave a streamed query unfinished (`first`, `take`, an early `break`); convex-test
 * never forgets its query results either. Only this many recent queries are kept open.
 */
const MAX_OPEN_QUERIES = 1000;

export class IndexAccelerator {
  /** "table.index" → committed documents sorted by the index key; built on first use. */
  private readonly sorted = new Map<string, SortedIndex>();
  /** Open streamed queries answered here, by convex-test query id. */
  private readonly walks = new Map<number, RangeWalk | SearchWalk>();
  /** The inverted indexes of the database's search indexes. */
  readonly searches: SearchIndexes;

  /**
   * `countSkipped`: told of each document a streamed query looked at but its `.filter` dropped
   * (convex-test counts only returned documents; Convex's read limits count every one scanned).
   */
  constructor(
    private readonly db: DatabaseFake,
    private readonly tables: TableIndex,
    private readonly countSkipped: (document: StoredDocument) => void = () => {},
  ) {
    this.searches = new SearchIndexes(db, tables);
    const resolveByScanning = db._resolveQuerySource.bind(db);
    const startByMaterialising = db.startQuery.bind(db);
    const nextMaterialised = db.queryNext.bind(db);
    const paginateByScanning = db.paginate.bind(db);
    /** convex-test's validation, filter, limit and order for the query, without touching a document. */
    const resolveOverNothing = (table: string, query: QueryDescription) =>
      tables.narrowScan(table, [], () => resolveByScanning(query));

    db._resolveQuerySource = (query: QueryDescription) => {
      const search = searchSourceOf(query);
      if (search !== null) {
        const resolved = resolveOverNothing(search.table, query);
        return { ...resolved, sortedDocs: this.searches.plan(search.source).ranked.documents };
      }
      const range = this.indexedRange(query);
      if (range === null) return resolveByScanning(query);
      const resolved = resolveOverNothing(range.table, query);
      const [start, end] = positionsOf(range.index, range.bounds);
      const sortedDocs = range.index.documents.slice(start, end);
      if (resolved.order === "desc") sortedDocs.reverse();
      return { ...resolved, sortedDocs };
    };

    db.startQuery = (query: QueryDescription) => {
      this.forgetAbandonedQueries();
      const search = searchSourceOf(query);
      if (search !== null) {
        const resolved = resolveOverNothing(search.table, query);
        const { ranked } = this.searches.plan(search.source);
        const queryId = db._nextQueryId;
        db._nextQueryId += 1;
        this.walks.set(queryId, new SearchWalk(ranked, resolved.filterFn, resolved.limit, this.countSkipped));
        return queryId;
      }
      const range = this.indexedRange(query);
      if (range === null) return startByMaterialising(query);
      const resolved = resolveOverNothing(range.table, query);
      const queryId = db._nextQueryId;
      db._nextQueryId += 1;
      this.walks.set(queryId, new RangeWalk(range.index, range.bounds, resolved, this.countSkipped));
      return queryId;
    };

    db.paginate = (request) => {
      const search = searchSourceOf(request.query);
      if (search === null) return paginateByScanning(request);
      const { filterFn } = resolveOverNothing(search.table, request.query);
      return searchPage(this.searches.plan(search.source).ranked, request as SearchPageRequest, filterFn);
    };

    db.queryNext = (queryId: number) => {
      const walk = this.walks.get(queryId);
      if (walk === undefined) {
        const result = nextMaterialised(queryId);
        if (result.done) delete db._queryResults[queryId];
        return result;
      }
      const value = walk.next();
      if (value !== null) return { value, done: false };
      this.walks.delete(queryId);
      return { value: null, done: true };
    };
  }

  /** Keeps the built indexes in step with a committed write (`before` → `after`, null = absent). */
  committed(id: string, before: StoredDocument | null, after: StoredDocument | null): void {
    this.searches.committed(id, before, after);
    const table = tableOfId(id);
    for (const [name, index] of this.sorted) {
      if (!name.startsWith(`${table}.`)) continue;
      if (before !== null) {
        const at = position(index, before);
        if (index.documents[at]?._id === id) index.documents.splice(at, 1);
      }
      if (after !== null) index.documents.splice(position(index, after), 0, after);
      index.version += 1;
    }
  }

  /** The index range `query` reads, or null when it is no plain index range (search, unknown shape). */
  describe(query: QueryDescription): QueryRange | null {
    const { source } = query;
    if (source.type === "FullTableScan" && source.tableName !== undefined) {
      return { table: source.tableName, fields: ["_creationTime", "_id"], bounds: { equal: [] } };
    }
    if (source.type !== "IndexRange") return null;
    const [table = "", indexName = ""] = source.indexName.split(".");
    const fields = indexFields(this.db, table, indexName);
    const bounds = fields === null ? null : boundsOf(source.range, fields);
    return fields === null || bounds === null ? null : { table, fields, bounds };
  }

  /**
   * A walk over the committed documents of an index range, for a direct query run
   * (./direct-queries.ts; `range` as Convex's builder exports it), and the range it reads; null
   * when the index is not declared or the range has another shape.
   */
  openRange(
    table: string,
    indexName: string,
    range: RangeExpression[],
    order: "asc" | "desc",
  ): { walk: RangeWalk; range: QueryRange } | null {
    const index = this.index(table, indexName);
    const bounds = index === null ? null : boundsOf(range, index.fields);
    if (index === null || bounds === null) return null;
    const walk = new RangeWalk(index, bounds, { filterFn: () => true, limit: null, order }, this.countSkipped);
    return { walk, range: { table, fields: index.fields, bounds } };
  }

  /**
   * A walk over the ranking of a search (`source` as Convex's QueryImpl serializes it), for a
   * direct query run, and what it reads; Convex's error for a malformed search is thrown.
   */
  openSearch(source: SearchSource): { walk: SearchWalk; read: ReturnType<SearchIndexes["plan"]>["read"] } {
    const { ranked, read } = this.searches.plan(source);
    return { walk: new SearchWalk(ranked, () => true, null, this.countSkipped), read };
  }

  /** The walk answering the open streamed query `queryId`, if this accelerator answers it over an index range. */
  walkOf(queryId: number): RangeWalk | undefined {
    const walk = this.walks.get(queryId);
    return walk instanceof RangeWalk ? walk : undefined;
  }

  private indexedRange(query: QueryDescription): IndexedRange | null {
    const { source } = query;
    // A query without withIndex is a scan in creation order: the by_creation_time index, whole.
    if (source.type === "FullTableScan" && source.tableName !== undefined) {
      const table = source.tableName;
      if (this.tables.hasPendingWrites(table)) return null;
      const index = this.index(table, "by_creation_time");
      return index === null ? null : { table, index, bounds: { equal: [] } };
    }
    if (source.type !== "IndexRange") return null;
    const [table = "", indexName = ""] = source.indexName.split(".");
    if (this.tables.hasPendingWrites(table)) return null;
    const index = this.index(table, indexName);
    const bounds = index === null ? null : boundsOf(source.range, index.fields);
    if (index === null || bounds === null) return null;
    return { table, index, bounds };
  }

  private index(table: string, indexName: string): SortedIndex | null {
    const name = `${table}.${indexName}`;
    let index = this.sorted.get(name);
    if (index !== undefined) return index;
    const fields = indexFields(this.db, table, indexName);
    if (fields === null) return null;
    const documents: StoredDocument[] = [];
    for (const id of this.tables.committedIds(table)) {
      const document = this.db._documents[id];
      if (document !== undefined) documents.push(document);
    }
    documents.sort((a, b) => compareKeys(a, b, fields));
    index = { fields, documents, version: 0 };
    this.sorted.set(name, index);
    return index;
  }

  private forgetAbandonedQueries(): void {
    const oldestKept = this.db._nextQueryId - MAX_OPEN_QUERIES;
    for (const queryId of this.walks.keys()) {
      if (queryId >= oldestKept) break; // a Map iterates in insertion order, i.e. by id
      this.walks.delete(queryId);
    }
    for (const key of Object.keys(this.db._queryResults)) {
      if (Number(key) < oldestKept) delete this.db._queryResults[Number(key)];
    }
  }
}

/** One streamed query over an index range: each `next()` reads forward from where it stopped. */
export class RangeWalk {
  private readonly ascending: boolean;
  private version = -1;
  private start = 0;
  private end = 0;
  /** Position of the next document to look at. */
  private cursor = 0;
  private last: StoredDocument | null = null;
  private returned = 0;
  private reachedEnd = false;

  constructor(
    private readonly index: SortedIndex,
    private readonly bounds: Bounds,
    private readonly resolved: Pick<ResolvedQuery, "filterFn" | "limit" | "order">,
    private readonly countSkipped: (document: StoredDocument) => void,
  ) {
    this.ascending = resolved.order !== "desc";
  }

  next(): StoredDocument | null {
    if (this.resolved.limit !== null && this.returned >= this.resolved.limit) return null;
    if (this.version !== this.index.version) this.findPlace();
    const { documents } = this.index;
    while (this.ascending ? this.cursor < this.end : this.cursor >= this.start) {
      const document = documents[this.cursor] as StoredDocument;
      this.cursor += this.ascending ? 1 : -1;
      this.last = document;
      if (this.resolved.filterFn(document)) {
        this.returned += 1;
        return document;
      }
      this.countSkipped(document);
    }
    this.reachedEnd = true;
    return null;
  }

  /** How far the query read: the whole range, up to `last` (in its order), or nothing yet. */
  extent(): { kind: "all" } | { kind: "through"; last: StoredDocument; ascending: boolean } | { kind: "none" } {
    if (this.reachedEnd) return { kind: "all" };
    if (this.last === null) return { kind: "none" };
    return { kind: "through", last: this.last, ascending: this.ascending };
  }

  /** (Re)computes the range and the position after the last document looked at. */
  private findPlace(): void {
    const { documents, fields } = this.index;
    [this.start, this.end] = positionsOf(this.index, this.bounds);
    const last = this.last;
    if (this.ascending) {
      const after = last === null ? 0 : firstIndexWhere(documents, (doc) => compareKeys(doc, last, fields) > 0);
      this.cursor = Math.max(this.start, after);
    } else {
      const before =
        last === null ? documents.length : firstIndexWhere(documents, (doc) => compareKeys(doc, last, fields) >= 0);
      this.cursor = Math.min(this.end, before) - 1;
    }
    this.version = this.index.version;
  }
}

/** [start, end) of the documents inside the range. */
function positionsOf(index: SortedIndex, bounds: Bounds): [number, number] {
  const start = firstIndexWhere(index.documents, (doc) => positionToRange(doc, index.fields, bounds) >= 0);
  const end = firstIndexWhere(index.documents, (doc) => positionToRange(doc, index.fields, bounds) > 0);
  return [start, end];
}

/** Where `document` is, or would go, in the index. */
function position(index: SortedIndex, document: StoredDocument): number {
  return firstIndexWhere(index.documents, (other) => compareKeys(other, document, index.fields) >= 0);
}

/** Binary search: the first position where `test` holds (it must hold for a suffix). */
function firstIndexWhere<T>(items: T[], test: (item: T) => boolean): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (test(items[middle] as T)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** A search query's source and table, or null for any other query. */
function searchSourceOf(query: QueryDescription): { table: string; source: SearchSource } | null {
  const source = query.source as QueryDescription["source"] & Partial<SearchSource>;
  if (source.type !== "Search") return null;
  const table = (source.indexName ?? "").split(".")[0] ?? "";
  return { table, source: { indexName: source.indexName ?? "", filters: source.filters ?? [] } };
}
