/**
 * The on-disk format of the database and how it is read back.
 *
 *   <dataDir>/snapshot.json        the whole database at some point (written atomically)
 *   <dataDir>/log-<generation>.jsonl  one JSON line per committed transaction after that snapshot
 *
 * Documents are stored as Convex JSON (`convexToJson`), with their `_id` and `_creationTime`,
 * so a restore gives back exactly the same documents. A compaction writes snapshot generation
 * g+1 and starts log g+1; the snapshot names its generation, so a crash in between is harmless.
 *
 * Each installed Convex component (convex.config.ts) has a database of its own, as on Convex:
 * the app's documents are at the top level, a component's under its path ("presence",
 * "presence/batchWorker") in `components` (snapshot) and `k` (log line). A transaction that
 * wrote to the app and to components is one log line.
 */
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { StoredDocument } from "./convex-test-internals";
import type { RequestOutcome } from "./request-outcomes";

export const SNAPSHOT_FILE = "snapshot.json";
export const logFileName = (generation: number) => `log-${generation}.jsonl`;

type SnapshotFile = {
  format: 1;
  generation: number;
  commitTs: string;
  nextDocId: number;
  lastCreationTime: number;
  documents: JSONValue[];
  components?: Record<string, { nextDocId: number; lastCreationTime: number; documents: JSONValue[] }>;
  /** Recent mutations' outcomes by request key, oldest first (request-outcomes.ts). */
  requests?: [string, JSONValue][];
};

/** One committed top-level transaction: its writes (null = deleted) and the id/time counters. */
export type LogRecord = {
  ts: string;
  n: number;
  c: number;
  w: [string, JSONValue | null][];
  /** Writes to components' databases, by component path. */
  k?: Record<string, { n: number; c: number; w: [string, JSONValue | null][] }>;
  /** The request this commit answered, and its result: a resend of it gets this result. */
  r?: RequestOutcome;
};

export type Counters = { commitTs: bigint; nextDocId: number; lastCreationTime: number };

/** A component's database: its documents and id/time counters. */
export type ComponentState = { documents: Map<string, StoredDocument>; nextDocId: number; lastCreationTime: number };

/** A component's committed writes in one transaction (null = deleted), with its counters after it. */
export type ComponentWrites = {
  nextDocId: number;
  lastCreationTime: number;
  writes: [string, StoredDocument | null][];
};

export type PersistedState = Counters & {
  generation: number;
  documents: Map<string, StoredDocument>;
  /** Components' databases by component path. */
  components: Map<string, ComponentState>;
  /** Length of the log's valid prefix (a torn last line from a crash is cut off). */
  logBytes: number;
  snapshotBytes: number;
  isNew: boolean;
  /** `_storage` documents the log deletes: their files may be left over from a stop right after. */
  deletedFiles: Set<string>;
  /** "newline": the log's last record lacks its newline, to be added when the log opens. */
  repairs: "newline"[];
  /** Files a compaction cut off by a kill left behind (temporary snapshots, older logs). */
  leftovers?: string[];
  /** Recent mutations' outcomes by request key, in commit order. */
  requestOutcomes: [string, JSONValue][];
};

/** A data folder whose files cannot be used as they are; the message says what and the way out. */
export class DataFolderProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DataFolderProblem";
  }
}

/** Names in the folder that belong to the database (not env.json, the lock or uploaded files). */
const LOG_FILE = /^log-(\d+)\.jsonl$/;
const LEFTOVER = /^snapshot\.json\.tmp-/;

