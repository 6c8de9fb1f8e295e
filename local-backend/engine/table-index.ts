/**
 * convex-test answers every query by scanning ALL documents of ALL tables (it filters
 * `Object.keys(_documents)` by table name). A backend that re-runs many subscriptions after
 * every commit cannot afford that, so we keep the ids of each table in a set and replace the
 * scan with one over the queried table only. Results are unchanged: convex-test sorts and
 * filters the scanned documents afterwards exactly as before.
 */
import { tableOfId, type DatabaseFake, type StoredDocument } from "./convex-test-internals";

export class TableIndex {
  private readonly idsByTable = new Map<string, Set<string>>();
  /** While set, scans of this table see only these documents (see IndexAccelerator). */
  private narrowed: { table: string; documents: StoredDocument[] } | null = null;

  /** Indexes every committed document (after a restore) and takes over `db._iterateDocs`. */
  constructor(private readonly db: DatabaseFake) {
    for (const id of Object.keys(db._documents)) this.idsOf(tableOfId(id)).add(id);
    db._iterateDocs = (tableName, callback) => this.iterate(tableName, callback);
  }

  /** Records a committed write: a document (insert or update) or null (delete). */
  committed(id: string, _before: StoredDocument | null, document: StoredDocument | null): void {
    const ids = this.idsOf(tableOfId(id));
    if (document === null) ids.delete(id);
    else ids.add(id);
  }

  /** Ids of the committed documents of a table. */
  committedIds(table: string): ReadonlySet<string> {
    return this.idsOf(table);
  }

  /** Runs `fn` with scans of `table` limited to `documents` (known to hold every match). */
  narrowScan<T>(table: string, documents: StoredDocument[], fn: () => T): T {
    this.narrowed = { table, documents };
    try {
      return fn();
    } finally {
      this.narrowed = null;
    }
  }

  /** Whether the running transaction has written to the table (then its scans see those writes). */
  hasPendingWrites(table: string): boolean {
    return this.db._writes.some((level) => Object.keys(level).some((id) => tableOfId(id) === table));
  }

  private idsOf(table: string): Set<string> {
    let ids = this.idsByTable.get(table);
    if (ids === undefined) {
      ids = new Set();
      this.idsByTable.set(table, ids);
    }
    return ids;
  }

  /** Committed documents of the table plus the pending writes of the running transaction. */
  private iterate(tableName: string, callback: (doc: StoredDocument) => void): void {
    if (this.narrowed?.table === tableName) {
      this.narrowed.documents.forEach(callback);
      return;
    }
    const committed = this.idsByTable.get(tableName);
    let pendingIds: Set<string> | null = null;
    for (const level of this.db._writes) {
      for (const id of Object.keys(level)) {
        if (tableOfId(id) !== tableName || committed?.has(id)) continue;
        (pendingIds ??= new Set()).add(id);
      }
    }
    const visit = (id: string) => {
      const document = this.db.get(tableName, id);
      if (document !== null) callback(document);
    };
    committed?.forEach(visit);
    pendingIds?.forEach(visit);
  }
}
