/**
 * Index keys and ranges as the engine compares them: a document's key in an index is its values
 * of the index fields (then _creationTime, then _id), ordered by Convex's value order; a range
 * is equalities on a prefix of the fields, then optional bounds on the next field.
 */
import { compareValues, jsonToConvex, type JSONValue, type Value } from "convex/values";
import type { DatabaseFake, RangeExpression, StoredDocument } from "./convex-test-internals";

export type Bounds = {
  equal: unknown[];
  lower?: { value: unknown; inclusive: boolean };
  upper?: { value: unknown; inclusive: boolean };
};

/** The fields an index sorts by, system fields included; null when the index is not declared. */
export function indexFields(db: DatabaseFake, table: string, indexName: string): string[] | null {
  if (indexName === "by_creation_time") return ["_creationTime", "_id"];
  if (indexName === "by_id") return ["_id"];
  const index = db._schema?.tables.get(table)?.indexes.find((each) => each.indexDescriptor === indexName);
  return index === undefined ? null : [...index.fields, "_creationTime", "_id"];
}

/** Eq on a prefix of the fields, then optionally bounds on the next field; null for any other shape. */
export function boundsOf(range: RangeExpression[], fields: string[]): Bounds | null {
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
export function positionToRange(document: StoredDocument, fields: string[], bounds: Bounds): number {
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

export function compareKeys(a: StoredDocument, b: StoredDocument, fields: string[]): number {
  for (const field of fields) {
    const order = compare(fieldValue(a, field), fieldValue(b, field));
    if (order !== 0) return order;
  }
  return 0;
}

/** A document's key against a key given as values of the same fields, in order. */
export function compareToKey(document: StoredDocument, key: unknown[], fields: string[]): number {
  for (let i = 0; i < fields.length && i < key.length; i++) {
    const order = compare(fieldValue(document, fields[i] ?? ""), key[i]);
    if (order !== 0) return order;
  }
  return 0;
}

/** The values of `fields` in `document`: its key in an index of these fields. */
export function keyOf(document: StoredDocument, fields: string[]): unknown[] {
  return fields.map((field) => fieldValue(document, field));
}

export const compare = (a: unknown, b: unknown) => compareValues(a as Value | undefined, b as Value | undefined);

/** A (possibly nested, "a.b") field; undefined when missing, like convex-test. */
export function fieldValue(document: StoredDocument, fieldPath: string): unknown {
  // Most index fields are top-level; binary searches ask for them many times per query.
  if (!fieldPath.includes(".")) return document[fieldPath];
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

/** convex-test's pagination cursor: the sort key of the last document read, as JSON texts (null = undefined). */
export function keyOfCursor(cursor: string): unknown[] | null {
  try {
    const parts = JSON.parse(cursor) as (string | null)[];
    if (!Array.isArray(parts)) return null;
    return parts.map((part) => (part === null ? undefined : jsonToConvex(JSON.parse(part) as JSONValue)));
  } catch {
    return null;
  }
}
