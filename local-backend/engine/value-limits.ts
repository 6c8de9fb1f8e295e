/**
 * Convex's limits on values, with Convex's numbers and messages (get-convex/convex-backend:
 * crates/value/src/size.rs, array.rs, object.rs; crates/common/src/knobs.rs), so the server can
 * refuse a call's arguments before any work is done and other parts can check the same limits.
 *
 * `measureArguments` walks a parsed JSON value WITHOUT recursion and stops at the first limit it
 * passes, so a value of any depth or width costs at most one bounded walk and never a stack
 * overflow (JSON.parse itself does not recurse; JSON.stringify and convexToJson do).
 */
import type { JSONValue } from "convex/values";

/** Arrays and objects nest at most this deep in any value (`MAX_NESTING`). */
export const MAX_VALUE_NESTING = 64;
/** Elements of one array (`MAX_ARRAY_LEN`). */
export const MAX_ARRAY_LENGTH = 8192;
/** Fields of one object (`MAX_OBJECT_FIELDS`). */
export const MAX_OBJECT_FIELDS = 1024;
/** The arguments of one function call (`FUNCTION_MAX_ARGS_SIZE`). */
export const MAX_ARGUMENTS_BYTES = 16 * 1024 * 1024;

export const tooNestedMessage = (nesting: number) =>
  `Value is too nested (nested ${nesting} levels deep > maximum nesting ${MAX_VALUE_NESTING})`;
export const arrayTooLongMessage = (length: number) =>
  `Array length is too long (${length} > maximum length ${MAX_ARRAY_LENGTH})`;
export const tooManyFieldsMessage = (fields: number) =>
  `Object has too many fields (${fields} > maximum number ${MAX_OBJECT_FIELDS})`;
export const argumentsTooLargeMessage = (udfPath: string, bytes: number) =>
  `Arguments for ${udfPath} are too large (${formatBytes(bytes)}, limit: ${formatBytes(MAX_ARGUMENTS_BYTES)})`;

/** A call refused for its arguments' shape; the message is Convex's, safe to show the caller. */
export class ValueLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ValueLimitError";
  }
}

/**
 * Checks a function's arguments object against Convex's limits, in Convex's order (nesting,
 * then size), and throws a ValueLimitError with Convex's text. Convex parses the arguments as
 * `[args]`, so the object itself may nest one level less than a value.
 */
export function checkArguments(udfPath: string, args: unknown): ArgumentsMeasure {
  const measured = measure(args, MAX_VALUE_NESTING - 1, MAX_ARGUMENTS_BYTES);
  if (!("kind" in measured)) return measured;
  const message = measured.kind === "size" ? argumentsTooLargeMessage(udfPath, measured.bytes) : measured.message;
  throw new ValueLimitError(`Invalid arguments for ${displayPath(udfPath)}: ${message}`);
}

/** What accepted arguments hold: their size as Convex counts it, and how many values they are made of. */
export type ArgumentsMeasure = { bytes: number; values: number };

type Problem = { kind: "shape"; message: string } | { kind: "size"; bytes: number };

/**
 * One iterative walk: nesting (levels of arrays and objects), array lengths, object fields, and
 * an estimate of the size the way Convex counts it (a string is its UTF-8 bytes, a number 8, …).
 */
function measure(root: unknown, maxNesting: number, maxBytes: number): Problem | ArgumentsMeasure {
  let bytes = 0;
  let values = 0;
  const stack: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number };
    values++;
    if (value === null || typeof value === "boolean") bytes += 1;
    else if (typeof value === "number") bytes += 8;
    else if (typeof value === "string") bytes += Buffer.byteLength(value) + 1;
    else if (Array.isArray(value)) {
      if (depth + 1 > maxNesting) return { kind: "shape", message: tooNestedMessage(MAX_VALUE_NESTING + 1) };
      if (value.length > MAX_ARRAY_LENGTH) return { kind: "shape", message: arrayTooLongMessage(value.length) };
      bytes += 2;
      for (const element of value as unknown[]) stack.push({ value: element, depth: depth + 1 });
    } else if (typeof value === "object") {
      if (depth + 1 > maxNesting) return { kind: "shape", message: tooNestedMessage(MAX_VALUE_NESTING + 1) };
      const entries = Object.entries(value as Record<string, JSONValue>);
      if (entries.length > MAX_OBJECT_FIELDS) return { kind: "shape", message: tooManyFieldsMessage(entries.length) };
      bytes += 2;
      for (const [key, field] of entries) {
        bytes += Buffer.byteLength(key) + 1;
        stack.push({ value: field, depth: depth + 1 });
      }
    }
  }
  // The walk is bounded by the request (its frame or body has a size limit), so the size is
  // counted whole, as Convex reports it.
  return bytes > maxBytes ? { kind: "size", bytes } : { bytes, values };
}

/** "books:list" as Convex names it in messages: "books.js:list". */
function displayPath(udfPath: string): string {
  const [moduleName = "", functionName = "default"] = udfPath.split(":");
  return `${moduleName.endsWith(".js") ? moduleName : `${moduleName}.js`}:${functionName}`;
}

/** Bytes as Convex writes them in messages: "512 B", "1.5 KiB", "256 MiB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${trim(bytes / 1024)} KiB`;
  return `${trim(bytes / (1024 * 1024))} MiB`;
}

const trim = (value: number) => String(Number(value.toFixed(2)));
