/**
 * The system queries the `npx convex` CLI subscribes to with the admin key, answered from the
 * engine and the export and import records (a Convex deployment implements them as functions
 * under `_system/`). Results are Convex JSON; lists come as pages, as the CLI reads them.
 *
 *   _system/cli/tables                            data: the app's tables
 *   _system/cli/tableData                         data <table>: its documents
 *   _system/cli/queryEnvironmentVariables(:get)   env list / env get
 *   _system/cli/exports:getLatest                 export
 *   _system/cli/queryImport(:list)                import
 */
import { convexToJson, type JSONValue, type Value } from "convex/values";
import type { Engine } from "../../engine/types";
import { EngineError } from "../../engine/types";
import type { SystemQueryRunner } from "../sync/query-hub";
import type { SnapshotExports } from "./snapshot-export";
import type { SnapshotImports } from "./snapshot-import";

/** What a component's function named from outside gets (`--component`): not served here. */
export const COMPONENT_CALL_REFUSAL =
  "The local backend does not run a component's functions from outside the app (--component); call them through the app's own functions";

/**
 * A system query asked for without the admin key. It starts with the words the CLI recognises
 * (`permissionDeniedErrorMessage`), so `npx convex data` with a wrong key stops with this
 * message instead of waiting.
 */
export const SYSTEM_QUERY_REFUSAL =
  "You do not have permission to perform this operation: the Convex CLI's system queries need the deployment's admin key " +
  "(CONVEX_SELF_HOSTED_ADMIN_KEY; `npm run admin-key` prints it)";

const SYSTEM_PREFIX = "_system/";

/** Whether `udfPath` (canonical, "module:export") names a system function. */
export function isSystemQuery(udfPath: string): boolean {
  return udfPath.startsWith(SYSTEM_PREFIX);
}

type PaginationOpts = { cursor: string | null; numItems: number };
type Args = Record<string, JSONValue>;

export class SystemQueries implements SystemQueryRunner {
  constructor(
    private readonly engine: Engine,
    private readonly exports: SnapshotExports,
    private readonly imports: SnapshotImports,
  ) {}

  /** Runs the system query `udfPath`; an unknown one fails as an unknown function does. */
  run(udfPath: string, args: JSONValue): JSONValue {
    const given = (typeof args === "object" && args !== null && !Array.isArray(args) ? args : {}) as Args;
    switch (udfPath) {
      case "_system/cli/tables:default":
        return page(
          this.engine.admin
            .tables()
            .filter((name) => !name.startsWith("_"))
            .map((name) => ({ name })),
          paginationOpts(given),
        );
      case "_system/cli/tableData:default":
        return this.tableData(given);
      case "_system/cli/queryEnvironmentVariables:default":
        return this.engine.environmentVariables();
      case "_system/cli/queryEnvironmentVariables:get": {
        const name = typeof given.name === "string" ? given.name : "";
        return this.engine.environmentVariables().find((variable) => variable.name === name) ?? null;
      }
      case "_system/cli/exports:getLatest":
        return convexToJson(this.exports.latestState() as Value);
      case "_system/cli/queryImport:default": {
        const importId = typeof given.importId === "string" ? given.importId : "";
        return convexToJson(this.imports.get(importId) as Value);
      }
      case "_system/cli/queryImport:list":
        return convexToJson(this.imports.list() as unknown as Value);
      default:
        throw new EngineError(
          `Could not find function for '${udfPath}': the local backend answers only the system queries the Convex CLI's data, env, export and import commands use`,
        );
    }
  }

  private tableData(args: Args): JSONValue {
    const table = typeof args.table === "string" ? args.table : "";
    const documents = this.engine.admin.documents(table);
    if (args.order !== "asc") documents.reverse();
    return page(documents, paginationOpts(args));
  }
}

function paginationOpts(args: Args): PaginationOpts {
  const opts = (args.paginationOpts ?? {}) as Partial<Record<keyof PaginationOpts, unknown>>;
  const numItems = typeof opts.numItems === "number" && opts.numItems > 0 ? Math.floor(opts.numItems) : 100;
  return { cursor: typeof opts.cursor === "string" ? opts.cursor : null, numItems };
}

/** A page of `items` after `cursor` (a position in the list: the list is made afresh each time). */
function page(items: readonly JSONValue[], { cursor, numItems }: PaginationOpts): JSONValue {
  const start = cursor === null ? 0 : Math.max(0, Number.parseInt(cursor, 10) || 0);
  const end = Math.min(items.length, start + numItems);
  return { page: items.slice(start, end), isDone: end >= items.length, continueCursor: String(end) };
}
