/**
 * What Convex's optimistic concurrency control would have done with a batch of mutations that
 * all started at the same moment, given what each read and wrote (Engine.traceMutations).
 *
 * A mutation commits only if nothing it read was written by a mutation that committed after it
 * began; otherwise it conflicts and is retried from the start. So, in commit order, each mutation
 * whose read set overlaps the writes of an earlier one of the same round conflicts; the
 * conflicting ones run again as a new round (all starting together again), until every one has
 * committed. Patching or deleting a document reads it (Convex reads a document before changing
 * it), so two writers of one document always conflict. A retry is assumed to read what the
 * first attempt read (a like row of its own, the same post, the same counter shards).
 */
import { tableOfId } from "../../local-backend/engine/convex-test-internals";
import type { DocumentWrite, ReadSet } from "../../local-backend/engine/read-set";

export type Attempt = { readSet: ReadSet; writes: readonly DocumentWrite[] };

export type Contention = {
  mutations: number;
  /** Mutations that conflicted in the first round (each a retry). */
  conflicts: number;
  /** Retries in all, over every round. */
  retries: number;
  /** The most retries one mutation needed. */
  worst: number;
  /** Rounds until the last one committed (1: no conflict). */
  rounds: number;
  /** The tables of the writes that made mutations conflict, with how many conflicts each. */
  conflictsByTable: Map<string, number>;
};

/** The first earlier write of the round that `attempt` read (null: it commits). */
function conflictingWrite(attempt: Attempt, committed: readonly DocumentWrite[]): DocumentWrite | null {
  const readByChanging = new Set(attempt.writes.filter(({ before }) => before !== null).map(({ id }) => id));
  for (const write of committed) {
    if (readByChanging.has(write.id) || attempt.readSet.isAffectedBy(write)) return write;
  }
  return null;
}

/** `batch` in commit order, all started at the same moment. */
export function simulateOcc(batch: readonly Attempt[]): Contention {
  const retriesOf = batch.map(() => 0);
  const conflictsByTable = new Map<string, number>();
  let pending = batch.map((_, index) => index);
  let rounds = 0;
  let conflicts = 0;
  while (pending.length > 0) {
    rounds += 1;
    const committed: DocumentWrite[] = [];
    const again: number[] = [];
    for (const index of pending) {
      const attempt = batch[index]!;
      const write = conflictingWrite(attempt, committed);
      if (write === null) {
        committed.push(...attempt.writes);
        continue;
      }
      retriesOf[index] = (retriesOf[index] ?? 0) + 1;
      if (rounds === 1) conflicts += 1;
      const table = tableOfId(write.id);
      conflictsByTable.set(table, (conflictsByTable.get(table) ?? 0) + 1);
      again.push(index);
    }
    pending = again;
  }
  return {
    mutations: batch.length,
    conflicts,
    retries: retriesOf.reduce((sum, retries) => sum + retries, 0),
    worst: Math.max(0, ...retriesOf),
    rounds,
    conflictsByTable,
  };
}
