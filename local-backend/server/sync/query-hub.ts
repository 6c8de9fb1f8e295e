/**
 * Reactivity: keeps every connection's subscribed queries current.
 *
 * Work happens in "ticks", one at a time. A tick reads the database version, asks every
 * connection for a snapshot of what it wants (its plan), and goes through the connections:
 * it runs each distinct query (function, arguments, caller) that has no result for this
 * version yet — identical subscriptions of many tabs share one run — and hands the results
 * back, so the connection sends a Transition with only what changed. A commit, a query-set change, a
 * new identity or an acknowledged mutation asks for a tick; requests during a tick are folded
 * into the next one.
 *
 * A result stays current until a commit writes into what its run read (the engine records the
 * index ranges, ids and tables read, as Convex does), so a commit re-runs only the subscriptions
 * it can affect; results that did not change are not sent either way. A connection with nothing
 * new (same plan, no result made since it was last served, no mutation waiting) is passed over,
 * so a commit that nobody read (a presence heartbeat, say) costs little however many are connected.
 */
import type { JSONValue } from "convex/values";
import { tableOfId } from "../../engine/convex-test-internals";
import { ReadSet, type DocumentWrite } from "../../engine/read-set";
import type { Access, Engine, Identity } from "../../engine/types";
import { failureOf, type Log } from "../failure";
import type { StateModification } from "./protocol";

/** A query's result as sent to clients, minus the queryId; `fingerprint` is its JSON text (same text, same result). */
export type QueryOutcome = {
  modification: DistributiveOmit<Exclude<StateModification, { type: "QueryRemoved" }>, "queryId">;
  journal: string | null;
  fingerprint: string;
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * `journal` is the subscription's query journal (its paginate's end, engine/query-journal.ts);
 * `key` is queryKey(udfPath, args, identityKey, journal). A query with a `refusal` is not run:
 * it fails with that message (its key is refusedQueryKey(udfPath, refusal)).
 */
export type PlannedQuery = {
  queryId: number;
  udfPath: string;
  args: JSONValue;
  journal: string | null;
  identity: Identity;
  identityKey: string;
  key: string;
  refusal?: string | null;
  /** "internal": an administrator's connection, which may run internal queries. */
  access?: Access;
  /**
   * A system query of the CLI (`_system/cli/…`): answered by the SystemQueries, never cached
   * (what it shows changes without commits: environment variables, exports, imports).
   */
  system?: boolean;
};

/** The CLI's system queries (../admin/system-queries.ts). */
export interface SystemQueryRunner {
  run(udfPath: string, args: JSONValue): JSONValue;
}

/** A connection as the hub sees it. */
export interface HubClient {
  /** A snapshot of what the connection wants now. */
  plan(): ClientPlan;
  /** The results for `plan` at database `version`. */
  deliver(plan: ClientPlan, version: number, outcomeOf: (key: string) => QueryOutcome | undefined): void;
}

/** A connection holding query or request arguments, which the hub may have let go. */
export interface ArgumentHolder {
  evict(reason: string): void;
}

/**
 * `waiting`: a mutation promise of the connection waits for this delivery (served first).
 * `unread`: the connection has not taken what it was last sent (it stopped reading); it is passed
 * over, nothing run and nothing sent, until it has, and then given what is current in one
 * Transition (its socket asks for a tick when it drains).
 */
export type ClientPlan = {
  querySet: number;
  identity: number;
  queries: PlannedQuery[];
  waiting: boolean;
  unread?: boolean;
};

/** The cache key of a query run: same key, same result at the same database version. */
export function queryKey(udfPath: string, args: JSONValue, identityKey: string, journal: string | null): string {
  return `${udfPath}\u0000${JSON.stringify(args)}\u0000${identityKey}\u0000${journal ?? ""}`;
}

/** The cache key of a query that is refused without running (same message, same result). */
export function refusedQueryKey(udfPath: string, refusal: string): string {
  return `${udfPath}\u0000!${refusal}`;
}

/**
 * Query runs for one connection in one tick. A connection needing more (hundreds of
 * subscriptions gone stale) continues in the next tick and is answered once all its results
 * are current, so it never holds up a tick for everyone else (who are served first next time).
 */
