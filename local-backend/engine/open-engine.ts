/**
 * Opens the engine: this project's `convex/` functions running on convex-test, restored from
 * and persisted to a data folder. See ./types.ts for the contract and the files next to this
 * one for each part (durable log, storage, scheduler, convex-test internals).
 */
// First, so that convex-test's AsyncLocalStorage instances share one async context slot.
import "./install-shared-async-context";
import { convexTest } from "convex-test";
import type { SchemaDefinition, GenericSchema } from "convex/server";
import { getDocumentSize, type Value } from "convex/values";
import { unlink } from "node:fs/promises";
import path from "node:path";
import { CommitListeners, installCommitHook, type CommitObserver } from "./commit-hook";
import { RequestOutcomes } from "./request-outcomes";
import { flattenComponents, loadComponentTree } from "./component-tree";
import { defaultRuntimeProblem, DefaultRuntimeError } from "./default-runtime";
import {
  captureInternals,
  counterOfId,
  tableOfId,
  type DatabaseFake,
  type Internals,
  type RootTestAccessor,
  type StoredDocument,
} from "./convex-test-internals";
import { installDeterminism } from "./determinism";
import { DirectQueries, type DirectDatabase } from "./direct-queries";
import { installDocumentChecks } from "./document-checks";
import { installFieldOrder } from "./field-order";
import { useConvexLimitMessages } from "./limits";
import { describe, lockDataFolder, DataFolderError } from "./data-folder";
import { nodeDataFiles } from "./fs-durable";
import { DurableLog } from "./durable-log";
import { loadOrCreateAdminKey } from "./admin-key";
import { Environment } from "./environment";
import { FileStore } from "./file-store";
import { IndexAccelerator } from "./index-accelerator";
import { LocalEngine } from "./local-engine";
import { convexModules, DEFAULT_MODULES_DIR, type ModuleMap } from "./modules";
import {
  DataFolderProblem,
  readPersistedState,
  serializeSnapshot,
  type ComponentState,
  type PersistedState,
} from "./persisted-state";
import { Scheduler } from "./scheduler";
import { QueryJournals } from "./query-journal";
import { SnapshotReads } from "./snapshot-reads";
import { Storage } from "./storage";
import { installSyscalls } from "./syscalls";
import { ReadTracker } from "./read-tracker";
import { TableIndex } from "./table-index";
import type { Engine, EngineOptions } from "./types";
import { installUnguessableIds } from "./unguessable-ids";
import { UploadTokens } from "./upload-tokens";

export async function openEngine(options: EngineOptions): Promise<Engine> {
  const dataDir = path.resolve(options.dataDir);
  const unlock = await lockDataFolder(dataDir, { create: options.createDataFolder ?? true });
  try {
    return await openLocked(dataDir, options, unlock);
  } catch (error) {
    await unlock();
    if (error instanceof DataFolderError) throw error;
    if (error instanceof DataFolderProblem) throw new DataFolderError(dataDir, error.message);
    const code = (error as NodeJS.ErrnoException).code;
    // File system failures and damaged files are about the folder; anything else is a bug.
    if (code !== undefined || /damaged|format|lacks/.test((error as Error).message)) {
      throw new DataFolderError(dataDir, describe(error));
    }
    throw error;
  }
}

