/**
 * Answers search queries (`withSearchIndex`) of one database from its inverted indexes
 * (./search-index.ts), for convex-test's query syscalls (./index-accelerator.ts hooks them) and
 * for direct runs (./direct-queries.ts): a streamed query walks the ranking, `.paginate()` pages
 * through it, and both record what Convex records as the search's read (./search-text.ts).
 *
 * As on Convex (convex-backend `crates/database/src/query/search_query.rs`): a search yields at
 * most its best 1,024 results, and asking a search stream for one more after reading 1,024 fails
 * with SearchQueryScannedTooManyDocumentsError (a `.collect()` of that many, say; `.take(n)` and
 * pages stop before). Every page runs the search again and starts after its cursor, the key
 * (score, creation time, id) of the last result it returned, so pages of an unchanged table join
 * exactly. A search cannot be split (no split cursor).
 *
 * Each index is built from the committed documents on first use and kept in step with every
 * commit (`committed`, a commit observer); a restart rebuilds it from the data folder. A query
 * in a transaction that has written the table (a mutation that inserted, then searches) ranks
 * the documents it sees, its own writes included, by indexing them for that query alone.
 */
import { jsonToConvex, type JSONValue } from "convex/values";
import { tableOfId, type DatabaseFake, type StoredDocument } from "./convex-test-internals";
import { MAX_CANDIDATES, TextIndex, type SearchIndexDefinition } from "./search-index";
import { compareRankKeys, type Ranked, type RankKey } from "./search-top";
import { filterKey, MAX_FILTER_CONDITIONS, queryTermsOf, type SearchRead } from "./search-text";
import type { TableIndex } from "./table-index";

/** A search query's source as Convex's QueryImpl serializes it. */
export type SearchSource = { indexName: string; filters: SearchFilterExpression[] };
export type SearchFilterExpression =
  { type: "Search"; fieldPath: string; value: string } | { type: "Eq"; fieldPath: string; value: unknown };

/** What `.paginate()` asks for (convex-test's `paginate` arguments). */
export type SearchPageRequest = { cursor?: string | null; endCursor?: string | null; pageSize?: number };
export type SearchPage = {
  page: StoredDocument[];
  isDone: boolean;
  continueCursor: string;
  splitCursor: null;
  pageStatus: null;
};

const END_CURSOR = "_end_cursor";

const TOO_MANY =
  `Search query scanned too many documents (fetched ${MAX_CANDIDATES}). Consider using a smaller limit, ` +
  "paginating the query, or using a filter field to limit the number of documents pulled from the search index.";

type Schema = {
  tables: Map<string, { searchIndexes?: { indexDescriptor: string; searchField: string; filterFields: string[] }[] }>;
};

/** A compiled search: the ranking to read and what reading it records. */
export type SearchPlan = { ranked: Ranked; read: SearchRead };

export class SearchIndexes {
  /** "table.index" → its inverted index, built on first use. */
  private readonly built = new Map<string, TextIndex>();

  constructor(
    private readonly db: DatabaseFake,
    private readonly tables: TableIndex,
  ) {}

  /** Keeps the built indexes of the written table in step with a committed write. */
  committed(id: string, _before: StoredDocument | null, after: StoredDocument | null): void {
    const table = tableOfId(id);
    for (const index of this.built.values()) {
      if (index.definition.table === table) index.write(id, after);
    }
  }

