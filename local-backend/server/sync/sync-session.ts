/**
 * One WebSocket connection of a Convex client (`/api/<version>/sync`).
 *
 * Messages are handled in arrival order (an Authenticate is checked before the messages after
 * it); mutations of one connection run one after another, actions run side by side. What the
 * client has been sent is `sent` (its StateVersion: query-set version, timestamp, identity
 * version) and the fingerprint of each query result it holds; the QueryHub calls `plan` and
 * `deliver` to move it forward.
 *
 * A mutation's promise in the client resolves when a Transition reaches the timestamp of its
 * MutationResponse, so after each successful mutation the next delivery sends a Transition
 * with a timestamp at least as new, even one without changes.
 */
import type { JSONValue } from "convex/values";
import type { Engine } from "../../engine/types";
import { checkArguments, ValueLimitError } from "../../engine/value-limits";
import { failureOf, type Failure, type Log } from "../failure";
import type { AdminKeyCheck } from "../admin/admin-auth";
import { COMPONENT_CALL_REFUSAL, isSystemQuery, SYSTEM_QUERY_REFUSAL } from "../admin/system-queries";
import type { TokenVerifier } from "../identity";
import { SessionIdentity } from "./session-identity";
import {
  canonicalUdfPath,
  encodeTs,
  encodeVersion,
  parseClientMessage,
  type AddQuery,
  type ClientMessage,
  type ServerMessage,
  type StateModification,
  type StateVersion,
} from "./protocol";
import {
  HELD_BYTES_PER_VALUE,
  MAX_HELD_ARGUMENT_BYTES,
  MAX_HELD_ARGUMENT_BYTES_ALL_CONNECTIONS,
  MAX_HELD_SUBSCRIPTIONS,
  MAX_PENDING_REQUESTS,
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  tooManySubscriptionsMessage,
} from "./connection-limits";
import {
  queryKey,
  refusedQueryKey,
  type ClientPlan,
  type HubClient,
  type PlannedQuery,
  type QueryHub,
  type QueryOutcome,
} from "./query-hub";

/**
 * The part of a WebSocket the session uses. `unread`: earlier sends have not all gone to the
 * operating system for a while (the client stopped reading; the hub passes it over);
 * `onTaken`: called when they have, after `unread` said so.
 */
export type SessionSocket = {
  send(text: string): void;
  close(code: number, reason: string): void;
  unread?(): boolean;
  onTaken?(listener: () => void): void;
};

/**
 * `argumentsRefusal`: why the query cannot run (its arguments break a limit); `overLimit`: one
 * subscription too many. Such a query is not run; the client gets a QueryFailed.
 */
type Subscription = {
  queryId: number;
  udfPath: string;
  args: JSONValue;
  journal: string | null;
  argumentsRefusal: string | null;
  overLimit: boolean;
  /** Its arguments' JSON length, counted against MAX_HELD_ARGUMENT_BYTES. */
  argumentBytes: number;
};

/** Keeps an idle connection from looking dead to the client (it reconnects after 60 s of silence). */
const PING_INTERVAL_MS = 15_000;

export class SyncSession implements HubClient {
  private sent: StateVersion = { querySet: 0, ts: 0, identity: 0 };
  private querySetVersion = 0;
  private readonly subscriptions = new Map<number, Subscription>();
  private readonly sentFingerprints = new Map<number, string>();
  /** What plannedQueries() made last, and from what. */
  private planned: {
    querySet: number;
    identity: number;
    identityKey: string;
    journalChanges: number;
    queries: PlannedQuery[];
  } | null = null;
  /** Counts changes of the subscriptions' journals (they change what the queries run with). */
  private journalChanges = 0;
  private readonly caller: SessionIdentity;
  private pendingMutationTs: number | null = null;
  private mutationsInFlight = 0;
  /** Mutations and actions received and not yet answered. */
  private pendingRequests = 0;
  private inbox: Promise<void> = Promise.resolve();
  private mutations: Promise<void> = Promise.resolve();
  private readonly pingTimer: NodeJS.Timeout;
  private closed = false;
  /**
   * The client's own id (its Connect message), the same on every connection it makes: with a
   * request id it names a mutation, so a resend after a reconnect or restart runs it only once.
   */
  private clientSessionId: string | null = null;
  /** Stopping: no new mutation or action starts (see drain). */
  private draining = false;
  private readonly actionsRunning = new Set<Promise<unknown>>();

