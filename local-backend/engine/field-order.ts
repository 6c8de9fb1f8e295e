/**
 * Objects with their fields in name order, as Convex keeps every value (its objects are sorted
 * maps) and as convexToJson writes them. A function on Convex, or on convex-test (where values
 * cross as that JSON), sees documents and arguments in name order whatever order they were
 * written in.
 *
 * The engine stores every document so: as a function writes it (`installFieldOrder`), as an
 * import writes it (./admin-data.ts), and as it reads the data folder back (convexToJson's text).
 * So a direct query run (./direct-queries.ts) hands out plain copies, and only a client's
 * arguments need putting in order.
 */
import type { DatabaseFake } from "./convex-test-internals";

/**
 * `value` with every plain object's fields in name order: the same value when they already are.
 * Anything that is not a plain object or array (bytes, a commit timestamp placeholder) is kept.
 */
export function inFieldOrder<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((element: unknown, index) => {
      const ordered = inFieldOrder(element);
      if (ordered !== element) copy ??= value.slice();
      if (copy !== null) copy[index] = ordered;
    });
    return (copy ?? value) as T;
  }
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const object = value as Record<string, unknown>;
  const names = Object.keys(object);
  const sorted = isSorted(names);
  let copy: Record<string, unknown> | null = sorted ? null : {};
  for (const name of sorted ? names : names.sort()) {
    const ordered = inFieldOrder(object[name]);
    if (ordered !== object[name] && copy === null) {
      copy = {};
      for (const earlier of names) {
        if (earlier === name) break;
        copy[earlier] = object[earlier];
      }
    }
    if (copy !== null) copy[name] = ordered;
  }
  return (copy ?? value) as T;
}

/** Stores what a function writes (insert, patch, replace) with its fields in name order. */
export function installFieldOrder(db: DatabaseFake): void {
  const insert = db.insert.bind(db);
  const patch = db.patch.bind(db);
  const replace = db.replace.bind(db);
  const reorderStaged = (id: string) => {
    const level = db._writes[db._writes.length - 1];
    const staged = level?.[id];
    if (level !== undefined && staged !== undefined && staged !== null) level[id] = inFieldOrder(staged);
  };
  db.insert = (table, value) => {
    const id = insert(table, value);
    reorderStaged(id);
    return id;
  };
  db.patch = (table, id, value) => {
    patch(table, id, value);
    reorderStaged(id);
  };
  db.replace = (table, id, value) => {
    replace(table, id, value);
    reorderStaged(id);
  };
}

function isSorted(names: readonly string[]): boolean {
  for (let i = 1; i < names.length; i++) if ((names[i - 1] as string) >= (names[i] as string)) return false;
  return true;
}