const MAX_RUNS_PER_CLIENT_PER_TICK = 64;

/**
 * Query runs resolve as promises only (most never wait for anything), so without a turn of the
 * event loop now and then no other client's message would even be read until the whole tick is
 * done. A turn after every run would cost each of a hundred viewers one; this often is enough
 * for a mutation's few turns (read, commit, fsync, reply) to pass between a heavy tick's runs.
 */
const MAX_MS_WITHOUT_A_TURN = 1;

/** `readSet`: null when unknown (a failed run): it counts as having read everything, so any later commit makes it stale. */
type CacheEntry = {
  version: number;
  outcome: QueryOutcome;
  usedInTick: number;
  /** The tick that ran it: a connection served after that tick holds this outcome already. */
  madeInTick: number;
  readSet: ReadSet | null;
};

/** What a connection was last given: its plan's versions, in which tick. */
type Delivered = { querySet: number; identity: number; tick: number };

/** "range": a commit affects a result when it wrote into what the run read; "table": into a table it read. */
export type Invalidation = "range" | "table";

/** A commit's writes grouped by table, so a result that read none of those tables is passed over at once. */
type RecordedCommit = { version: number; writesByTable: Map<string, DocumentWrite[]> };

/** The documents each recent commit wrote, by version, to tell which cached results it affects. */
class CommitHistory {
  private commits: RecordedCommit[] = [];
  /** Commits up to this version were forgotten; results older than that count as stale. */
  private forgottenThrough = 0;

  constructor(private readonly invalidation: Invalidation) {}

  add(version: number, writes: readonly DocumentWrite[]): void {
    const writesByTable = new Map<string, DocumentWrite[]>();
    for (const write of writes) {
      const table = tableOfId(write.id);
      const ofTable = writesByTable.get(table);
      if (ofTable === undefined) writesByTable.set(table, [write]);
      else ofTable.push(write);
    }
    this.commits.push({ version, writesByTable });
  }

  /** Whether a commit after `since`, up to `until`, wrote into `readSet` (null: anything). */
  touched(readSet: ReadSet | null, since: number, until: number): boolean {
    if (since < this.forgottenThrough) return true;
    for (const { version, writesByTable } of this.commits) {
      if (version <= since || version > until) continue;
      // A failed run's reads are unknown, but without a commit since, running it again would fail the same way.
      if (readSet === null) return true;
      for (const [table, writes] of writesByTable) {
        if (!readSet.readsTable(table)) continue;
        if (this.invalidation === "table" || writes.some((write) => readSet.isAffectedBy(write, table))) return true;
      }
    }
    return false;
  }

  /** Drops commits no cached result needs any more (all are newer than `oldestCached`). */
  forgetThrough(oldestCached: number): void {
    if (!this.commits.some(({ version }) => version <= oldestCached)) return;
    this.commits = this.commits.filter(({ version }) => version > oldestCached);
    this.forgottenThrough = Math.max(this.forgottenThrough, oldestCached);
  }
}

export class QueryHub {
  private readonly clients = new Set<HubClient>();
  private readonly cache = new Map<string, CacheEntry>();
  private readonly delivered = new WeakMap<HubClient, Delivered>();
  private readonly history: CommitHistory;
  private version = 0;
  private tickNumber = 0;
  private tickRequested = false;
  private lastTurn = 0;
  private running: Promise<void> | null = null;
  private closed = false;
  private readonly stopListening: () => void;
  /** What all connections hold in arguments, and each one (SyncSession counts through holdArguments). */
  heldArgumentBytes = 0;
  private readonly argumentHolders = new Map<ArgumentHolder, number>();

  constructor(
    private readonly engine: Engine,
    private readonly log: Log,
    invalidation: Invalidation = "range",
    private readonly systemQueries: SystemQueryRunner | null = null,
  ) {
    this.history = new CommitHistory(invalidation);
    this.stopListening = engine.onCommit(({ version, writes }) => {
      this.history.add(version, writes);
      this.version = Math.max(this.version, version);
      this.requestTick();
    });
  }

