/**
 * Real indexes for `withIndex` queries. convex-test evaluates an index range by scanning the
 * whole table; here each index that gets queried keeps its committed documents sorted by the
 * index key (fields, then _creationTime, then _id), so a range is found by binary search and
 * convex-test only filters and sorts the documents inside it. Results are identical: when the
 * running transaction has written to the table, or the range has an unexpected shape, the
 * query takes convex-test's own path.
 */
import { compareValues, jsonToConvex, type JSONValue, type Value } from "convex/values";
import {
  tableOfId,
  type DatabaseFake,
  type QueryDescription,
  type RangeExpression,
  type StoredDocument,
} from "./convex-test-internals";
import type { TableIndex } from "./table-index";

type Bounds = {
  equal: unknown[];
  lower?: { value: unknown; inclusive: boolean };
  upper?: { value: unknown; inclusive: boolean };
};

export class IndexAccelerator {
  /** "table.index" → committed documents sorted by the index key; built on first use. */
  private readonly sorted = new Map<string, { fields: string[]; documents: StoredDocument[] }>();

  constructor(
    private readonly db: DatabaseFake,
    private readonly tables: TableIndex,
  ) {
    const resolveByScanning = db._resolveQuerySource.bind(db);
    db._resolveQuerySource = (query: QueryDescription) => {
      const narrowed = this.candidates(query);
      if (narrowed === null) return resolveByScanning(query);
      return tables.narrowScan(narrowed.table, narrowed.documents, () => resolveByScanning(query));
    };
  }

  /** Keeps the built indexes in step with a committed write (`before` → `after`, null = absent). */
  committed(id: string, before: StoredDocument | null, after: StoredDocument | null): void {
    const table = tableOfId(id);
    for (const [name, index] of this.sorted) {
      if (!name.startsWith(`${table}.`)) continue;
      if (before !== null) {
        const at = this.position(index, before);
        if (index.documents[at]?._id === id) index.documents.splice(at, 1);
      }
      if (after !== null) index.documents.splice(this.position(index, after), 0, after);
    }
  }

  private candidates(query: QueryDescription): { table: string; documents: StoredDocument[] } | null {
    const { source } = query;
    if (source.type !== "IndexRange") return null;
    const [table = "", indexName = ""] = source.indexName.split(".");
    if (this.tables.hasPendingWrites(table)) return null;
    const index = this.index(table, indexName);
    const bounds = index === null ? null : boundsOf(source.range, index.fields);
    if (index === null || bounds === null) return null;
    const start = firstIndexWhere(index.documents, (doc) => positionToRange(doc, index.fields, bounds) >= 0);
    const end = firstIndexWhere(index.documents, (doc) => positionToRange(doc, index.fields, bounds) > 0);
    return { table, documents: index.documents.slice(start, end) };
  }

  private index(table: string, indexName: string) {
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
    index = { fields, documents };
    this.sorted.set(name, index);
    return index;
  }

  /** Where `document` is, or would go, in the index. */
  private position(index: { fields: string[]; documents: StoredDocument[] }, document: StoredDocument): number {
    return firstIndexWhere(index.documents, (other) => compareKeys(other, document, index.fields) >= 0);
  }
}

function indexFields(db: DatabaseFake, table: string, indexName: string): string[] | null {
  if (indexName === "by_creation_time") return ["_creationTime", "_id"];
  if (indexName === "by_id") return ["_id"];
  const index = db._schema?.tables.get(table)?.indexes.find((each) => each.indexDescriptor === indexName);
  return index === undefined ? null : [...index.fields, "_creationTime", "_id"];
}

/** Eq on a prefix of the fields, then optionally bounds on the next field; null for any other shape. */
function boundsOf(range: RangeExpression[], fields: string[]): Bounds | null {
  const bounds: Bounds = { equal: [] };
  let next = 0;
  for (const expression of range) {
    const value = queryValue(expression.value);
    if (expression.type === "Eq") {
      if (bounds.lower || bounds.upper || expression.fieldPath !== fields[next]) return null;
      bounds.equal.push(value);
      next += 1;
    } else {
      if (expression.fieldPath !== fields[next]) return null;
      const inclusive = expression.type === "Gte" || expression.type === "Lte";
      const side = expression.type === "Gt" || expression.type === "Gte" ? "lower" : "upper";
      if (bounds[side] !== undefined) return null;
      bounds[side] = { value, inclusive };
    }
  }
  return bounds;
}

/** -1: the document sorts before the range, 0: inside it, 1: after it. */
function positionToRange(document: StoredDocument, fields: string[], bounds: Bounds): number {
  for (let i = 0; i < bounds.equal.length; i++) {
    const order = compare(fieldValue(document, fields[i] ?? ""), bounds.equal[i]);
    if (order !== 0) return order;
  }
  if (bounds.lower === undefined && bounds.upper === undefined) return 0;
  const value = fieldValue(document, fields[bounds.equal.length] ?? "");
  if (bounds.lower !== undefined) {
    const order = compare(value, bounds.lower.value);
    if (order < 0 || (order === 0 && !bounds.lower.inclusive)) return -1;
  }
  if (bounds.upper !== undefined) {
    const order = compare(value, bounds.upper.value);
    if (order > 0 || (order === 0 && !bounds.upper.inclusive)) return 1;
  }
  return 0;
}

function compareKeys(a: StoredDocument, b: StoredDocument, fields: string[]): number {
  for (const field of fields) {
    const order = compare(fieldValue(a, field), fieldValue(b, field));
    if (order !== 0) return order;
  }
  return 0;
}

const compare = (a: unknown, b: unknown) => compareValues(a as Value | undefined, b as Value | undefined);

/** A (possibly nested, "a.b") field; undefined when missing, like convex-test. */
function fieldValue(document: StoredDocument, fieldPath: string): unknown {
  let value: unknown = document;
  for (const part of fieldPath.split(".")) {
    const isObject =
      typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof ArrayBuffer);
    value = isObject ? (value as Record<string, unknown>)[part] : undefined;
  }
  return value;
}

function queryValue(json: unknown): unknown {
  if (typeof json === "object" && json !== null && "$undefined" in json) return undefined;
  return jsonToConvex(json as JSONValue);
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
