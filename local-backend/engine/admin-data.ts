/**
 * Whole-table access for the deployment's administrator (the `npx convex` CLI's `data`,
 * `export` and `import`), on the app's database or a component's (each has its own). Reads
 * take the committed state as it is in memory, in one synchronous step, so they see one
 * consistent snapshot. Imports run inside one transaction across the app and its components
 * (see LocalEngine.admin.importDocuments), so they are all or nothing and durable like any
 * mutation.
 */
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { inFieldOrder } from "./field-order";
import { tableOfId, type DatabaseFake, type StoredDocument } from "./convex-test-internals";

/**
 * How an import treats a table that already has documents (the CLI's --append / --replace);
 * "replaceAll" (--replace-all) replaces the imported tables and empties every other table of
 * the app and of every component, as Convex's ImportMode::ReplaceAll does.
 */
export type ImportMode = "requireEmpty" | "append" | "replace" | "replaceAll";

/** One table's documents (Convex JSON) for an import; componentPath "" is the app's own. */
export type ImportTable = { componentPath: string; table: string; documents: readonly JSONValue[] };

/** Tables of the schema and tables holding documents, system tables (`_storage`, …) included. */
export function tableNames(db: DatabaseFake): string[] {
  const names = new Set<string>(db._schema?.tables.keys() ?? []);
  for (const id of Object.keys(db._documents)) names.add(tableOfId(id));
  return [...names].sort();
}

/** The committed documents of `table` in creation order, as Convex JSON. */
export function documentsOf(db: DatabaseFake, table: string): JSONValue[] {
  // Not _iterateDocs: outside a transaction it would also show a running mutation's writes.
  const documents = Object.values(db._documents).filter((document) => tableOfId(document._id) === table);
  documents.sort((a, b) => a._creationTime - b._creationTime);
  return documents.map((document) => convexToJson(document as Value));
}

export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportError";
  }
}

/**
 * Writes `documents` (Convex JSON) into `table` inside the current transaction. A document
 * keeps its `_id` and `_creationTime` when the id is one of this backend's for that table and
 * is free (an export of this backend imports back with its references intact); otherwise it
 * gets a new id, as a document without one does. Returns the number written.
 */
export function importInto(db: DatabaseFake, table: string, documents: readonly JSONValue[], mode: ImportMode): number {
  if (table.startsWith("_")) throw new ImportError(`System table ${table} cannot be imported into`);
  const existing: string[] = [];
  db._iterateDocs(table, (document) => existing.push(document._id));
  if (existing.length > 0 && mode === "requireEmpty") {
    throw new ImportError(
      `Table ${table} already has ${existing.length} documents: import with --replace to replace them or --append to add to them`,
    );
  }
  if (mode === "replace" || mode === "replaceAll") for (const id of existing) db.delete(table, id);
  const fresh = new Set<string>();
  for (const json of documents) {
    const value = jsonToConvex(json);
    if (typeof value !== "object" || value === null || Array.isArray(value) || value instanceof ArrayBuffer) {
      throw new ImportError(`Every document of ${table} must be an object`);
    }
    const { _id, _creationTime, ...fields } = value as Record<string, Value>;
    if (typeof _id === "string" && keepsId(db, table, _id, fresh) && typeof _creationTime === "number") {
      insertWithId(db, table, _id, _creationTime, fields);
      fresh.add(_id);
    } else {
      db.insert(table, fields);
    }
  }
  return documents.length;
}

/**
 * --replace-all: empties every table of `db` the import does not name (system tables stay;
 * they are not the user's). Runs inside the import's transaction. Returns the documents deleted.
 */
export function emptyTablesNotIn(db: DatabaseFake, imported: ReadonlySet<string>): number {
  let deleted = 0;
  for (const table of tableNames(db)) {
    if (table.startsWith("_") || imported.has(table)) continue;
    const ids: string[] = [];
    db._iterateDocs(table, (document) => ids.push(document._id));
    for (const id of ids) db.delete(table, id);
    deleted += ids.length;
  }
  return deleted;
}

/**
 * Writes one document under the id it had, when that id is one of this backend's for `table`
 * and is free; returns false (nothing written) otherwise. For `_storage`, whose ids the app's
 * documents hold and which must therefore survive an import (engine/storage.ts).
 */
export function insertKeepingId(db: DatabaseFake, table: string, document: Record<string, Value>): boolean {
  const { _id, _creationTime, ...fields } = document;
  if (typeof _id !== "string" || typeof _creationTime !== "number" || !keepsId(db, table, _id, new Set())) return false;
  insertWithId(db, table, _id, _creationTime, fields);
  return true;
}

function keepsId(db: DatabaseFake, table: string, id: string, fresh: Set<string>): boolean {
  return tableOfId(id) === table && /^[0-9]+/.test(id) && !fresh.has(id) && db.get(table, id) === null;
}

type Validating = { _validate(table: string, document: Record<string, unknown>): void };

function insertWithId(
  db: DatabaseFake,
  table: string,
  id: string,
  creationTime: number,
  fields: Record<string, Value>,
): void {
  (db as unknown as Validating)._validate(table, fields);
  const writes = db._writes[db._writes.length - 1];
  if (writes === undefined) throw new Error("local backend: an import must run inside a transaction");
  writes[id] = inFieldOrder({ ...fields, _id: id, _creationTime: creationTime }) as StoredDocument;
  db._lastCreationTime = Math.max(db._lastCreationTime, creationTime);
}
