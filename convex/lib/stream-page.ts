import type { QueryStream } from "convex-helpers/server/stream";
import { ConvexError } from "convex/values";

/** A cursor that is not one of a stream's (a stale tab's, or made up): a clear error, not a crash. */
export const INVALID_PAGE_CURSOR = "This page is out of date. Go back to the first page.";

/** One page of a list read through a stream, with `isDone` exact. */
export type StreamPage<T> = { page: T[]; isDone: boolean; continueCursor: string };

/**
 * One page of `items` (a convex-helpers stream in the list's order) of exactly `numItems` items,
 * fewer only on the last page. Why a stream and not `ctx.db...paginate()`: on a Convex deployment a
 * subscribed query's `ctx.db` paginate re-runs up to the end cursor recorded by its previous run
 * (the query journal), so a page someone watches grows past its size as items are added in front
 * of it; a stream reads plain index ranges and takes `numItems` again on every run.
 *
 * `isDone` is exact: true exactly when no item follows the page. The stream's own paginate says
 * "not done" for a full last page, and a counter cannot tell either once items before the reader's
 * cursor were deleted, so this peeks one item past `continueCursor`: the last item's whole index
 * key (down to _creationTime and _id), so equal names or equal creation times need no special
 * case. Unlike ctx.db's, a stream's paginate may run more than once in a query. Reads the page
 * plus at most one item; the peek also makes a live query re-run when an item appears or goes
 * right after the page.
 */
export async function streamPage<T extends NonNullable<unknown>>(
  items: QueryStream<T>,
  cursor: string | null,
  numItems: number,
): Promise<StreamPage<T>> {
  checkCursor(cursor);
  const result = await items.paginate({ cursor, numItems });
  const isDone =
    result.isDone ||
    result.page.length === 0 ||
    (await items.paginate({ cursor: result.continueCursor, numItems: 1 })).page.length === 0;
  return { page: result.page, isDone, continueCursor: result.continueCursor };
}

/** A stream's cursor is its last item's index key as a JSON array (convex-helpers serializeCursor). */
function checkCursor(cursor: string | null): void {
  if (cursor === null) return;
  let key: unknown;
  try {
    key = JSON.parse(cursor);
  } catch {
    key = undefined;
  }
  if (!Array.isArray(key)) throw new ConvexError(INVALID_PAGE_CURSOR);
}