  constructor(
    private readonly socket: SessionSocket,
    private readonly engine: Engine,
    private readonly hub: QueryHub,
    verifier: TokenVerifier,
    adminKey: AdminKeyCheck,
    private readonly log: Log,
  ) {
    this.caller = new SessionIdentity(verifier, adminKey, (version) => this.tokenExpired(version));
    hub.add(this);
    // Passed over while it does not read (ClientPlan.unread); served what is current once it does.
    socket.onTaken?.(() => hub.requestTick());
    this.pingTimer = setInterval(() => this.send({ type: "Ping" }), PING_INTERVAL_MS);
    this.pingTimer.unref();
  }

  /** Never throws: whatever one connection sends, at worst that connection is closed. */
  receive(text: string): void {
    if (this.closed) return;
    try {
      const message = parseClientMessage(text);
      if (message === null) {
        this.fail("malformed message");
        return;
      }
      if (message.type === "Mutation" || message.type === "Action") {
        // Unanswered, the client sends it again to the next server.
        if (this.draining) return;
        if (this.pendingRequests >= MAX_PENDING_REQUESTS) {
          this.fail(`more than ${MAX_PENDING_REQUESTS} unanswered mutations and actions`);
          return;
        }
        this.pendingRequests++;
      }
      this.inbox = this.inbox
        .then(() => this.handle(message))
        .catch((error: unknown) => this.fail(`handling ${message.type} failed: ${String(error)}`));
    } catch (error) {
      this.fail(`handling a message failed: ${String(error)}`);
    }
  }

  /**
   * The server stops: resolves once every mutation and action received so far has been
   * answered (the responses are queued on the socket before it closes).
   */
  async drain(): Promise<void> {
    this.draining = true;
    await this.inbox;
    await this.mutations;
    await Promise.allSettled([...this.actionsRunning]);
  }

