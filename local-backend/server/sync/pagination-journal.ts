/**
 * Query journals: how a live paginated query keeps its page boundaries.
 *
 * On Convex, the first run of a paginated query records where its page ended (the journal);
 * every re-run ends the page at that same cursor, so pages neither overlap nor leave gaps when
 * documents are inserted or deleted, and a page grows instead of pushing items to the next one.
 * The client keeps the journal and sends it back when it re-subscribes after a reconnect.
 *
 * Here the journal is `{"endCursor": "<cursor>"}`: after a first run whose arguments carry
 * `paginationOpts` and whose result is a page (`continueCursor`, `isDone`), the page's
 * `continueCursor` becomes the `endCursor` of every later run (convex-test's paginate honours it).
 */
import type { JSONValue } from "convex/values";

type JsonObject = { [key: string]: JSONValue };

const isObject = (value: JSONValue | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The `endCursor` a journal holds, or null (no journal, or not one of ours). */
function endCursorOf(journal: string | null): string | null {
  if (journal === null) return null;
  try {
    const parsed = JSON.parse(journal) as { endCursor?: unknown };
    return typeof parsed.endCursor === "string" ? parsed.endCursor : null;
  } catch {
    return null;
  }
}

function paginationOptsOf(args: JSONValue): JsonObject | null {
  if (!isObject(args)) return null;
  const options = args.paginationOpts;
  return isObject(options) && "numItems" in options ? options : null;
}

/** The arguments to run a subscription with: the journal's end cursor added to `paginationOpts`. */
export function argsWithJournal(args: JSONValue, journal: string | null): JSONValue {
  const options = paginationOptsOf(args);
  const endCursor = endCursorOf(journal);
  if (options === null || endCursor === null || typeof options.endCursor === "string" || !isObject(args)) return args;
  return { ...args, paginationOpts: { ...options, endCursor } };
}

/**
 * The journal of a finished run, and the value to send. When the run was bounded by an end
 * cursor, the page reports that cursor as its `continueCursor` (so the next page still joins
 * it), even if the document at the boundary has since been deleted.
 */
export function journalOfRun(runArgs: JSONValue, value: JSONValue): { journal: string | null; value: JSONValue } {
  const options = paginationOptsOf(runArgs);
  if (options === null || !isObject(value) || typeof value.continueCursor !== "string") {
    return { journal: null, value };
  }
  const endCursor = typeof options.endCursor === "string" ? options.endCursor : null;
  if (endCursor === null) {
    return { journal: JSON.stringify({ endCursor: value.continueCursor }), value };
  }
  const bounded = { ...value, continueCursor: endCursor, isDone: endCursor === END_CURSOR };
  return { journal: JSON.stringify({ endCursor }), value: bounded };
}

/** convex-test's cursor for "the end of the range" (no boundary). */
const END_CURSOR = "_end_cursor";
