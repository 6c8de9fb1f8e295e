/**
 * Convex's limits inside the engine, with Convex's messages (crates/value, crates/common/src/document.rs and
 * crates/database/src/reads.rs, writes.rs of get-convex/convex-backend), so code that breaks one
 * fails here before it fails on a deployment:
 *   - a document: at most 1 MiB, nested at most 16 deep, no user field starting with `_`;
 *   - any value (documents, return values): objects of at most 1,024 fields, arrays of at most
 *     8,192 elements; return values at most 16 MiB and 64 deep;
 *   - a transaction: 32,000 documents or 16 MiB read, 16,000 documents or 16 MiB written, 4,096
 *     index ranges (convex-test counts them; we give its counters Convex's messages);
 *   - system tables (`_storage`, `_scheduled_functions`) are read-only to `db.patch/replace/delete`.
 * The engine's own trusted work (seeding, admin.run) is not limited, like Convex's system writes.
 * The value limits' numbers and texts are shared with the server's argument checks (./value-limits.ts).
 */
import { claimRequest } from "./request-outcomes";
import { SharedAsyncLocalStorage } from "./shared-async-context";
import { TransactionMetricsTracker } from "convex-test/dist/transactionMetrics.js";
import {
  arrayTooLongMessage,
  MAX_ARRAY_LENGTH,
  MAX_OBJECT_FIELDS,
  MAX_VALUE_NESTING,
  tooManyFieldsMessage,
  tooNestedMessage,
} from "./value-limits";

const KiB = 1024;
const MiB = 1024 * KiB;
export const MAX_DOCUMENT_SIZE = MiB;
export const MAX_DOCUMENT_NESTING = 16;
export const MAX_RETURN_SIZE = 16 * MiB;

const OVER_LIMIT_HELP =
  "Consider using smaller limits in your queries, paginating your queries, or using indexed queries with a selective index range expressions.";

const tooManyDocumentsRead = (limit: number) =>
  `Too many documents read in a single function execution (limit: ${limit}). ${OVER_LIMIT_HELP}`;
const tooManyBytesRead = (limit: number) =>
  `Too many bytes read in a single function execution (limit: ${limit} bytes). ${OVER_LIMIT_HELP}`;
const tooManyIndexRanges = (limit: number) =>
  `Too many reads in a single function execution (limit: ${limit}). ${OVER_LIMIT_HELP}`;

export const SYSTEM_TABLES_READ_ONLY = "System tables (prefixed with `_`) are read-only.";

/** A value's size as Convex counts it (`getConvexSize`), after checking its objects and arrays. */
export function measureValue(value: unknown): { size: number; nesting: number } {
  if (value === undefined) return { size: 0, nesting: 0 };
  if (value === null || typeof value === "boolean") return { size: 1, nesting: 0 };
  if (typeof value === "number" || typeof value === "bigint") return { size: 9, nesting: 0 };
  if (typeof value === "string") return { size: 2 + Buffer.byteLength(value, "utf8"), nesting: 0 };
  if (value instanceof ArrayBuffer) return { size: 2 + value.byteLength, nesting: 0 };
  if (Array.isArray(value)) {
    if (value.length > MAX_ARRAY_LENGTH) {
      throw new Error(arrayTooLongMessage(value.length));
    }
    let size = 2;
    let nesting = 0;
    for (const element of value) {
      const measured = measureValue(element);
      size += measured.size;
      nesting = Math.max(nesting, measured.nesting);
    }
    return { size, nesting: nesting + 1 };
  }
  if (isSimpleObject(value)) {
    // Counted in place (no entries arrays): every query result passes through here.
    let fields = 0;
    let size = 2;
    let nesting = 0;
    for (const key in value) {
      const field = value[key];
      if (field === undefined) continue;
      fields += 1;
      const measured = measureValue(field);
      size += Buffer.byteLength(key, "utf8") + 1 + measured.size;
      nesting = Math.max(nesting, measured.nesting);
    }
    if (fields > MAX_OBJECT_FIELDS) throw new Error(tooManyFieldsMessage(fields));
    return { size, nesting: nesting + 1 };
  }
  // Placeholders (commit timestamps) and anything else convex-test stores count as a number.
  return { size: 9, nesting: 0 };
}

/** Checks a document about to be written (with its `_id` and `_creationTime`). */
export function checkDocument(document: Record<string, unknown>): void {
  for (const field of Object.keys(document)) {
    if (field.startsWith("_") && field !== "_id" && field !== "_creationTime") {
      throw invalidDocument(
        `Field '${field}' starts with an underscore, which is only allowed for system fields like '_id'`,
      );
    }
    checkNestedFieldNames(document[field]);
  }
  const { size, nesting } = measureValue(document);
  if (nesting > MAX_DOCUMENT_NESTING) {
    throw invalidDocument(
      `Document is too nested (nested ${nesting} levels deep > maximum nesting ${MAX_DOCUMENT_NESTING})`,
    );
  }
  if (size > MAX_DOCUMENT_SIZE) {
    throw new Error(`Value is too large (${formatBytes(size)} > maximum size ${formatBytes(MAX_DOCUMENT_SIZE)})`);
  }
}

/** Checks what a query or mutation returns to its caller. */
export function checkReturnValue(value: unknown): void {
  const { size, nesting } = measureValue(value);
  if (nesting > MAX_VALUE_NESTING) {
    throw new Error(tooNestedMessage(nesting));
  }
  if (size > MAX_RETURN_SIZE) {
    throw new Error(
      `Function return value is too large (${formatBytes(size)} > maximum size ${formatBytes(MAX_RETURN_SIZE)})`,
    );
  }
}