async function openLocked(dataDir: string, options: EngineOptions, unlock: () => Promise<void>): Promise<Engine> {
  // The database first: whether env.json was there before matters (see readPersistedState).
  const state = await readPersistedState(dataDir);
  const environment = await Environment.load(dataDir, options);
  const env = environment.values;
  const adminKey = await loadOrCreateAdminKey(dataDir);
  const fileStore = await FileStore.open(dataDir);
  // Functions read these when they run (Convex Auth) and some when their module loads.
  Object.assign(process.env, env);

  const modulesDir = options.modulesDir ?? DEFAULT_MODULES_DIR;
  if (options.checkDefaultRuntime === true) {
    const problem = await defaultRuntimeProblem(modulesDir);
    if (problem !== null) throw new DefaultRuntimeError(problem);
  }
  const modules = convexModules(modulesDir);
  // transactionLimits: convex-test counts each transaction's reads and writes against Convex's limits.
  const t = convexTest({
    schema: await schemaOf(modules),
    modules,
    transactionLimits: true,
  }) as unknown as RootTestAccessor;
  // The components of convex.config.ts, each with its own database, under its path in the tree.
  const components = flattenComponents(await loadComponentTree(modulesDir)).map((component) => ({
    path: component.path,
    modules: convexModules(component.directory),
  }));
  for (const component of components) {
    t.registerComponent(component.path, (await schemaOf(component.modules)) ?? null, component.modules);
  }
  useConvexLimitMessages();
  const internals = await captureInternals(t);
  installDeterminism(internals.globalOverrides);
  const snapshots = new SnapshotReads(internals);
  installUnguessableIds(internals.db);
  restore(internals, state);
  const unmounted = unmountedComponents(internals, state);
  const requestOutcomes = new RequestOutcomes(state.requestOutcomes);

  const files = options.files ?? nodeDataFiles;
  const log = await DurableLog.open({
    dataDir,
    files,
    whenNoTransaction: async (undo) => {
      // convex-test's lock: a transaction holds `_waitOnCurrentFunction` until it ends.
      const manager = internals.convexGlobal.transactionManager as unknown as {
        _waitOnCurrentFunction: Promise<void> | null;
      };
      while (manager._waitOnCurrentFunction !== null) await manager._waitOnCurrentFunction;
      undo();
    },
    generation: state.generation,
    logBytes: state.logBytes,
    missingNewline: state.repairs.includes("newline"),
    snapshotBytes: state.snapshotBytes,
    serializeSnapshot: (generation) =>
      serializeSnapshot(
        generation,
        {
          commitTs: internals.convexGlobal.transactionManager._lastCommitTs,
          nextDocId: internals.db._nextDocId,
          lastCreationTime: internals.db._lastCreationTime,
        },
        Object.values(internals.db._documents),
        componentSnapshots(internals, unmounted),
        requestOutcomes.entries(),
      ),
  });
  const trackRead = (document: StoredDocument) =>
    internals.convexGlobal.transactionManager
      .getMetricsTracker()
      ?.trackRead(getDocumentSize(document as Record<string, Value>));
  // Every database (the app's and each component's) gets the same indexes, read tracking and checks.
  const reads = new ReadTracker();
  const observers = new Map<string, CommitObserver[]>();
  const modulesByPath = new Map([
    ["", modules],
    ...components.map((component) => [component.path, component.modules] as const),
  ]);
  const directDatabases = new Map<string, DirectDatabase>();
  for (const [componentPath, { db }] of Object.entries(internals.convexGlobal.components)) {
    const tableIndex = new TableIndex(db);
    const indexes = new IndexAccelerator(db, tableIndex, trackRead);
    reads.watch(db, indexes, componentPath);
    installDocumentChecks(db);
    installFieldOrder(db);
    observers.set(componentPath, [tableIndex, indexes]);
    const componentModules = modulesByPath.get(componentPath);
    if (componentModules !== undefined) directDatabases.set(componentPath, { db, indexes, modules: componentModules });
  }
  const storage = new Storage(internals, t, fileStore, options.cloudUrl, new UploadTokens(env.JWT_PRIVATE_KEY ?? ""));
  const direct = options.directQueries === false ? null : new DirectQueries(directDatabases, storage, internals);
  const scheduler = new Scheduler(t, internals, modulesByPath);
  const listeners = new CommitListeners();
  const journals = new QueryJournals();
  installSyscalls(internals, storage, scheduler, reads, journals);
  installCommitHook(
    internals,
    log,
    (componentPath) => observers.get(componentPath) ?? [],
    storage,
    listeners,
    requestOutcomes,
  );

  await reportMissingFiles(internals, fileStore, state.deletedFiles);
  await removeLeftovers(dataDir, state.leftovers ?? []);
  await log.sync();
  await scheduler.resume();
  await scheduler.startCrons(modules);
  for (const component of components) await scheduler.startCrons(component.modules, component.path);

  return new LocalEngine({
    t,
    modules,
    storage,
    log,
    scheduler,
    listeners,
    reads,
    journals,
    snapshots,
    direct,
    requestOutcomes,
    db: internals.db,
    databases: internals.convexGlobal.components,
    environment,
    adminKey,
    isNew: state.isNew,
    unlock,
  });
}

