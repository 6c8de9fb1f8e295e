/**
 * The on-disk format of the database and how it is read back.
 *
 *   <dataDir>/snapshot.json        the whole database at some point (written atomically)
 *   <dataDir>/log-<generation>.jsonl  one JSON line per committed transaction after that snapshot
 *
 * Documents are stored as Convex JSON (`convexToJson`), with their `_id` and `_creationTime`,
 * so a restore gives back exactly the same documents. A compaction writes snapshot generation
 * g+1 and starts log g+1; the snapshot names its generation, so a crash in between is harmless.
 */
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { StoredDocument } from "./convex-test-internals";

export const SNAPSHOT_FILE = "snapshot.json";
export const logFileName = (generation: number) => `log-${generation}.jsonl`;

type SnapshotFile = {
  format: 1;
  generation: number;
  commitTs: string;
  nextDocId: number;
  lastCreationTime: number;
  documents: JSONValue[];
};

/** One committed top-level transaction: its writes (null = deleted) and the id/time counters. */
export type LogRecord = {
  ts: string;
  n: number;
  c: number;
  w: [string, JSONValue | null][];
};

export type Counters = { commitTs: bigint; nextDocId: number; lastCreationTime: number };

export type PersistedState = Counters & {
  generation: number;
  documents: Map<string, StoredDocument>;
  /** Length of the log's valid prefix (a torn last line from a crash is cut off). */
  logBytes: number;
  snapshotBytes: number;
  isNew: boolean;
};

export async function readPersistedState(dataDir: string): Promise<PersistedState> {
  const snapshotText = await readIfExists(path.join(dataDir, SNAPSHOT_FILE));
  const state: PersistedState = {
    generation: 0,
    documents: new Map(),
    commitTs: 0n,
    nextDocId: 10000,
    lastCreationTime: 0,
    logBytes: 0,
    snapshotBytes: snapshotText?.length ?? 0,
    isNew: snapshotText === null,
  };
  if (snapshotText !== null) applySnapshot(state, parseJson<SnapshotFile>(snapshotText, SNAPSHOT_FILE));

  const logName = logFileName(state.generation);
  const logText = await readIfExists(path.join(dataDir, logName));
  if (logText === null) return state;
  let offset = 0;
  while (offset < logText.length) {
    const end = logText.indexOf("\n", offset);
    // No newline: the last append was cut by a crash before its fsync, so it was never acknowledged.
    if (end === -1) break;
    const line = logText.slice(offset, end);
    let record: LogRecord;
    try {
      record = JSON.parse(line) as LogRecord;
    } catch {
      if (logText.indexOf("\n", end + 1) === -1) break; // a torn last line, same as above
      throw new Error(`${logName} is damaged at byte ${offset}`);
    }
    applyRecord(state, record);
    state.isNew = false;
    offset = end + 1;
  }
  state.logBytes = Buffer.byteLength(logText.slice(0, offset));
  return state;
}

function applySnapshot(state: PersistedState, snapshot: SnapshotFile): void {
  if (snapshot.format !== 1) throw new Error(`${SNAPSHOT_FILE} has an unknown format ${snapshot.format}`);
  state.generation = snapshot.generation;
  state.commitTs = BigInt(snapshot.commitTs);
  state.nextDocId = snapshot.nextDocId;
  state.lastCreationTime = snapshot.lastCreationTime;
  for (const json of snapshot.documents) {
    const document = jsonToConvex(json) as StoredDocument;
    state.documents.set(document._id, document);
  }
}

function applyRecord(state: PersistedState, record: LogRecord): void {
  for (const [id, json] of record.w) {
    if (json === null) state.documents.delete(id);
    else state.documents.set(id, jsonToConvex(json) as StoredDocument);
  }
  state.commitTs = BigInt(record.ts);
  state.nextDocId = Math.max(state.nextDocId, record.n);
  state.lastCreationTime = Math.max(state.lastCreationTime, record.c);
}

/** One log line (with its newline) for a committed transaction. */
export function serializeRecord(counters: Counters, writes: [string, StoredDocument | null][]): string {
  const record: LogRecord = {
    ts: counters.commitTs.toString(),
    n: counters.nextDocId,
    c: counters.lastCreationTime,
    w: writes.map(([id, document]) => [id, document === null ? null : convexToJson(document as Value)]),
  };
  return JSON.stringify(record) + "\n";
}

export function serializeSnapshot(generation: number, counters: Counters, documents: Iterable<StoredDocument>): string {
  const snapshot: SnapshotFile = {
    format: 1,
    generation,
    commitTs: counters.commitTs.toString(),
    nextDocId: counters.nextDocId,
    lastCreationTime: counters.lastCreationTime,
    documents: Array.from(documents, (document) => convexToJson(document as Value)),
  };
  return JSON.stringify(snapshot);
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
    throw new Error(`${name} is damaged: ${(error as Error).message}`, { cause: error });
  }
}