  /** The database version: grows with every commit; the protocol's timestamp. */
  get currentVersion(): number {
    return this.version;
  }

  /** Counts `bytes` of arguments held (or let go, when negative) by `holder`. */
  holdArguments(holder: ArgumentHolder, bytes: number): void {
    const held = (this.argumentHolders.get(holder) ?? 0) + bytes;
    if (held > 0) this.argumentHolders.set(holder, held);
    else this.argumentHolders.delete(holder);
    this.heldArgumentBytes += bytes;
  }

  /** What `holder` holds in arguments now. */
  argumentBytesHeldBy(holder: ArgumentHolder): number {
    return this.argumentHolders.get(holder) ?? 0;
  }

  /** Lets go of everything `holder` held (its connection closed). */
  releaseArguments(holder: ArgumentHolder): void {
    this.holdArguments(holder, -this.argumentBytesHeldBy(holder));
  }

  /** The connection holding the most arguments: the one to let go when all hold too much. */
  heaviestArgumentHolder(): ArgumentHolder | undefined {
    let heaviest: ArgumentHolder | undefined;
    let most = 0;
    for (const [holder, held] of this.argumentHolders) {
      if (held > most) [heaviest, most] = [holder, held];
    }
    return heaviest;
  }

  add(client: HubClient): void {
    this.clients.add(client);
  }

  remove(client: HubClient): void {
    this.clients.delete(client);
  }

  requestTick(): void {
    if (this.closed) return;
    this.tickRequested = true;
    this.running ??= this.runTicks();
  }

  /** Resolves once no tick is running or requested (tests and benchmarks wait on it). */
  async idle(): Promise<void> {
    while (this.running !== null) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopListening();
    await this.idle();
    this.clients.clear();
    this.cache.clear();
  }

  private async runTicks(): Promise<void> {
    try {
      while (this.tickRequested && !this.closed) {
        this.tickRequested = false;
        await this.tick().catch((error: unknown) => this.log(`sync: a tick failed: ${String(error)}`));
      }
    } finally {
      this.running = null;
    }
  }

  /** A connection's plan, or null when making it failed (that connection is skipped, not the tick). */
  private planOf(client: HubClient): ClientPlan | null {
    try {
      return client.plan();
    } catch (error) {
      this.log(`sync: planning a connection's queries failed: ${String(error)}`);
      return null;
    }
  }

  private async tick(): Promise<void> {
    const tick = ++this.tickNumber;
    const version = this.version;
    const clients = [...this.clients];
    // Connections whose mutation waits go first; then start with a different connection each
    // tick, so none always waits for all the others.
    const first = clients.length === 0 ? 0 : tick % clients.length;
    const plans = [...clients.slice(first), ...clients.slice(0, first)]
      .map((client) => ({ client, plan: this.planOf(client) }))
      .filter((entry): entry is { client: HubClient; plan: ClientPlan } => entry.plan !== null)
      .sort((a, b) => Number(b.plan.waiting) - Number(a.plan.waiting));
    // One connection at a time: run what it needs that this tick has not run yet, then send.
    // convex-test runs one function at a time anyway, and this way the first connections get
    // their results without waiting for everyone's.
    for (const { client, plan } of plans) {
      // A client that does not read would only pile up Transitions it cannot take and cost the
      // readers a run of each of its queries per commit (issue 34: 50 such clients of 200 in one
      // room made the readers' pushes 24× slower; scripts/bench-slow-readers.ts).
      if (plan.unread === true) continue;
      let runs = 0;
      let unfinished = false;
      // Whether anything could be new to it; when not, it is passed over (most connections, most
      // commits: a tick must not cost every connection a delivery).
      const last = this.delivered.get(client);
      let changed =
        plan.waiting || last === undefined || last.querySet !== plan.querySet || last.identity !== plan.identity;
      for (const query of plan.queries) {
        const cached = this.cache.get(query.key);
        const current =
          cached !== undefined &&
          query.system !== true &&
          !this.history.touched(cached.readSet, cached.version, version);
        if (cached !== undefined && current) {
          cached.version = Math.max(cached.version, version);
          cached.usedInTick = tick;
          if (last === undefined || cached.madeInTick > last.tick) changed = true;
          continue;
        }
        changed = true;
        if (this.closed) return;
        if (query.refusal !== undefined && query.refusal !== null) {
          this.cache.set(query.key, {
            version,
            outcome: refused(query.refusal),
            usedInTick: tick,
            madeInTick: tick,
            readSet: NOTHING,
          });
          continue;
        }
        if (runs++ >= MAX_RUNS_PER_CLIENT_PER_TICK) {
          unfinished = true;
          break;
        }
        const { outcome, readSet } = await this.run(query);
        this.cache.set(query.key, { version, outcome, usedInTick: tick, madeInTick: tick, readSet });
        // A run's journal becomes the subscription's (engine/query-journal.ts); run with it now,
        // it would give this same result.
        if (outcome.journal !== null && outcome.journal !== query.journal) {
          const journaledKey = queryKey(query.udfPath, query.args, query.identityKey, outcome.journal);
          this.cache.set(journaledKey, { version, outcome, usedInTick: tick, madeInTick: tick, readSet });
        }
        await this.turnOfTheEventLoopNowAndThen();
      }
      if (unfinished) this.tickRequested = true;
      else if (changed) {
        try {
          client.deliver(plan, version, (key) => this.cache.get(key)?.outcome);
          this.delivered.set(client, { querySet: plan.querySet, identity: plan.identity, tick });
        } catch (error) {
          this.log(`sync: delivering results failed: ${String(error)}`);
        }
      }
    }
    // Results not wanted in this tick or the last one are dropped (a connection may switch to
    // a journal's key right after the tick that produced it).
    let oldestCached = version;
    for (const [key, entry] of this.cache) {
      if (entry.usedInTick < tick - 1) this.cache.delete(key);
      else oldestCached = Math.min(oldestCached, entry.version);
    }
    this.history.forgetThrough(oldestCached);
  }

