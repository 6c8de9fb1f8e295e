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
  const walk: Walk = { size: 0, fieldNames: new Set() };
  if (!isOrdinary(value, 0, walk) || walk.size > MAX_RETURN_SIZE) return null;
  // A list of names makes JSON.stringify write every object's fields in that list's order, in
  // one native call, without copying the objects.
  return JSON.stringify(value, [...walk.fieldNames].sort());
}

/** What a walk learns: the value's size as Convex counts it, and every field name in it. */
type Walk = { size: number; fieldNames: Set<string> };

/**
 * Whether `value` is ordinary (`depth`: how many arrays and objects hold it, as Convex's
 * nesting limit counts), measuring it and collecting its field names on the way.
 */
function isOrdinary(value: unknown, depth: number, walk: Walk): boolean {
  if (value === null) {
    walk.size += 1;
    return true;
  }
  switch (typeof value) {
    case "boolean":
      walk.size += 1;
      return true;
    case "number":
      // NaN, ±Infinity and -0 travel as { $float: … }.
      if (!Number.isFinite(value) || Object.is(value, -0)) return false;
      walk.size += 9;
      return true;
    case "string":
      walk.size += 2 + Buffer.byteLength(value, "utf8");
      return true;
    case "object":
      break;
    default:
      return false;
  }
  if (depth >= MAX_VALUE_NESTING) return false;
  if (Array.isArray(value)) {
    if (value.length > MAX_ARRAY_LENGTH) return false;
    walk.size += 2;
    for (let i = 0; i < value.length; i++) {
      const element: unknown = value[i];
      if (element === undefined || !isOrdinary(element, depth + 1, walk)) return false;
    }
    return true;
  }
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype !== Object.prototype && prototype !== null) return false;
  const object = value as Record<string, unknown>;
  walk.size += 2;
  let fields = 0;
  for (const name of Object.keys(object)) {
    const field = object[name];
    if (field === undefined) continue;
    if (!walk.fieldNames.has(name)) {
      if (!isValidFieldName(name)) return false;
      walk.fieldNames.add(name);
    }
    fields += 1;
    // A valid name is ASCII: its length is its size in bytes.
    walk.size += name.length + 1;
    if (!isOrdinary(field, depth + 1, walk)) return false;
  }
  return fields <= MAX_OBJECT_FIELDS;
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
