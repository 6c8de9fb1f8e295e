/**
 * Query journals: how a live paginated query keeps its page boundaries, as on Convex.
 *
 * On Convex, a query function's `.paginate()` records where its page ended in the run's journal;
 * when the subscription runs again, a paginate given no end cursor of its own ends at the
 * journal's (the backend's queryPage takes `end_cursor`, else `prev_journal.end_cursor`). So a
 * page neither overlaps the next one nor leaves gaps when documents are inserted or deleted:
 * it grows or shrinks instead, whatever the function's arguments are called. The client keeps
 * the journal and sends it back when it subscribes again after a reconnect.
 *
 * Here a journal is `{"endCursor": "<cursor>"}`. Only the top-level function's paginate takes
 * part (a function may paginate once; functions it calls run with journals of their own, none).
 * A page bounded by an end cursor reports that cursor as its `continueCursor`, even when the
 * document at the boundary has since been deleted, so the next page still joins it.
 */
import type { ExecutionContext } from "./convex-test-internals";
import { SharedAsyncLocalStorage } from "./shared-async-context";

/** convex-test's cursor for "the end of the range" (no boundary). */
const END_CURSOR = "_end_cursor";

type RunJournal = { endCursor: string | null; nextEndCursor: string | null };

type PageRequest = { endCursor?: unknown } & Record<string, unknown>;
type PageReply = { isDone: boolean; continueCursor: string };

export class QueryJournals {
  private readonly current = new SharedAsyncLocalStorage<RunJournal>();

  /** Runs a query with the journal of its previous run (null: a first run), and gives its next one. */
  async run<T>(journal: string | null, fn: () => Promise<T>): Promise<{ result: T; journal: string | null }> {
    const run: RunJournal = { endCursor: endCursorOf(journal), nextEndCursor: null };
    const result = await this.current.run(run, fn);
    return { result, journal: run.nextEndCursor === null ? null : JSON.stringify({ endCursor: run.nextEndCursor }) };
  }

  /** The page request as the run's journal bounds it; `execution` is the function paginating. */
  bound<R extends PageRequest>(request: R, execution: ExecutionContext | undefined): R {
    const run = this.runOf(execution);
    if (run?.endCursor == null || typeof request.endCursor === "string") return request;
    return { ...request, endCursor: run.endCursor };
  }

  /** The page as the function sees it, its end recorded in the run's next journal. */
  record<P extends PageReply>(request: PageRequest, page: P, execution: ExecutionContext | undefined): P {
    const endCursor = typeof request.endCursor === "string" ? request.endCursor : null;
    const bounded =
      endCursor === null ? page : { ...page, continueCursor: endCursor, isDone: endCursor === END_CURSOR };
    const run = this.runOf(execution);
    if (run !== undefined) run.nextEndCursor = bounded.continueCursor;
    return bounded;
  }

  /** The journal of the running query, when `execution` is that query itself (not a function it called). */
  private runOf(execution: ExecutionContext | undefined): RunJournal | undefined {
    return execution?.depth === 1 ? this.current.getStore() : undefined;
  }
}

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