  /** Compiles and ranks a search, with Convex's errors for a malformed one. */
  plan(source: SearchSource): SearchPlan {
    const [table = "", indexName = ""] = source.indexName.split(".");
    const definition = this.definition(table, indexName);
    const printable = `${table}.${indexName}`;
    let text: string | null = null;
    const filters: { field: number; key: string }[] = [];
    for (const filter of source.filters) {
      if (filter.type === "Search") {
        if (filter.fieldPath !== definition.searchField) {
          throw new Error(
            `Search query against ${printable} contains a search filter against "${filter.fieldPath}", which doesn't match the indexed \`searchField\` "${definition.searchField}".`,
          );
        }
        if (text !== null) {
          throw new Error(
            `Search query against ${printable} contains multiple search filters against "${filter.fieldPath}". Only one is allowed.`,
          );
        }
        text = filter.value;
      } else {
        const field = definition.filterFields.indexOf(filter.fieldPath);
        if (field < 0) {
          throw new Error(
            `Search query against ${printable} contains an equality filter on "${filter.fieldPath}" but that field isn't indexed for filtering in \`filterFields\`.`,
          );
        }
        filters.push({ field, key: filterKey(queryValue(filter.value)) });
      }
    }
    if (text === null) {
      throw new Error(
        `Search query against ${printable} does not contain any search filters. You must include a search filter like \`q.search("${definition.searchField}", searchText)\`.`,
      );
    }
    if (filters.length > MAX_FILTER_CONDITIONS) {
      throw new Error(
        `Search query against ${printable} has too many filter conditions. Max: ${MAX_FILTER_CONDITIONS} Actual: ${filters.length}`,
      );
    }
    const read = searchReadOf(source, table);
    // A transaction that wrote the table sees its own writes: those documents are indexed for it alone.
    const index = this.tables.hasPendingWrites(table) ? this.pendingView(definition) : this.index(definition);
    return { ranked: index.rank(read.terms, filters), read };
  }

  private definition(table: string, indexName: string): SearchIndexDefinition {
    const schema = this.db._schema as Schema | null;
    const declared = schema?.tables.get(table)?.searchIndexes?.find((each) => each.indexDescriptor === indexName);
    if (declared === undefined) {
      throw new Error(
        `Cannot use search index "${indexName}" for table "${table}" because it is not declared in the schema.`,
      );
    }
    return { table, name: indexName, searchField: declared.searchField, filterFields: declared.filterFields };
  }

  private index(definition: SearchIndexDefinition): TextIndex {
    const name = `${definition.table}.${definition.name}`;
    let index = this.built.get(name);
    if (index === undefined) {
      index = new TextIndex(definition, this.committedDocuments(definition.table));
      this.built.set(name, index);
    }
    return index;
  }

  private *committedDocuments(table: string): Generator<StoredDocument> {
    for (const id of this.tables.committedIds(table)) {
      const document = this.db._documents[id];
      if (document !== undefined) yield document;
    }
  }

  private pendingView(definition: SearchIndexDefinition): TextIndex {
    const documents: StoredDocument[] = [];
    this.db._iterateDocs(definition.table, (document) => documents.push(document));
    return new TextIndex(definition, documents);
  }
}

/**
 * One streamed search: the ranking read in order, through the query's `.filter` and limit.
 * Asking for a result after 1,024 were read fails, as Convex's SearchResultIterator does.
 */
export class SearchWalk {
  private position = 0;
  private returned = 0;

  constructor(
    private readonly ranked: Ranked,
    private readonly filterFn: (document: StoredDocument) => boolean,
    private readonly limit: number | null,
    private readonly countSkipped: (document: StoredDocument) => void,
  ) {}

  next(): StoredDocument | null {
    const { documents } = this.ranked;
    for (;;) {
      if (this.limit !== null && this.returned >= this.limit) return null;
      if (this.position === MAX_CANDIDATES) throw new Error(TOO_MANY);
      const document = documents[this.position];
      if (document === undefined) return null;
      this.position += 1;
      if (this.filterFn(document)) {
        this.returned += 1;
        return document;
      }
      this.countSkipped(document);
    }
  }
}

/**
 * A page of a search: the results after `cursor` (from the first without one), up to the page
 * size, or through `endCursor` when given (a live query's page keeps its end, ./query-journal.ts).
 *
 * A cursor is the (score, creation time, id) key of a page's last result, which Convex compares
 * alone. But every score moves when a write changes the index's statistics (document count,
 * average length, a term's document frequency): then a watched page bounded by its old end key
 * would swallow the next pages or empty itself. So a cursor whose document is still a result
 * bounds the page at that document's new place; only a cursor whose document left falls back to
 * the key (local-backend/README.md, "Convex behaviours"). For an unchanged table both agree.
 */
