/**
 * What a query run read, as Convex records it: the index ranges it walked (as far as it walked
 * them), the documents it fetched by id, and tables it read in ways that have no range (file
 * storage). A commit can change the query's result only if it wrote a document that is,
 * or was, inside one of them; the server re-runs a subscription only then. A search reads its
 * terms and filters, as on Convex: a written document counts when it passes the filters and
 * holds a matching term (./search-text.ts).
 */
import { tableOfId, type StoredDocument } from "./convex-test-internals";
import { compareToKey, positionToRange, type Bounds } from "./index-range";
import { searchReadOverlaps, type SearchRead } from "./search-text";

/** A read whose table cannot be told; a read set holding it is affected by every commit. */
export const UNKNOWN_TABLE = "*";

/** A key limit of a range read: documents at (inclusive) or past this key of the index fields. */
export type KeyLimit = { key: unknown[]; inclusive: boolean };

/**
 * The documents of `table` whose key in an index sorted by `fields` is inside `bounds`, and (when
 * the query stopped early or paginated) not before `from` and not after `to`.
 */
export type ReadRange = { table: string; fields: string[]; bounds: Bounds; from?: KeyLimit; to?: KeyLimit };

/** A committed change of one document; null = absent (before an insert, after a delete). */
export type DocumentWrite = { id: string; before: StoredDocument | null; after: StoredDocument | null };

export class ReadSet {
  private readonly wholeTables = new Set<string>();
  private readonly ids = new Set<string>();
  private readonly rangesByTable = new Map<string, ReadRange[]>();
  private readonly searchesByTable = new Map<string, SearchRead[]>();

  /** Every table read in any way. */
  readonly tables = new Set<string>();

  /**
   * Whether the run asked who its caller is (`ctx.auth.getUserIdentity()`): Convex shares one
   * result among callers only when it did not (benches count runs that way). Known for direct
   * runs only (readsAuthKnown); a run on convex-test leaves both false.
   */
  readsAuth = false;
  readsAuthKnown = false;

  readAuth(): void {
    this.readsAuth = true;
  }

  readTable(table: string): void {
    this.wholeTables.add(table);
    this.tables.add(table);
  }

  readId(id: string): void {
    this.ids.add(id);
    this.tables.add(tableOfId(id));
  }

  readRange(range: ReadRange): void {
    let ranges = this.rangesByTable.get(range.table);
    if (ranges === undefined) {
      ranges = [];
      this.rangesByTable.set(range.table, ranges);
    }
    ranges.push(range);
    this.tables.add(range.table);
  }

  /** A search (its table qualified by the component's path, as ranges are). */
  readSearch(read: SearchRead): void {
    let searches = this.searchesByTable.get(read.table);
    if (searches === undefined) {
      searches = [];
      this.searchesByTable.set(read.table, searches);
    }
    searches.push(read);
    this.tables.add(read.table);
  }

  /** How many index ranges were read (for figures and tests). */
  get rangeCount(): number {
    let count = 0;
    for (const ranges of this.rangesByTable.values()) count += ranges.length;
    return count;
  }

  /** Whether `table` was read in any way (the coarser rule, by table); a write elsewhere cannot affect this set. */
  readsTable(table: string): boolean {
    return this.tables.has(table) || this.tables.has(UNKNOWN_TABLE);
  }

  /** Whether this write (to `table`, when the caller knows it) can change what was read. */
  isAffectedBy({ id, before, after }: DocumentWrite, table = tableOfId(id)): boolean {
    if (this.wholeTables.has(table) || this.wholeTables.has(UNKNOWN_TABLE) || this.ids.has(id)) return true;
    const searches = this.searchesByTable.get(table);
    if (
      searches?.some(
        (read) =>
          (before !== null && searchReadOverlaps(read, before)) || (after !== null && searchReadOverlaps(read, after)),
      ) === true
    ) {
      return true;
    }
    const ranges = this.rangesByTable.get(table);
    if (ranges === undefined) return false;
    return ranges.some(
      (range) => (before !== null && isInRange(before, range)) || (after !== null && isInRange(after, range)),
    );
  }
}

function isInRange(document: StoredDocument, { fields, bounds, from, to }: ReadRange): boolean {
  if (positionToRange(document, fields, bounds) !== 0) return false;
  if (from !== undefined) {
    const order = compareToKey(document, from.key, fields);
    if (order < 0 || (order === 0 && !from.inclusive)) return false;
  }
  if (to !== undefined) {
    const order = compareToKey(document, to.key, fields);
    if (order > 0 || (order === 0 && !to.inclusive)) return false;
  }
  return true;
}
