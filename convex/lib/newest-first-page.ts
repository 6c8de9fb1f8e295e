import { convexToJson, ConvexError, jsonToConvex, type JSONValue } from "convex/values";
import type { Doc, TableNames } from "../_generated/dataModel";
import type { DatabaseReader } from "../_generated/server";
import { INVALID_PAGE_CURSOR, type StreamPage } from "./stream-page";

/** Where a page starts: the first page, after a document's index key, or past the end ("[]"). */
type Start = { kind: "first" } | { kind: "after"; creationTime: number; id: string } | { kind: "end" };

/**
 * One page of a table, newest first, read straight from its `by_creation_time` index: the page
 * `streamPage` gives for `stream(db, schema).query(table).withIndex("by_creation_time").order("desc")`,
 * with the same cursors (a document's index key, `[_creationTime, _id]`, as convex-helpers writes
 * it) and the same exact `isDone`, read the same way (the page, the cursor's own document and one
 * past the page), so a watched page keeps `numItems` documents on Convex too.
 *
 * Why not the stream: the board is run again for every viewer after each new book, and the
 * stream's merging machinery was a third of a run.
 */
export async function newestFirstPage<Table extends TableNames>(
  db: DatabaseReader,
  table: Table,
  cursor: string | null,
  numItems: number,
): Promise<StreamPage<Doc<Table>>> {
  const start = startOf(cursor);
  if (start.kind === "end") return { page: [], isDone: true, continueCursor: END_CURSOR };
  const newest = db
    .query(table)
    .withIndex("by_creation_time", (q) =>
      // Every table's by_creation_time has `_creationTime`; the generic table hides that from the types.
      start.kind === "after"
        ? ((q as unknown as CreationTimeRange).lte("_creationTime", start.creationTime) as typeof q)
        : q,
    )
    .order("desc");
  const page: Doc<Table>[] = [];
  for await (const document of newest) {
    const { _creationTime, _id } = document as unknown as IndexKey;
    // The cursor's own document, and any created at the same instant that the index sorts after it.
    if (start.kind === "after" && _creationTime === start.creationTime && _id >= start.id) continue;
    if (page.length === numItems) return { page, isDone: false, continueCursor: cursorAfter(page) };
    page.push(document);
  }
  return { page, isDone: true, continueCursor: page.length === numItems ? cursorAfter(page) : END_CURSOR };
}

type IndexKey = { _creationTime: number; _id: string };
type CreationTimeRange = { lte(field: "_creationTime", value: number): unknown };

/** A stream's cursor once it has read to the end. */
const END_CURSOR = "[]";

function startOf(cursor: string | null): Start {
  if (cursor === null) return { kind: "first" };
  let key: unknown;
  try {
    key = jsonToConvex(JSON.parse(cursor) as JSONValue);
  } catch {
    key = undefined;
  }
  if (Array.isArray(key) && key.length === 0) return { kind: "end" };
  if (!Array.isArray(key) || key.length !== 2 || typeof key[0] !== "number" || typeof key[1] !== "string") {
    throw new ConvexError(INVALID_PAGE_CURSOR);
  }
  return { kind: "after", creationTime: key[0], id: key[1] };
}

function cursorAfter(page: readonly unknown[]): string {
  const last = page[page.length - 1] as IndexKey | undefined;
  return last === undefined ? END_CURSOR : JSON.stringify(convexToJson([last._creationTime, last._id]));
}
