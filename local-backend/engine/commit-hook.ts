/**
 * Hooks convex-test's transaction commit: after a top-level transaction applies its writes to
 * memory (the app's database and each component's), the written documents (final values, with
 * _id and _creationTime) go to the durable log as one line. Once that line is on disk, deleted files are removed and the commit
 * listeners hear about it. Nested commits (a mutation called from a mutation) only merge into
 * their parent and are logged with it.
 */
import type { DocumentWrite } from "./read-set";
import type { CommitInfo } from "./types";
import {
  qualifiedId,
  tableOfId,
  type DatabaseFake,
  type Internals,
  type StoredDocument,
} from "./convex-test-internals";
import type { DurableLog } from "./durable-log";
import { serializeRecord, type ComponentWrites } from "./persisted-state";
import { outcomeOfCurrentCommit, type RequestOutcomes } from "./request-outcomes";
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
  /**
   * Told each commit's writes as it is applied to memory, in the committing function's async
   * context; null (nothing called) unless mutations are traced (LocalEngine.traceMutations).
   */
  onApplied: ((writes: readonly DocumentWrite[]) => void) | null = null;

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

/** One database's part of a commit: the documents it wrote, before and after. */
type DatabaseWrites = {
  componentPath: string;
  db: DatabaseFake;
  observers: CommitObserver[];
  writes: [string, StoredDocument | null][];
  before: (StoredDocument | null)[];
};

export function installCommitHook(
  internals: Internals,
  log: DurableLog,
  observersOf: (componentPath: string) => CommitObserver[],
  storage: Storage,
  listeners: CommitListeners,
  outcomes: RequestOutcomes,
): void {
  const { convexGlobal } = internals;
  const { transactionManager } = convexGlobal;
  const commitAll = transactionManager.commit.bind(transactionManager);
  transactionManager.commit = (isNested) => {
    if (isNested) return commitAll(isNested);
    // Each database (the app's, then each component's) applies its part of the writes to memory.
    const pending = Object.entries(convexGlobal.components).map(([componentPath, { db }]) => {
      const topLevelWrites = db._writes.length === 1 ? db._writes[0] : undefined;
      const ids = topLevelWrites === undefined ? [] : Object.keys(topLevelWrites);
      return { componentPath, db, ids, before: ids.map((id) => db._documents[id] ?? null) };
    });
    const commitTs = commitAll(isNested);
    if (pending.every(({ ids }) => ids.length === 0)) return commitTs;
    listeners.appliedInMemory += 1;
    // Never throw from here: convex-test would be left holding its transaction lock.
    try {
      const parts: DatabaseWrites[] = pending
        .filter(({ ids }) => ids.length > 0)
        .map(({ componentPath, db, ids, before }) => ({
          componentPath,
          db,
          observers: observersOf(componentPath),
          writes: ids.map((id): [string, StoredDocument | null] => [id, db._documents[id] ?? null]),
          before,
        }));
      for (const { observers, writes, before } of parts) {
        writes.forEach(([id, after], i) => {
          for (const observer of observers) observer.committed(id, before[i] ?? null, after);
        });
      }
      const { db } = internals;
      // A keyed mutation's result goes into its own record: durable exactly when its writes are.
      const outcome = outcomeOfCurrentCommit();
      const app = parts.find((part) => part.componentPath === "");
      const componentWrites = new Map<string, ComponentWrites>(
        parts
          .filter((part) => part.componentPath !== "")
          .map((part) => [
            part.componentPath,
            { nextDocId: part.db._nextDocId, lastCreationTime: part.db._lastCreationTime, writes: part.writes },
          ]),
      );
      // A record too large for one string (an admin import past ~512 MiB of JSON) cannot be
      // written: the log then refuses the commit (undone with those made on top of it, and their
      // callers told nothing was saved) instead of it living in memory only, lost at the next start.
      let line = "";
      let unrecordable: Error | null = null;
      try {
        line = serializeRecord(
          {
            commitTs: commitTs ?? transactionManager._lastCommitTs,
            nextDocId: db._nextDocId,
            lastCreationTime: db._lastCreationTime,
          },
          app?.writes ?? [],
          componentWrites,
          outcome,
        );
      } catch (error) {
        unrecordable = new Error(`the transaction's writes are too large to record (${String(error)})`);
      }
      const appWrites = app?.writes ?? [];
      const appBefore = app?.before ?? [];
      const deletedFiles = appWrites.filter(([id, document]) => document === null && tableOfId(id) === "_storage");
      const storedFiles = appWrites.filter(
        ([id, document], i) => document !== null && appBefore[i] === null && tableOfId(id) === "_storage",
      );
      const documentWrites: DocumentWrite[] = parts.flatMap(({ componentPath, writes, before }) =>
        writes.map(([id, after], i) => ({ id: qualifiedId(componentPath, id), before: before[i] ?? null, after })),
      );
      const tables = [...new Set(documentWrites.map(({ id }) => tableOfId(id)))];
      listeners.onApplied?.(documentWrites);
      log.append({
        text: line,
        ...(unrecordable !== null ? { refusal: unrecordable } : {}),
        ...(storedFiles.length > 0
          ? {
              beforeWrite: async () => {
                await Promise.all(storedFiles.map(([id]) => storage.placeFile(id)));
              },
            }
          : {}),
        afterDurable: () => {
          if (outcome !== null) outcomes.record(outcome.key, outcome.result);
          for (const [storageId] of deletedFiles) storage.deletedDurably(storageId);
          listeners.notify(tables, documentWrites);
        },
        undo: () => {
          // The record never reached the disk: put back what the commit replaced, in every database.
          for (const { db: written, observers, writes, before } of parts) {
            writes.forEach(([id, after], i) => {
              const previous = before[i] ?? null;
              if (previous === null) delete written._documents[id];
              else written._documents[id] = previous;
              for (const observer of observers) observer.committed(id, after, previous);
            });
          }
          for (const [id] of storedFiles) storage.forget(id);
        },
      });
    } catch (error) {
      console.error("local backend: recording a commit failed", error);
    }
    return commitTs;
  };
}
