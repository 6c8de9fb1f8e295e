/**
 * A query's result as the text the sync protocol sends, in one walk: the text
 * `JSON.stringify(convexToJson(value))` gives, after the checks ./limits.ts's `checkReturnValue`
 * makes.
 *
 * Why: after a commit every viewer's subscription is run again, and each run converted its
 * result (convexToJson builds a path string per field for its error messages), measured it and
 * turned it into text: three walks, about a tenth of a board run. Only ordinary values take this
 * path — null, booleans, strings, finite numbers other than -0, arrays and plain objects with
 * valid field names, within Convex's limits; for anything else it gives null and the caller takes
 * the general way, which also words the errors.
 */
import { convexToJson, type JSONValue } from "convex/values";
import { checkReturnValue, MAX_RETURN_SIZE } from "./limits";
import { MAX_ARRAY_LENGTH, MAX_OBJECT_FIELDS, MAX_VALUE_NESTING } from "./value-limits";

/** convex/values' limit on a field name's length. */
const MAX_FIELD_NAME_LENGTH = 1024;

/** The checked text of a function's result; throws what checkReturnValue and convexToJson throw. */
export function checkedResultText(value: unknown): string {
  const text = resultText(value);
  if (text !== null) return text;
  checkReturnValue(value);
  return JSON.stringify(convexToJson(value as JSONValue));
}

/** The text of an ordinary value within the limits, or null. */
export function resultText(value: unknown): string | null {
  const measured = { size: 0 };
  const sorted = inFieldOrder(value, 0, measured);
  return sorted === UNUSUAL || measured.size > MAX_RETURN_SIZE ? null : JSON.stringify(sorted);
}

const UNUSUAL = Symbol("a value for the general path");

/**
 * Checks and measures `value` (`depth`: how many arrays and objects hold it, as Convex's nesting
 * limit counts) and gives it with every object's fields in name order, as convexToJson writes
 * them: the same value when they already are, else a copy. JSON.stringify then writes the text
 * in one native call (writing it here, value by value, was slower than the three walks).
 */
function inFieldOrder(value: unknown, depth: number, measured: { size: number }): unknown {
  if (value === null) {
    measured.size += 1;
    return value;
  }
  switch (typeof value) {
    case "boolean":
      measured.size += 1;
      return value;
    case "number":
      // NaN, ±Infinity and -0 travel as { $float: … }.
      if (!Number.isFinite(value) || Object.is(value, -0)) return UNUSUAL;
      measured.size += 9;
      return value;
    case "string":
      measured.size += 2 + Buffer.byteLength(value, "utf8");
      return value;
    case "object":
      break;
    default:
      return UNUSUAL;
  }
  if (depth >= MAX_VALUE_NESTING) return UNUSUAL;
  if (Array.isArray(value)) {
    if (value.length > MAX_ARRAY_LENGTH) return UNUSUAL;
    measured.size += 2;
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const element: unknown = value[i];
      const ordered = element === undefined ? UNUSUAL : inFieldOrder(element, depth + 1, measured);
      if (ordered === UNUSUAL) return UNUSUAL;
      if (ordered !== element) copy ??= value.slice(0, i);
      copy?.push(ordered);
    }
    return copy ?? value;
  }
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype !== Object.prototype && prototype !== null) return UNUSUAL;
  const object = value as Record<string, unknown>;
  const names = Object.keys(object);
  let inOrder = true;
  for (let i = 1; i < names.length && inOrder; i++) inOrder = (names[i - 1] as string) < (names[i] as string);
  if (!inOrder) names.sort();
  measured.size += 2;
  let fields = 0;
  let copy: Record<string, unknown> | null = inOrder ? null : {};
  for (const name of names) {
    const field = object[name];
    if (field === undefined) continue;
    if (!isValidFieldName(name)) return UNUSUAL;
    fields += 1;
    // A valid name is ASCII: its length is its size in bytes.
    measured.size += name.length + 1;
    const ordered = inFieldOrder(field, depth + 1, measured);
    if (ordered === UNUSUAL) return UNUSUAL;
    if (ordered !== field && copy === null) {
      copy = {};
      for (const earlier of names) {
        if (earlier === name) break;
        if (object[earlier] !== undefined) copy[earlier] = object[earlier];
      }
    }
    if (copy !== null) copy[name] = ordered;
  }
  if (fields > MAX_OBJECT_FIELDS) return UNUSUAL;
  return copy ?? value;
}

/** What convex/values accepts as a field name (and writes as one). */
function isValidFieldName(name: string): boolean {
  // convexToJson sets `__proto__` on its copy, which drops it: the general path does the same.
  if (name.length > MAX_FIELD_NAME_LENGTH || name.startsWith("$") || name === "__proto__") return false;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code < 32 || code >= 127) return false;
  }
  return true;
}