export async function readPersistedState(
  dataDir: string,
  report: (line: string) => void = console.warn,
): Promise<PersistedState> {
  const names = await readdir(dataDir);
  const logGenerations = names.flatMap((name) => {
    const match = LOG_FILE.exec(name);
    return match === null ? [] : [Number(match[1])];
  });
  const snapshotText = await readIfExists(path.join(dataDir, SNAPSHOT_FILE));
  const state: PersistedState = {
    generation: 0,
    documents: new Map(),
    components: new Map(),
    commitTs: 0n,
    nextDocId: 10000,
    lastCreationTime: 0,
    logBytes: 0,
    snapshotBytes: snapshotText?.length ?? 0,
    isNew: false,
    deletedFiles: new Set(),
    repairs: [],
    requestOutcomes: [],
  };
  if (snapshotText !== null) applySnapshot(state, parseSnapshot(snapshotText));
  else if (logGenerations.some((generation) => generation > 0)) {
    const newest = Math.max(...logGenerations);
    throw new DataFolderProblem(
      `${SNAPSHOT_FILE} is missing, and ${logFileName(newest)} holds only the writes made after it. ` +
        `Put ${SNAPSHOT_FILE} back (from a backup), or move the folder away to start afresh`,
    );
  }

  const logName = logFileName(state.generation);
  const logText = await readIfExists(path.join(dataDir, logName));
  if (logText === null && snapshotText !== null) {
    throw new DataFolderProblem(
      `${logName} is missing: the writes made since ${SNAPSHOT_FILE} are gone. Put it back (from a backup), ` +
        `or create it empty to go on with the snapshot alone`,
    );
  }
  // A newer log with records cannot follow this snapshot (an older snapshot was put back?).
  for (const generation of logGenerations.filter((g) => g > state.generation)) {
    const text = await readIfExists(path.join(dataDir, logFileName(generation)));
    if (text !== null && text.length > 0) {
      throw new DataFolderProblem(
        `${logFileName(generation)} is newer than ${SNAPSHOT_FILE} (generation ${state.generation}): they do not ` +
          `fit together. Put back the snapshot that goes with it, or move the folder away to start afresh`,
      );
    }
  }
  state.leftovers = [
    ...names.filter((name) => LEFTOVER.test(name)),
    ...logGenerations.filter((g) => g !== state.generation).map(logFileName),
  ];
  if (logText !== null) readLog(state, logText, logName, report);
  const heldData = names.includes("env.json") || (await hasStoredFiles(dataDir));
  if (snapshotText === null && logText === null && heldData) {
    // Keys (or uploads) but no database: the database was there and is gone.
    throw new DataFolderProblem(
      `${logName} is missing, but this folder has held data before (it has env.json or files/). ` +
        `Put ${logName} back (from a backup), or create it empty to go on without the data`,
    );
  }
  // Demo content goes only into a folder that never held anything (env.json comes with the first start).
  state.isNew = snapshotText === null && state.logBytes === 0 && !heldData;
  return state;
}

/**
 * Applies the log's records. A complete record (ending in a newline) that does not check out
 * was damaged after it was written: the start is refused. Only the final record may be torn (a
 * crash mid-append, never acknowledged): it is cut, and that is said. A final record that
 * checks out but lacks its newline is kept (the newline is added).
 */
function readLog(state: PersistedState, logText: string, logName: string, report: (line: string) => void): void {
  const bytes = Buffer.from(logText);
  let offset = 0;
  let count = 0;
  while (offset < bytes.length) {
    const newline = bytes.indexOf(0x0a, offset);
    const end = newline === -1 ? bytes.length : newline;
    const record = parseRecord(bytes.subarray(offset, end).toString("utf8"));
    if (record === null) {
      if (newline === -1) {
        report(
          `local backend: cut a torn last record from ${logName} (${end - offset} bytes at byte ${offset}); ` +
            "it was being written when the backend stopped and was never acknowledged",
        );
        break;
      }
      throw new DataFolderProblem(
        `${logName} is damaged at byte ${offset} (record ${count + 1} does not match its checksum). ` +
          `Put back a good copy (from a backup), or cut the file to its first ${offset} bytes to keep what comes before`,
      );
    }
    applyRecord(state, record);
    count++;
    if (newline === -1) {
      state.repairs.push("newline");
      offset = end;
    } else offset = newline + 1;
  }
  state.logBytes = offset;
}