  private async turnOfTheEventLoopNowAndThen(): Promise<void> {
    if (performance.now() - this.lastTurn < MAX_MS_WITHOUT_A_TURN) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.lastTurn = performance.now();
  }

  private async run(query: PlannedQuery): Promise<{ outcome: QueryOutcome; readSet: ReadSet | null }> {
    try {
      if (query.system === true && this.systemQueries !== null) {
        const value = this.systemQueries.run(query.udfPath, query.args);
        return { outcome: outcome({ type: "QueryUpdated", value, logLines: [], journal: null }, null), readSet: null };
      }
      const run = await this.engine.runQueryTrackingReads(
        query.udfPath,
        query.args,
        query.identity,
        query.access,
        query.journal,
      );
      return { outcome: updated(run.valueText, () => run.value, run.journal), readSet: run.readSet };
    } catch (error) {
      const failure = failureOf(error, `query ${query.udfPath}`, this.log);
      return {
        readSet: null,
        outcome: outcome(
          {
            type: "QueryFailed",
            errorMessage: failure.message,
            logLines: [],
            ...(failure.data !== undefined ? { errorData: failure.data } : {}),
            journal: null,
          } as QueryOutcome["modification"],
          null,
        ),
      };
    }
  }
}

/** What a refused query read: nothing, so no commit makes its refusal stale. */
const NOTHING = new ReadSet();

function refused(message: string): QueryOutcome {
  return outcome(
    {
      type: "QueryFailed",
      errorMessage: message,
      logLines: [],
      journal: null,
    } as unknown as QueryOutcome["modification"],
    null,
  );
}

/**
 * A new result, its fingerprint written around the value's text as JSON.stringify would write
 * the modification (the value is made only if something reads it).
 */
function updated(valueText: string, value: () => JSONValue, journal: string | null): QueryOutcome {
  const modification = {
    type: "QueryUpdated" as const,
    get value() {
      return value();
    },
    logLines: [],
    journal,
  };
  const fingerprint = `{"type":"QueryUpdated","value":${valueText},"logLines":[],"journal":${JSON.stringify(journal)}}`;
  return { modification, journal, fingerprint };
}

function outcome(modification: QueryOutcome["modification"], journal: string | null): QueryOutcome {
  return { modification, journal, fingerprint: JSON.stringify(modification) };
}