async function schemaOf(modules: ModuleMap): Promise<SchemaDefinition<GenericSchema, boolean> | undefined> {
  const schemaModule = modules["./convex/schema.ts"] ?? modules["./convex/schema.js"];
  return schemaModule === undefined
    ? undefined
    : ((await schemaModule()).default as SchemaDefinition<GenericSchema, boolean>);
}

/** Puts the persisted documents and counters into convex-test's in-memory databases. */
function restore(internals: Internals, state: PersistedState): void {
  const { convexGlobal } = internals;
  restoreDatabase(internals.db, state);
  for (const [componentPath, component] of state.components) {
    const installed = convexGlobal.components[componentPath];
    if (installed !== undefined) restoreDatabase(installed.db, component);
  }
  if (state.commitTs > convexGlobal.transactionManager._lastCommitTs) {
    convexGlobal.transactionManager._lastCommitTs = state.commitTs;
  }
}

function restoreDatabase(db: DatabaseFake, state: ComponentState): void {
  db._documents = Object.fromEntries(state.documents);
  let nextDocId = state.nextDocId;
  let lastCreationTime = state.lastCreationTime;
  for (const [id, document] of state.documents) {
    nextDocId = Math.max(nextDocId, counterOfId(id) + 1);
    lastCreationTime = Math.max(lastCreationTime, document._creationTime);
  }
  db._nextDocId = nextDocId;
  db._lastCreationTime = lastCreationTime;
}

type ComponentSnapshot = { nextDocId: number; lastCreationTime: number; documents: Iterable<StoredDocument> };

/**
 * Components in the data folder but no longer installed keep their data (Convex keeps an
 * unmounted component's data too), so installing one again finds it.
 */
function unmountedComponents(internals: Internals, state: PersistedState): Map<string, ComponentState> {
  return new Map([...state.components].filter(([path]) => internals.convexGlobal.components[path] === undefined));
}

/** The components' databases for a snapshot. */
function componentSnapshots(internals: Internals, unmounted: Map<string, ComponentState>) {
  const snapshots = new Map<string, ComponentSnapshot>();
  for (const [componentPath, component] of unmounted) {
    snapshots.set(componentPath, { ...component, documents: component.documents.values() });
  }
  for (const [componentPath, { db }] of Object.entries(internals.convexGlobal.components)) {
    if (componentPath === "") continue;
    snapshots.set(componentPath, {
      nextDocId: db._nextDocId,
      lastCreationTime: db._lastCreationTime,
      documents: Object.values(db._documents),
    });
  }
  return snapshots;
}

/**
 * A `_storage` document is written only after its file is in place (storage.ts), so a missing
 * file was removed by someone: say which, and keep the documents (the data that refers to them
 * stays whole; putting the files back repairs it).
 */
async function reportMissingFiles(internals: Internals, files: FileStore, deleted: Set<string>): Promise<void> {
  const storageIds = new Set(Object.keys(internals.db._documents).filter((id) => tableOfId(id) === "_storage"));
  const { present, unexplained } = await files.reconcile(storageIds, deleted);
  if (unexplained.length > 0) {
    console.warn(
      `local backend: ${unexplained.length} file(s) in ${files.folder} belong to no stored file record ` +
        `(${unexplained.slice(0, 5).join(", ")}${unexplained.length > 5 ? ", …" : ""}); they are left as they are`,
    );
  }
  const missing = [...storageIds].filter((id) => !present.has(id));
  if (missing.length === 0) return;
  const shown = missing.slice(0, 5).join(", ") + (missing.length > 5 ? `, … (${missing.length - 5} more)` : "");
  console.warn(
    `local backend: ${missing.length} stored file(s) are missing from ${files.folder}: ${shown}. ` +
      "Their records are kept; they read as missing until the files are put back.",
  );
}

/** What a compaction cut off by a kill leaves behind: a temporary snapshot, the previous log. */
async function removeLeftovers(dataDir: string, names: string[]): Promise<void> {
  for (const name of names) await unlink(path.join(dataDir, name)).catch(() => undefined);
}