/**
 * Whether the folder may still be new (no keys, database or uploads yet): a look at names and
 * sizes, without reading the database, so a caller can skip work meant for new folders only.
 * The engine's `isNew` has the last word.
 */
export async function mayBeNewDataFolder(dataDir: string): Promise<boolean> {
  let names: string[];
  try {
    names = await readdir(dataDir);
  } catch {
    return true; // not created yet
  }
  if (names.includes("env.json") || names.includes(SNAPSHOT_FILE)) return false;
  for (const name of names.filter((name) => LOG_FILE.test(name))) {
    if ((await stat(path.join(dataDir, name))).size > 0) return false;
  }
  return !(await hasStoredFiles(dataDir));
}

/** Whether uploaded files exist (a folder with files has held data even without a database). */
async function hasStoredFiles(dataDir: string): Promise<boolean> {
  try {
    return (await readdir(path.join(dataDir, "files"))).some((name) => !name.startsWith("."));
  } catch {
    return false;
  }
}

function applySnapshot(state: PersistedState, snapshot: SnapshotFile): void {
  if (snapshot.format !== 1) throw new Error(`${SNAPSHOT_FILE} has an unknown format ${snapshot.format}`);
  state.generation = snapshot.generation;
  state.commitTs = BigInt(snapshot.commitTs);
  state.nextDocId = snapshot.nextDocId;
  state.lastCreationTime = snapshot.lastCreationTime;
  state.requestOutcomes.push(...(snapshot.requests ?? []));
  for (const json of snapshot.documents) {
    const document = jsonToConvex(json) as StoredDocument;
    state.documents.set(document._id, document);
  }
  for (const [componentPath, component] of Object.entries(snapshot.components ?? {})) {
    const documents = new Map<string, StoredDocument>();
    for (const json of component.documents) {
      const document = jsonToConvex(json) as StoredDocument;
      documents.set(document._id, document);
    }
    state.components.set(componentPath, {
      documents,
      nextDocId: component.nextDocId,
      lastCreationTime: component.lastCreationTime,
    });
  }
}

/** The component's state, created empty on its first write. */
export function componentState(state: { components: Map<string, ComponentState> }, path: string): ComponentState {
  let component = state.components.get(path);
  if (component === undefined) {
    component = { documents: new Map(), nextDocId: 10000, lastCreationTime: 0 };
    state.components.set(path, component);
  }
  return component;
}

function applyRecord(state: PersistedState, record: LogRecord): void {
  for (const [id, json] of record.w) {
    if (json === null && id.endsWith("_storage")) state.deletedFiles.add(id);
    if (json === null) state.documents.delete(id);
    else state.documents.set(id, jsonToConvex(json) as StoredDocument);
  }
  if (record.r !== undefined) state.requestOutcomes.push([record.r.key, record.r.result]);
  state.commitTs = BigInt(record.ts);
  state.nextDocId = Math.max(state.nextDocId, record.n);
  state.lastCreationTime = Math.max(state.lastCreationTime, record.c);
  for (const [componentPath, writes] of Object.entries(record.k ?? {})) {
    const component = componentState(state, componentPath);
    for (const [id, json] of writes.w) {
      if (json === null) component.documents.delete(id);
      else component.documents.set(id, jsonToConvex(json) as StoredDocument);
    }
    component.nextDocId = Math.max(component.nextDocId, writes.n);
    component.lastCreationTime = Math.max(component.lastCreationTime, writes.c);
  }
}

