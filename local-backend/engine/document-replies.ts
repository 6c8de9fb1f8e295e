/**
 * The syscalls that return documents, `db.get` ("1.0/get"), the next document of a streamed
 * query ("1.0/queryStreamNext") and a page of `.paginate()` ("1.0/queryPage"), answered like
 * convex-test answers them but without converting the same document to JSON again for every
 * reader.
 *
 * A stored document never changes: convex-test writes a new object for every insert, patch and
 * replace, and commits those objects as they are. So a document's JSON text and its size (which
 * the read limits count) are computed once, when it is first read, and kept beside the object
 * (a WeakMap, so they go when the document does). When many subscriptions re-run after a commit,
 * each reads the same documents: the conversion was a tenth of a page query's run.
 *
 * Only recently read documents keep theirs: two generations of at most GENERATION_SIZE entries
 * each, the older dropped when the newer fills, so a backend that once read every document of
 * a large table does not keep a second copy of that table as text.
 */
import { convexToJson, getDocumentSize, type JSONValue, type Value } from "convex/values";
import { databaseOf, type Internals, type QueryDescription, type StoredDocument } from "./convex-test-internals";
import type { QueryJournals } from "./query-journal";

type Encoded = { json: string; size: number };

type PageResult = {
  page: StoredDocument[];
  isDone: boolean;
  continueCursor: string;
  splitCursor: string | null;
  pageStatus: string | null;
};

const GENERATION_SIZE = 5_000;

/**
 * Convex recommends splitting a page ("SplitRecommended") past 75 % of its 8,192-item array
 * limit (convex-backend's SOFT_MAX_PAGE_LEN), or near its read limits; the split cursor comes
 * with every page that has one, and usePaginatedQuery splits a page past twice its size by it.
 */
const SOFT_MAX_PAGE_LEN = 6_144;

export class DocumentReplies {
  private recent = new WeakMap<StoredDocument, Encoded>();
  private recentCount = 0;
  private older = new WeakMap<StoredDocument, Encoded>();

  constructor(
    private readonly internals: Internals,
    private readonly journals: QueryJournals,
  ) {}

  /** The reply to `op`, or null when the op is not one answered here. */
  reply(op: string, jsonArgs: string): string | null {
    if (op === "1.0/get") {
      const { table, id } = JSON.parse(jsonArgs) as { table?: string; id: string };
      this.tracker()?.trackIndexRange();
      const document = this.db().get(table, id);
      return document === null ? "null" : this.read(document).json;
    }
    if (op === "1.0/queryStreamNext") {
      const { queryId } = JSON.parse(jsonArgs) as { queryId: number };
      const { value, done } = this.db().queryNext(queryId);
      if (done || value === null) return JSON.stringify({ value: null, done });
      return `{"value":${this.read(value).json},"done":false}`;
    }
    if (op === "1.0/queryPage") return this.page(jsonArgs);
    return null;
  }

  /**
   * A page of a paginated query. convex-test allows one `.paginate()` per function run: a second
   * one is left to it, so it refuses it with its own message.
   */
  private page(jsonArgs: string): string | null {
    const execution = this.internals.currentExecution();
    if (execution !== undefined && execution.paginatedQueries > 0) return null;
    if (execution !== undefined) execution.paginatedQueries += 1;
    // The arguments are the query, cursors, page size and read bounds, as paginate takes them;
    // a live query's page ends where its journal says when it gives no end of its own.
    const asked = JSON.parse(jsonArgs) as { query: QueryDescription } & Record<string, unknown>;
    const request = this.journals.bound(asked, execution);
    const {
      page,
      isDone,
      continueCursor,
      splitCursor,
      pageStatus: asTestSays,
    } = this.journals.record(request, this.db().paginate(request) as PageResult, execution);
    // convex-test recommends a split as soon as a page read more than its size + 1 rows, so a
    // watched page that grew by two was split by usePaginatedQuery here and not on Convex.
    const pageStatus = asTestSays === "SplitRecommended" && page.length <= SOFT_MAX_PAGE_LEN ? null : asTestSays;
    this.tracker()?.trackIndexRange();
    const documents = page.map((document) => this.read(document).json).join(",");
    const rest = JSON.stringify({ isDone, continueCursor, splitCursor, pageStatus });
    return `{"page":[${documents}],${rest.slice(1)}`;
  }

  /** Counts the read against the transaction's limits, as convex-test does, and gives its JSON. */
  private read(document: StoredDocument): Encoded {
    let encoded = this.recent.get(document);
    if (encoded === undefined) {
      encoded = this.older.get(document) ?? {
        json: JSON.stringify(convexToJson(document as unknown as JSONValue)),
        size: getDocumentSize(document as Record<string, Value>),
      };
      this.remember(document, encoded);
    }
    this.tracker()?.trackRead(encoded.size);
    return encoded;
  }

  private remember(document: StoredDocument, encoded: Encoded): void {
    if (this.recentCount === GENERATION_SIZE) {
      this.older = this.recent;
      this.recent = new WeakMap();
      this.recentCount = 0;
    }
    this.recent.set(document, encoded);
    this.recentCount += 1;
  }

  private db() {
    return databaseOf(this.internals, this.internals.currentComponentPath());
  }

  private tracker() {
    return this.internals.convexGlobal.transactionManager.getMetricsTracker();
  }
}
