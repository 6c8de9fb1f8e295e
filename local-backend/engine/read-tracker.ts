/**
 * Which tables a query function read, so the server re-runs a subscription only after a commit
 * wrote one of them (Convex tracks read sets by index range; tables are coarser, never wrong).
 *
 * Every read of convex-test's database goes through `get` (documents by id, system tables too),
 * `startQuery` (streamed queries and counts) or `paginate`; storage calls read `_storage`. The
 * table set of the function running in the current async context (AsyncLocalStorage, so
 * functions running at the same time never mix their sets) collects each read's table.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { tableOfId, type DatabaseFake, type QueryDescription } from "./convex-test-internals";

export class ReadTracker {
  private readonly current = new AsyncLocalStorage<Set<string>>();

  /** Installs itself around the database's read methods; call after the IndexAccelerator. */
  constructor(db: DatabaseFake) {
    const get = db.get.bind(db);
    const startQuery = db.startQuery.bind(db);
    const paginate = db.paginate.bind(db);
    db.get = (tableName, id) => {
      this.record(tableName ?? tableOfId(id));
      return get(tableName, id);
    };
    db.startQuery = (query) => {
      this.record(tableOfQuery(query));
      return startQuery(query);
    };
    db.paginate = (request) => {
      this.record(tableOfQuery(request.query));
      return paginate(request);
    };
  }

  /** Notes a read of `table` by the function running now (storage syscalls call it for `_storage`). */
  record(table: string): void {
    this.current.getStore()?.add(table);
  }

  /** Runs `fn`, collecting the tables it reads. */
  async track<T>(fn: () => Promise<T>): Promise<{ result: T; tablesRead: ReadonlySet<string> }> {
    const tablesRead = new Set<string>();
    const result = await this.current.run(tablesRead, fn);
    return { result, tablesRead };
  }
}

/** A read whose table cannot be told; a set holding it matches every commit. */
export const UNKNOWN_TABLE = "*";

function tableOfQuery({ source }: QueryDescription): string {
  const table = source.type === "FullTableScan" ? source.tableName : source.indexName?.split(".")[0];
  return table === undefined || table === "" ? UNKNOWN_TABLE : table;
}