/** One log line (with its newline) for a committed transaction. */
export function serializeRecord(
  counters: Counters,
  writes: [string, StoredDocument | null][],
  componentWrites: ReadonlyMap<string, ComponentWrites> = new Map(),
  outcome: RequestOutcome | null = null,
): string {
  const record: LogRecord = {
    ts: counters.commitTs.toString(),
    n: counters.nextDocId,
    c: counters.lastCreationTime,
    w: writesToJson(writes),
  };
  if (outcome !== null) record.r = outcome;
  if (componentWrites.size > 0) {
    record.k = {};
    for (const [componentPath, component] of componentWrites) {
      record.k[componentPath] = {
        n: component.nextDocId,
        c: component.lastCreationTime,
        w: writesToJson(component.writes),
      };
    }
  }
  const json = JSON.stringify(record);
  return `${checksumOf(json)} ${json}\n`;
}

function writesToJson(writes: [string, StoredDocument | null][]): [string, JSONValue | null][] {
  return writes.map(([id, document]) => [id, document === null ? null : convexToJson(document as Value)]);
}

/** A record's text, or null when it does not check out (torn or damaged). */
function parseRecord(line: string): LogRecord | null {
  // Records written before checksums were added are plain JSON.
  const checked = /^([0-9a-f]{16}) (.*)$/s.exec(line);
  if (checked !== null && checksumOf(checked[2] as string) !== checked[1]) return null;
  const json = checked === null ? line : (checked[2] as string);
  if (checked === null && !line.startsWith("{")) return null;
  try {
    const record = JSON.parse(json) as LogRecord;
    return typeof record === "object" && record !== null && Array.isArray(record.w) ? record : null;
  } catch {
    return null;
  }
}

function checksumOf(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

const SNAPSHOT_HEADER = /^dumy-snapshot sha256=([0-9a-f]{64})\n/;

/** The snapshot as written: a header line with the checksum of the JSON that follows. */
function parseSnapshot(text: string): SnapshotFile {
  const header = SNAPSHOT_HEADER.exec(text);
  if (header === null && !text.startsWith("{")) {
    throw new DataFolderProblem(`${SNAPSHOT_FILE} is damaged (it does not start like a snapshot)${RESTORE_SNAPSHOT}`);
  }
  const json = header === null ? text : text.slice(header[0].length);
  if (header !== null && createHash("sha256").update(json).digest("hex") !== header[1]) {
    throw new DataFolderProblem(`${SNAPSHOT_FILE} is damaged (its checksum does not match)${RESTORE_SNAPSHOT}`);
  }
  return parseJson<SnapshotFile>(json, SNAPSHOT_FILE);
}

const RESTORE_SNAPSHOT = ": put back a good copy (from a backup), or move the folder away to start afresh";

export function serializeSnapshot(
  generation: number,
  counters: Counters,
  documents: Iterable<StoredDocument>,
  components: ReadonlyMap<
    string,
    { nextDocId: number; lastCreationTime: number; documents: Iterable<StoredDocument> }
  > = new Map(),
  requestOutcomes: [string, JSONValue][] = [],
): string {
  const snapshot: SnapshotFile = {
    format: 1,
    generation,
    commitTs: counters.commitTs.toString(),
    nextDocId: counters.nextDocId,
    lastCreationTime: counters.lastCreationTime,
    documents: Array.from(documents, (document) => convexToJson(document as Value)),
  };
  if (requestOutcomes.length > 0) snapshot.requests = requestOutcomes;
  if (components.size > 0) {
    snapshot.components = {};
    for (const [componentPath, component] of components) {
      snapshot.components[componentPath] = {
        nextDocId: component.nextDocId,
        lastCreationTime: component.lastCreationTime,
        documents: Array.from(component.documents, (document) => convexToJson(document as Value)),
      };
    }
  }
  const json = JSON.stringify(snapshot);
  return `dumy-snapshot sha256=${createHash("sha256").update(json).digest("hex")}\n${json}`;
}

async function readIfExists(file: string): Promise<string | null> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function parseJson<T>(text: string, name: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new DataFolderProblem(`${name} is damaged (${(error as Error).message})${RESTORE_SNAPSHOT}`);
  }
}