export function searchPage(
  ranked: Ranked,
  request: SearchPageRequest,
  filterFn: (document: StoredDocument) => boolean,
): SearchPage {
  const { cursor = null, endCursor = null } = request;
  const pageSize = request.pageSize ?? 0;
  const done = (page: StoredDocument[]): SearchPage => ({
    page,
    isDone: true,
    continueCursor: END_CURSOR,
    splitCursor: null,
    pageStatus: null,
  });
  if (cursor === END_CURSOR) return done([]);
  const { documents, scores } = ranked;
  const after = cursor === null ? null : keyOfSearchCursor(cursor);
  const through = endCursor === null || endCursor === END_CURSOR ? null : keyOfSearchCursor(endCursor);
  const keyAt = (i: number): RankKey => {
    const document = documents[i] as StoredDocument;
    return { score: scores[i] as number, creationTime: document._creationTime, id: document._id };
  };
  /** The position of the last result up to `key`: its document's, when that is still a result. */
  const lastThrough = (key: RankKey): number => {
    const at = documents.findIndex((document) => document._id === key.id);
    if (at >= 0) return at;
    let last = -1;
    while (last + 1 < documents.length && compareRankKeys(keyAt(last + 1), key) <= 0) last += 1;
    return last;
  };
  const start = after === null ? 0 : lastThrough(after) + 1;
  const end = through === null ? documents.length - 1 : lastThrough(through);
  const page: StoredDocument[] = [];
  const bounded = endCursor !== null;
  // As Convex's page loop: stop once the page is full, else ask the search for one more result,
  // which fails after 1,024 (./search-index.ts keeps no more).
  for (let i = start, read = 0; ; i++, read++) {
    if (read === MAX_CANDIDATES) throw new Error(TOO_MANY);
    if (i > end) break;
    const document = documents[i] as StoredDocument;
    if (filterFn(document)) page.push(document);
    if (!bounded && page.length >= pageSize) {
      // convex-test's pages end "done" on the last result; so do these, alike on both paths.
      if (i === documents.length - 1) break;
      return { page, isDone: false, continueCursor: searchCursor(keyAt(i)), splitCursor: null, pageStatus: null };
    }
  }
  if (through !== null) {
    return { page, isDone: false, continueCursor: endCursor as string, splitCursor: null, pageStatus: null };
  }
  return done(page);
}

/** A search's page cursor: the relevance key of the last result of the page. */
export function searchCursor({ score, creationTime, id }: RankKey): string {
  return JSON.stringify(["search", score, creationTime, id]);
}

function keyOfSearchCursor(cursor: string): RankKey {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(cursor);
  } catch {
    // worded below
  }
  if (
    !Array.isArray(parsed) ||
    parsed[0] !== "search" ||
    typeof parsed[1] !== "number" ||
    typeof parsed[2] !== "number" ||
    typeof parsed[3] !== "string"
  ) {
    throw new Error(
      "InvalidCursor: Tried to run a query starting from a cursor, but it looks like this cursor is from a different query.",
    );
  }
  return { score: parsed[1], creationTime: parsed[2], id: parsed[3] };
}

/**
 * What a search reads (./search-text.ts), from its source alone: the read sets of runs whose
 * search failed to compile are never used, so this needs no schema.
 */
export function searchReadOf(source: SearchSource, table: string): SearchRead {
  const search = source.filters.find((filter) => filter.type === "Search");
  const filters = source.filters
    .filter((filter) => filter.type === "Eq")
    .map((filter) => ({ fieldPath: filter.fieldPath, key: filterKey(queryValue(filter.value)) }));
  return {
    table,
    searchField: search?.fieldPath ?? "",
    terms: search === undefined ? [] : queryTermsOf(search.value),
    filters,
  };
}

function queryValue(json: unknown): unknown {
  if (typeof json === "object" && json !== null && "$undefined" in json) return undefined;
  return jsonToConvex(json as JSONValue);
}