  /** The socket closed: forget everything (running mutations still finish in the engine). */
  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.pingTimer);
    this.caller.dispose();
    // Everything this connection held is let go now; requests still finishing give back nothing more.
    this.hub.releaseArguments(this);
    this.hub.remove(this);
  }

  /** Counts arguments held (or let go, when negative) by this connection, with the hub. */
  private holdArguments(bytes: number): void {
    if (!this.closed) this.hub.holdArguments(this, bytes);
  }

  /** The hub lets this connection go: all connections hold too much, and this one the most. */
  evict(reason: string): void {
    this.fail(reason);
  }

  /**
   * Closes the connection when what it holds in arguments (subscriptions, and mutations and
   * actions not yet answered) passes its share or the server's; true when it did.
   */
  private heldTooMuch(): boolean {
    if (this.hub.argumentBytesHeldBy(this) > MAX_HELD_ARGUMENT_BYTES) {
      this.fail(`queries and requests holding more than ${MAX_HELD_ARGUMENT_BYTES} bytes of arguments in all`);
      return true;
    }
    // Past what all may hold, the heaviest holder goes, not whoever added the last bytes: a few
    // heavy connections could otherwise keep every newcomer out.
    while (this.hub.heldArgumentBytes > MAX_HELD_ARGUMENT_BYTES_ALL_CONNECTIONS) {
      const heaviest = this.hub.heaviestArgumentHolder();
      if (heaviest === undefined) break;
      heaviest.evict(
        `all connections' queries and requests hold more than ${MAX_HELD_ARGUMENT_BYTES_ALL_CONNECTIONS} bytes of arguments, this one the most`,
      );
    }
    return this.closed;
  }

  private async handle(message: ClientMessage): Promise<void> {
    if (this.closed) return;
    switch (message.type) {
      case "Connect":
        this.clientSessionId = message.sessionId;
        return;
      case "Event":
        return;
      case "ModifyQuerySet":
        return this.modifyQuerySet(message);
      case "Authenticate":
        return await this.authenticate(message);
      case "Mutation":
        return this.mutate(message.requestId, canonicalUdfPath(message.udfPath), message.args[0] ?? {}, message);
      case "Action":
        return this.act(message.requestId, canonicalUdfPath(message.udfPath), message.args[0] ?? {}, message);
    }
  }

  private modifyQuerySet(message: Extract<ClientMessage, { type: "ModifyQuerySet" }>): void {
    if (message.baseVersion !== this.querySetVersion || message.newVersion <= message.baseVersion) {
      this.fail(`query set version ${message.baseVersion} does not follow ${this.querySetVersion}`);
      return;
    }
    for (const modification of message.modifications) {
      if (modification.type === "Add") this.subscribe(modification);
      else this.unsubscribe(modification.queryId);
    }
    if (this.subscriptions.size > MAX_HELD_SUBSCRIPTIONS) {
      this.fail(`more than ${MAX_HELD_SUBSCRIPTIONS} queries subscribed`);
      return;
    }
    if (this.heldTooMuch()) return;
    // Past the limit the newest queries fail; removing others lets them run again.
    let count = 0;
    for (const subscription of this.subscriptions.values()) {
      subscription.overLimit = ++count > MAX_SUBSCRIPTIONS_PER_CONNECTION;
    }
    this.querySetVersion = message.newVersion;
    this.hub.requestTick();
  }

  private unsubscribe(queryId: number): void {
    const subscription = this.subscriptions.get(queryId);
    if (subscription === undefined) return;
    this.holdArguments(-subscription.argumentBytes);
    this.subscriptions.delete(queryId);
  }

  private subscribe(add: AddQuery): void {
    const udfPath = canonicalUdfPath(add.udfPath);
    const args = add.args[0] ?? {};
    const journal = add.journal ?? null;
    this.unsubscribe(add.queryId); // a re-added id counts as the newest
    const { refusal, heldBytes } = admitted(add, udfPath, args);
    // A refused query never runs, so its arguments are not kept; the others count against
    // MAX_HELD_ARGUMENT_BYTES and, with every connection's, MAX_HELD_ARGUMENT_BYTES_ALL_CONNECTIONS.
    const argumentBytes = refusal === null ? heldBytes + (journal?.length ?? 0) : 0;
    this.holdArguments(argumentBytes);
    this.subscriptions.set(add.queryId, {
      argumentBytes,
      queryId: add.queryId,
      udfPath,
      args: refusal === null ? args : null,
      journal,
      argumentsRefusal: refusal,
      overLimit: false,
    });
  }

  private async authenticate(message: Extract<ClientMessage, { type: "Authenticate" }>): Promise<void> {
    const refusal = await this.caller.authenticate(message);
    if (refusal !== null) {
      // The client fetches a new token (or gives up on signing in) and reconnects.
      // A client refused its admin key goes on without it; the CLI then finds its system
      // queries refused (SYSTEM_QUERY_REFUSAL) and stops with that message.
      this.send({ type: "AuthError", error: refusal, baseVersion: message.baseVersion, authUpdateAttempted: true });
      this.close(1000, "AuthError");
      return;
    }
    this.hub.requestTick();
  }

  /** The token expired while connected: the client is told to fetch a fresh one. */
  private tokenExpired(version: number): void {
    this.send({ type: "AuthError", error: "Token expired", baseVersion: version - 1, authUpdateAttempted: false });
    this.close(1000, "AuthError");
  }

  private mutate(requestId: number, udfPath: string, args: JSONValue, target: { componentPath?: string }): void {
    const { identity, access } = this.caller;
    // Mutations run one at a time, so those waiting hold their arguments: counted like a query's.
    const { refusal, heldBytes: held } = admitted(target, udfPath, args);
    this.holdArguments(held);
    if (this.heldTooMuch()) return;
    this.mutationsInFlight++;
    this.mutations = this.mutations.then(async () => {
      if (this.closed) return;
      try {
        if (refusal !== null) {
          this.sendFailure("MutationResponse", requestId, { message: refusal });
          return;
        }
        const result = await this.engine.runMutation(udfPath, args, identity, access, this.requestKey(requestId));
        // runMutation resolves after its commit was announced, so this version includes it.
        const ts = this.hub.currentVersion;
        this.send({ type: "MutationResponse", requestId, success: true, result, ts: encodeTs(ts), logLines: [] });
        this.pendingMutationTs = Math.max(this.pendingMutationTs ?? 0, ts);
        this.hub.requestTick();
      } catch (error) {
        this.sendFailure("MutationResponse", requestId, failureOf(error, `mutation ${udfPath}`, this.log));
      } finally {
        this.mutationsInFlight--;
        this.pendingRequests--;
        this.holdArguments(-held);
      }
    });
  }

  /** The client's session and request id, and who sent it (a session id alone is no credential). */
  private requestKey(requestId: number): string | undefined {
    if (this.clientSessionId === null) return undefined;
    const { identity } = this.caller;
    return JSON.stringify([this.clientSessionId, requestId, identity?.tokenIdentifier ?? null]);
  }

  private act(requestId: number, udfPath: string, args: JSONValue, target: { componentPath?: string }): void {
    const { refusal, heldBytes: held } = admitted(target, udfPath, args);
    if (refusal !== null) {
      this.pendingRequests--;
      this.sendFailure("ActionResponse", requestId, { message: refusal });
      return;
    }
    this.holdArguments(held);
    if (this.heldTooMuch()) return;
    const { identity, access } = this.caller;
    const running = this.engine
      .runAction(udfPath, args, identity, access)
      .then(
        (result) => this.send({ type: "ActionResponse", requestId, success: true, result, logLines: [] }),
        (error: unknown) =>
          this.sendFailure("ActionResponse", requestId, failureOf(error, `action ${udfPath}`, this.log)),
      )
      .finally(() => {
        this.pendingRequests--;
        this.holdArguments(-held);
        this.actionsRunning.delete(running);
      });
    this.actionsRunning.add(running);
  }

  private sendFailure(type: "MutationResponse" | "ActionResponse", requestId: number, failure: Failure): void {
    this.send({
      type,
      requestId,
      success: false,
      result: failure.message,
      logLines: [],
      ...(failure.data !== undefined ? { errorData: failure.data } : {}),
    });
  }

  plan(): ClientPlan {
    return {
      querySet: this.querySetVersion,
      identity: this.caller.version,
      queries: this.plannedQueries(),
      // The commit of a running mutation starts a tick before its response is sent.
      waiting: this.pendingMutationTs !== null || this.mutationsInFlight > 0,
      unread: this.socket.unread?.() ?? false,
    };
  }

  /**
   * The subscriptions as the hub runs them; made again only when the query set, the identity or
   * a pagination journal changed, since the hub asks every connection on every commit.
   */
  private plannedQueries(): PlannedQuery[] {
    const made = this.planned;
    if (
      made !== null &&
      made.querySet === this.querySetVersion &&
      made.identity === this.caller.version &&
      made.identityKey === this.caller.key &&
      made.journalChanges === this.journalChanges
    ) {
      return made.queries;
    }
    const queries = [...this.subscriptions.values()].map((subscription): PlannedQuery => {
      const { queryId, udfPath, args, journal } = subscription;
      const system = isSystemQuery(udfPath);
      const refusal = subscription.overLimit
        ? TOO_MANY
        : system && this.caller.access !== "internal"
          ? SYSTEM_QUERY_REFUSAL
          : subscription.argumentsRefusal;
      return {
        queryId,
        udfPath,
        args: refusal === null ? args : null,
        journal: refusal === null ? journal : null,
        identity: this.caller.identity,
        identityKey: this.caller.key,
        key: refusal === null ? queryKey(udfPath, args, this.caller.key, journal) : refusedQueryKey(udfPath, refusal),
        refusal,
        access: this.caller.access,
        system: system && this.caller.access === "internal",
      };
    });
    this.planned = {
      querySet: this.querySetVersion,
      identity: this.caller.version,
      identityKey: this.caller.key,
      journalChanges: this.journalChanges,
      queries,
    };
    return queries;
  }

  deliver(plan: ClientPlan, version: number, outcomeOf: (key: string) => QueryOutcome | undefined): void {
    if (this.closed) return;
    // Modifications as JSON text: a result's text is made once (its fingerprint) and shared by
    // every connection that receives it, however many there are.
    const modifications: string[] = [];
    const planned = new Set<number>();
    for (const query of plan.queries) {
      planned.add(query.queryId);
      const outcome = outcomeOf(query.key);
      if (outcome === undefined) continue;
      const subscription = this.subscriptions.get(query.queryId);
      // The latest run's journal replaces the last one, even none (a run that failed or did not
      // paginate), as on Convex: the client stores what it is sent.
      if (subscription !== undefined && outcome.journal !== subscription.journal) {
        subscription.journal = outcome.journal;
        this.journalChanges++;
      }
      if (this.sentFingerprints.get(query.queryId) === outcome.fingerprint) continue;
      this.sentFingerprints.set(query.queryId, outcome.fingerprint);
      modifications.push(`{"queryId":${query.queryId},${outcome.fingerprint.slice(1)}`);
    }
    for (const queryId of this.sentFingerprints.keys()) {
      if (planned.has(queryId)) continue;
      this.sentFingerprints.delete(queryId);
      const removed: StateModification = { type: "QueryRemoved", queryId };
      modifications.push(JSON.stringify(removed));
    }
    const mutationDue = this.pendingMutationTs !== null && this.pendingMutationTs <= version;
    const unchanged =
      modifications.length === 0 && plan.querySet === this.sent.querySet && plan.identity === this.sent.identity;
    if (unchanged && !mutationDue) return;
    const endVersion = { querySet: plan.querySet, ts: Math.max(this.sent.ts, version), identity: plan.identity };
    // The message of type "Transition" in protocol.ts, written out.
    this.sendText(
      `{"type":"Transition","startVersion":${JSON.stringify(encodeVersion(this.sent))},` +
        `"endVersion":${JSON.stringify(encodeVersion(endVersion))},"modifications":[${modifications.join(",")}]}`,
    );
    this.sent = endVersion;
    if (mutationDue) this.pendingMutationTs = null;
  }

  private send(message: ServerMessage): void {
    this.sendText(JSON.stringify(message));
  }

  private sendText(text: string): void {
    if (this.closed) return;
    try {
      this.socket.send(text);
    } catch (error) {
      this.log(`sync: sending failed: ${String(error)}`);
    }
  }

  /** A protocol violation: the client reconnects and starts over. */
  private fail(reason: string): void {
    this.log(`sync: closing a connection: ${reason}`);
    this.close(1011, `InternalServerError: ${reason}`.slice(0, 120));
  }

  private close(code: number, reason: string): void {
    if (this.closed) return;
    this.socket.close(code, reason);
    this.dispose();
  }
}

const TOO_MANY = tooManySubscriptionsMessage();

/** A component's function named from outside (`npx convex data --component …`): not served here. */
function componentRefusal(target: { componentPath?: string }): string | null {
  return target.componentPath === undefined || target.componentPath === "" ? null : COMPONENT_CALL_REFUSAL;
}

/**
 * Whether a call may run: Convex's message when it names a component or its `args` break a value
 * limit (checked before any work), else the memory its arguments are counted as holding (their
 * size plus HELD_BYTES_PER_VALUE a value).
 */
function admitted(
  target: { componentPath?: string },
  udfPath: string,
  args: JSONValue,
): { refusal: string; heldBytes: 0 } | { refusal: null; heldBytes: number } {
  const refusal = componentRefusal(target);
  if (refusal !== null) return { refusal, heldBytes: 0 };
  try {
    const { bytes, values } = checkArguments(udfPath, args);
    return { refusal: null, heldBytes: bytes + values * HELD_BYTES_PER_VALUE };
  } catch (error) {
    if (error instanceof ValueLimitError) return { refusal: error.message, heldBytes: 0 };
    throw error;
  }
}
