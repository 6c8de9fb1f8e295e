/**
 * The read-budget matrix's vocabulary: how many documents one call of a public function may read
 * and write (docs/architecture.md: lists ≤ 3 × page size + a small constant, single items a small
 * constant). Counts include what the function's components read (sharded counter shards,
 * presence rows, rate-limiter buckets) and what its auth wrapper reads (session, user, role,
 * suspension): a deployment bills and limits those too.
 */
import type { Usage } from "./engine";

/**
 * The "small constant": what every signed-in call reads before its own work (session, user,
 * suspension, role…) plus a helper's few lookups (a counter's shards, a rate-limit bucket).
 */
export const SMALL = 15;

export type Budget = {
  reads: number;
  writes: number;
  /** A function that cannot meet its budget today: its recorded figures, held as a ceiling. */
  knownOver?: { reason: string; recorded: Usage };
};

/** A page of `pageSize` items: ≤ 3 × page size + `extra` reads, no writes. */
export function list(pageSize: number, extra = SMALL): Budget {
  return { reads: 3 * pageSize + extra, writes: 0 };
}

/** One item (or a fixed handful): a small constant of reads, no writes. */
export function item(reads = SMALL): Budget {
  return { reads, writes: 0 };
}

/** A mutation: a small constant of reads and writes unless told. */
export function change(reads = SMALL, writes = SMALL): Budget {
  return { reads, writes };
}

/**
 * A function over its budget today, recorded with its figures and why (the lead decides the
 * redesign). It still runs and prints its figures; it fails if they get WORSE than recorded
 * (and the matrix says when it meets `budget`: then drop the knownOver).
 */
export function knownOver(reason: string, recorded: Usage, budget: Budget): Budget {
  return { ...budget, knownOver: { reason, recorded } };
}

/** Why `usage` breaks `budget`, or null when it is within it. */
export function overBudget(usage: Usage, budget: Budget): string | null {
  const ceiling = budget.knownOver?.recorded ?? budget;
  const problems: string[] = [];
  if (usage.reads > ceiling.reads) problems.push(`read ${usage.reads} documents (budget ${ceiling.reads})`);
  if (usage.writes > ceiling.writes) problems.push(`wrote ${usage.writes} documents (budget ${ceiling.writes})`);
  if (problems.length === 0) return null;
  return problems.join(", ") + (budget.knownOver ? ": worse than its recorded knownOver figures" : "");
}

/** True when a knownOver row now meets its real budget (time to remove the knownOver). */
export function meetsRealBudget(usage: Usage, budget: Budget): boolean {
  return usage.reads <= budget.reads && usage.writes <= budget.writes;
}

/**
 * A mutation that works through dependents in batches (a removal's cascade): the batch is its
 * page, ≤ 3 × batch + SMALL reads (each deleted document is read, and its index entries) and
 * batch + SMALL writes; the rest runs in scheduled follow-ups, each held to its own batch.
 */
export function batch(size: number): Budget {
  return { reads: 3 * size + SMALL, writes: size + SMALL };
}
