/**
 * Hooks convex-test's DatabaseFake.commit: after a top-level transaction applies its writes to
 * memory, the written documents (final values, with _id and _creationTime) go to the durable
 * log as one line. Once that line is on disk, deleted files are removed and the commit
 * listeners hear about it. Nested commits (a mutation called from a mutation) only merge into
 * their parent and are logged with it.
 */
import type { DocumentWrite } from "./read-set";
import type { CommitInfo } from "./types";
import { tableOfId, type Internals, type StoredDocument } from "./convex-test-internals";
import type { DurableLog } from "./durable-log";
import { serializeRecord } from "./persisted-state";
import type { Storage } from "./storage";

/** Something kept in step with every committed write (the table and index structures). */
export type CommitObserver = {
  committed(id: string, before: StoredDocument | null, after: StoredDocument | null): void;
};

export class CommitListeners {
  private readonly listeners = new Set<(info: CommitInfo) => void>();
  private version = 0;
  /** Top-level commits applied to memory so far, durable or not yet (a query compares it before and after it runs). */
  appliedInMemory = 0;

  add(listener: (info: CommitInfo) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(writtenTables: string[], writes: readonly DocumentWrite[]): void {
    const info: CommitInfo = { writtenTables, writes, version: ++this.version };
    for (const listener of this.listeners) {
      try {
        listener(info);
      } catch (error) {
        console.error("local backend: a commit listener failed", error);
      }
    }
  }
}

export function installCommitHook(
  internals: Internals,
  log: DurableLog,
  observers: CommitObserver[],
  storage: Storage,
  listeners: CommitListeners,
): void {
  const { db, convexGlobal } = internals;
  const applyToMemory = db.commit.bind(db);
  db.commit = (commitTs) => {
    const topLevelWrites = db._writes.length === 1 ? db._writes[0] : undefined;
    const ids = topLevelWrites === undefined ? [] : Object.keys(topLevelWrites);
    const before = ids.map((id) => db._documents[id] ?? null);
    applyToMemory(commitTs);
    if (ids.length === 0) return;
    listeners.appliedInMemory += 1;
    // Never throw from here: convex-test would be left holding its transaction lock.
    try {
      const writes = ids.map((id): [string, StoredDocument | null] => [id, db._documents[id] ?? null]);
      writes.forEach(([id, after], i) => {
        for (const observer of observers) observer.committed(id, before[i] ?? null, after);
      });
      const line = serializeRecord(
        {
          commitTs: commitTs ?? convexGlobal.transactionManager._lastCommitTs,
          nextDocId: db._nextDocId,
          lastCreationTime: db._lastCreationTime,
        },
        writes,
      );
      const tables = [...new Set(ids.map(tableOfId))];
      const deletedFiles = writes.filter(([id, document]) => document === null && tableOfId(id) === "_storage");
      const storedFiles = writes.filter(
        ([id, document], i) => document !== null && before[i] === null && tableOfId(id) === "_storage",
      );
      log.append({
        text: line,
        ...(storedFiles.length > 0
          ? {
              beforeWrite: async () => {
                await Promise.all(storedFiles.map(([id]) => storage.placeFile(id)));
              },
            }
          : {}),
        afterDurable: () => {
          for (const [storageId] of deletedFiles) storage.deletedDurably(storageId);
          listeners.notify(
            tables,
            writes.map(([id, after], i) => ({ id, before: before[i] ?? null, after })),
          );
        },
        undo: () => {
          // The record never reached the disk: put back what the commit replaced.
          writes.forEach(([id, after], i) => {
            const previous = before[i] ?? null;
            if (previous === null) delete db._documents[id];
            else db._documents[id] = previous;
            for (const observer of observers) observer.committed(id, after, previous);
          });
          for (const [id] of storedFiles) storage.forget(id);
        },
      });
    } catch (error) {
      console.error("local backend: recording a commit failed", error);
    }
  };
}
