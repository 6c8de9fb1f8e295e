/**
 * Routes the storage and scheduling syscalls of Convex functions to the engine; every other
 * syscall goes to convex-test unchanged. convex-test reads `Convex.asyncSyscall` /
 * `Convex.jsSyscall` from its convex global on every call, so replacing them there is enough.
 */
import { Base64, convexToJson, jsonToConvex, type JSONValue } from "convex/values";
import { databaseOf, tableOfId, type Internals } from "./convex-test-internals";
import { DocumentReplies } from "./document-replies";
import { SYSTEM_TABLES_READ_ONLY } from "./limits";
import { unschedulableFunctionError } from "./modules";
import type { QueryJournals } from "./query-journal";
import type { ReadTracker } from "./read-tracker";
import type { Scheduler } from "./scheduler";
import type { Storage } from "./storage";

type ScheduleArgs = { name?: string; reference?: string; functionHandle?: string; args: JSONValue; ts: number };

export function installSyscalls(
  internals: Internals,
  storage: Storage,
  scheduler: Scheduler,
  reads: ReadTracker,
  journals: QueryJournals,
): void {
  const { convexGlobal } = internals;
  const convexTestAsync = convexGlobal.asyncSyscall;
  const convexTestJs = convexGlobal.jsSyscall;
  const reply = (value: unknown) => JSON.stringify(convexToJson(value as JSONValue));
  const documentReplies = new DocumentReplies(internals, journals);

  convexGlobal.asyncSyscall = async (op, jsonArgs) => {
    if (WRITES_TO_EXISTING.has(op)) checkWritable(jsonArgs);
    const isStorage = op.startsWith("1.0/storage");
    // Database syscalls go to convex-test untouched, without parsing their arguments here; the
    // most frequent two, reads of one document, are answered with its JSON made once.
    if (!isStorage && op !== "1.0/schedule")
      return documentReplies.reply(op, jsonArgs) ?? (await convexTestAsync(op, jsonArgs));
    const args = JSON.parse(jsonArgs) as Record<string, unknown>;
    const storageId = args.storageId as string;
    if (isStorage) reads.record("_storage");
    switch (op) {
      case "1.0/storageGenerateUploadUrl":
        return reply(storage.uploadUrl());
      case "1.0/storageGetUrl":
        return reply(storage.url(storageId));
      case "1.0/storageGetMetadata":
        return reply(storage.metadata(storageId));
      case "1.0/storageDelete":
        await storage.delete(storageId);
        return reply({});
      // `ctx.storage.store` / `get` in mutations (newer convex) travel as base64.
      case "1.0/storageStore": {
        const bytes = Base64.toByteArray(args.blob as string);
        return reply(await storage.store(bytes, (args.contentType as string | undefined) ?? ""));
      }
      case "1.0/storageGet": {
        const blob = await storage.blob(storageId);
        if (blob === null) return reply(null);
        const bytes = new Uint8Array(await blob.arrayBuffer());
        return reply({ blob: Base64.fromByteArray(bytes), contentType: blob.type === "" ? null : blob.type });
      }
      case "1.0/schedule":
        return reply(await schedule(internals, scheduler, args as ScheduleArgs));
      default:
        return await convexTestAsync(op, jsonArgs);
    }
  };

  convexGlobal.jsSyscall = async (op, args) => {
    switch (op) {
      case "storage/storeBlob": {
        const blob = args.blob as Blob;
        return await storage.store(new Uint8Array(await blob.arrayBuffer()), blob.type);
      }
      case "storage/getBlob":
        reads.record("_storage");
        return await storage.blob(args.storageId as string);
      default:
        return await convexTestJs(op, args);
    }
  };
}

/** db.patch, db.replace, db.delete: the writes that name an existing document by id. */
const WRITES_TO_EXISTING = new Set(["1.0/shallowMerge", "1.0/replace", "1.0/remove"]);

/** Functions change system tables only through ctx.storage and ctx.scheduler (db.insert refuses them itself). */
function checkWritable(jsonArgs: string): void {
  const { id, table } = JSON.parse(jsonArgs) as { id?: unknown; table?: unknown };
  const tableName = typeof table === "string" ? table : typeof id === "string" ? tableOfId(id) : "";
  if (tableName.startsWith("_")) throw new Error(SYSTEM_TABLES_READ_ONLY);
}

/**
 * Always runs inside a transaction (actions reach it through convex-test's `actions/schedule`).
 * The job goes to the `_scheduled_functions` table of the component that schedules it, even when
 * it runs a function of another component (a child's by `components.…`, any by handle), as on
 * Convex; the scheduler keeps where it runs beside it. The function must exist when scheduled.
 */
async function schedule(internals: Internals, scheduler: Scheduler, args: ScheduleArgs): Promise<string> {
  const componentPath = internals.currentComponentPath();
  const target = scheduledFunction(args, componentPath);
  if (internals.convexGlobal.components[target.componentPath] === undefined) {
    throw new Error(`Attempted to schedule function at nonexistent path: ${target.componentPath} ${target.udfPath}`);
  }
  const missing = await unschedulableFunctionError(
    scheduler.modulesOf(target.componentPath),
    target.udfPath,
    target.componentPath,
  );
  if (missing !== null) throw new Error(missing);
  const scheduledTime = args.ts * 1000;
  const jobId = databaseOf(internals, componentPath).insert("_scheduled_functions", {
    args: [jsonToConvex(args.args)],
    name: target.udfPath,
    scheduledTime,
    state: { kind: "pending" },
  });
  scheduler.add(componentPath, jobId, scheduledTime, target.componentPath);
  return jobId;
}

/** Where a scheduled function lives: by name (the scheduling component's), handle, or component reference. */
function scheduledFunction(args: ScheduleArgs, componentPath: string): { componentPath: string; udfPath: string } {
  if (args.functionHandle !== undefined) {
    const [handlePath = "", udfPath = ""] = args.functionHandle.replace(/^function:\/\//, "").split(";");
    return { componentPath: handlePath, udfPath };
  }
  const target = resolveFunctionAddress(args, componentPath);
  if (target.componentPath === null) throw new Error("local backend: a scheduled call names no function");
  return target;
}

/**
 * The function a reference names, from the calling component (`getFunctionAddress`): by name,
 * the caller's own; by reference, a child component's. A function handle is not resolved here.
 */
export function resolveFunctionAddress(
  address: { name?: string; reference?: string; functionHandle?: string },
  componentPath: string,
): { componentPath: string; udfPath: string } | { componentPath: null; udfPath: null } {
  if (address.name !== undefined) return { componentPath, udfPath: address.name };
  if (address.reference === undefined) return { componentPath: null, udfPath: null };
  // "_reference/childComponent/<child>/<module path>/<export>"
  const [, , child = "", ...rest] = address.reference.split("/");
  const exportName = rest.pop() ?? "default";
  return {
    componentPath: componentPath === "" ? child : `${componentPath}/${child}`,
    udfPath: `${rest.join("/")}:${exportName}`,
  };
}