const checksReturnValue = Symbol("checks its return value");

/**
 * Makes the functions of a loaded module check their return value inside the function's own
 * run, so a mutation returning too much rolls back, as on Convex; a mutation run as a request
 * (request-outcomes.ts) also hands its result to the commit that records it.
 */
export function checkReturnValuesOf(module: Record<string, unknown>): Record<string, unknown> {
  for (const exported of Object.values(module)) {
    const registered = exported as { _handler?: unknown; isQuery?: boolean; isMutation?: boolean; isAction?: boolean };
    const handler = registered?._handler;
    if (typeof handler !== "function" || !(registered.isQuery || registered.isMutation || registered.isAction))
      continue;
    // A module is loaded once per process but may serve several engines (tests, components): wrap once.
    if ((handler as { [checksReturnValue]?: true })[checksReturnValue] === true) continue;
    const isMutation = registered.isMutation === true;
    const checking = async (...args: unknown[]) => {
      // A keyed mutation's top-level handler reports its result for the commit to record.
      const reportResult = isMutation ? claimRequest() : null;
      const result: unknown = await (handler as (...args: unknown[]) => unknown)(...args);
      checkReturnValue(result);
      reportResult?.(result);
      return result;
    };
    registered._handler = Object.assign(checking, { [checksReturnValue]: true as const, [uncheckedHandler]: handler });
  }
  return module;
}

const uncheckedHandler = Symbol("the handler without its return value check");

/**
 * A registered function's handler without the return value check above, for a caller that
 * checks the value itself (a direct query run measures its result as it writes it out).
 */
export function handlerWithoutReturnCheck(handler: unknown): unknown {
  return (handler as { [uncheckedHandler]?: unknown } | undefined)?.[uncheckedHandler] ?? handler;
}

function checkNestedFieldNames(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(checkNestedFieldNames);
  } else if (isSimpleObject(value)) {
    for (const [field, nested] of Object.entries(value)) {
      if (field.startsWith("_")) {
        throw invalidDocument(`Field '${field}' starts with an underscore, which is not allowed for nested fields`);
      }
      checkNestedFieldNames(nested);
    }
  }
}

const invalidDocument = (violation: string) => new Error(violation);

/** A plain object (not an array, ArrayBuffer or class instance), as convex/values tells them. */
function isSimpleObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
  return prototype === null || prototype === Object.prototype || prototype.constructor?.name === "Object";
}

/** Sizes as Convex prints them (humansize, binary units, at most two decimals). */
export function formatBytes(bytes: number): string {
  const units = ["B", "KiB", "MiB", "GiB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 ? String(value) : value.toFixed(2).replace(/\.?0+$/, "");
  return `${text} ${units[unit]}`;
}

/** Work of the engine itself (seeding, admin access): not held to a function's limits. */
const trusted = new SharedAsyncLocalStorage<true>();

export function withoutLimits<T>(fn: () => Promise<T>): Promise<T> {
  return trusted.run(true, fn);
}

type Layer = {
  metrics: {
    bytesRead: number;
    documentsRead: number;
    bytesWritten: number;
    documentsWritten: number;
    databaseQueries: number;
  };
  limits: Layer["metrics"];
  enforce: boolean;
};
type Tracker = { _current(): Layer | undefined };

/**
 * convex-test counts a transaction's reads and writes (convexTest's `transactionLimits: true`);
 * its counters throw with its own words. These throw what a Convex deployment says.
 */
export function useConvexLimitMessages(): void {
  const tracker = TransactionMetricsTracker.prototype as unknown as Record<string, unknown>;
  if (typeof tracker._current !== "function") {
    throw new Error("local backend: this convex-test version counts transaction limits differently than expected");
  }
  const enforced = (layer: Layer | undefined): layer is Layer =>
    layer !== undefined && layer.enforce && trusted.getStore() === undefined;
  tracker.trackRead = function (this: Tracker, size: number) {
    const layer = this._current();
    if (layer === undefined) return;
    layer.metrics.bytesRead += size;
    layer.metrics.documentsRead += 1;
    if (!enforced(layer)) return;
    if (layer.metrics.documentsRead > layer.limits.documentsRead) {
      throw new Error(tooManyDocumentsRead(layer.limits.documentsRead));
    }
    if (layer.metrics.bytesRead > layer.limits.bytesRead) throw new Error(tooManyBytesRead(layer.limits.bytesRead));
  };
  tracker.trackWrite = function (this: Tracker, size: number) {
    const layer = this._current();
    if (layer === undefined) return;
    layer.metrics.bytesWritten += size;
    layer.metrics.documentsWritten += 1;
    if (!enforced(layer)) return;
    if (layer.metrics.documentsWritten > layer.limits.documentsWritten) {
      throw new Error(`Too many writes in a single function execution (limit: ${layer.limits.documentsWritten})`);
    }
    if (layer.metrics.bytesWritten > layer.limits.bytesWritten) {
      throw new Error(
        `Too many bytes written in a single function execution (limit: ${layer.limits.bytesWritten} bytes)`,
      );
    }
  };
  tracker.trackIndexRange = function (this: Tracker) {
    const layer = this._current();
    if (layer === undefined) return;
    layer.metrics.databaseQueries += 1;
    if (!enforced(layer)) return;
    if (layer.metrics.databaseQueries > layer.limits.databaseQueries) {
      throw new Error(tooManyIndexRanges(layer.limits.databaseQueries));
    }
  };
}
