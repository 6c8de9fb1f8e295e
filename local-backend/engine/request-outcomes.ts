/**
 * Exactly-once mutations across reconnects and restarts, as on Convex: the official client
 * resends a mutation it got no answer for (same session id, same request id) when it reconnects.
 * If the first attempt committed before the answer was lost (a kill, a dropped connection), the
 * resend must get the recorded result instead of running again.
 *
 * The outcome is recorded in the mutation's own commit (its log record carries the request key and
 * the result), so it is durable exactly when the writes are: a mutation that did not commit has no
 * outcome and runs again. Only the most recent outcomes are kept (a client resends within seconds
 * of reconnecting, not days later).
 */
import { SharedAsyncLocalStorage } from "./shared-async-context";
import { convexToJson, type JSONValue, type Value } from "convex/values";

/** Outcomes kept, newest last; the oldest go first. */
export const MAX_REQUEST_OUTCOMES = 10_000;

/** What the commit of a keyed mutation carries into its log record. */
export type RequestOutcome = { key: string; result: JSONValue };

/** The keyed mutation running in this async context; its top-level handler fills in the result. */
type RequestSlot = { key: string; claimed: boolean; result?: JSONValue };

const currentRequest = new SharedAsyncLocalStorage<RequestSlot>();

/** Runs `call` (one mutation) as the request `key`. */
export function runAsRequest<T>(key: string, call: () => Promise<T>): Promise<T> {
  return currentRequest.run({ key, claimed: false }, call);
}

/**
 * Called as a mutation's handler starts. The first handler of a keyed request is its top-level
 * function (a mutation it calls starts later): it gets the function to report its result with.
 */
export function claimRequest(): ((result: unknown) => void) | null {
  const slot = currentRequest.getStore();
  if (slot === undefined || slot.claimed) return null;
  slot.claimed = true;
  return (result) => {
    slot.result = result === undefined ? null : convexToJson(result as Value);
  };
}

/** The outcome the commit being recorded now belongs to, if it is a keyed mutation's. */
export function outcomeOfCurrentCommit(): RequestOutcome | null {
  const slot = currentRequest.getStore();
  return slot?.result === undefined ? null : { key: slot.key, result: slot.result };
}

/** The recorded outcomes, in the order they committed. */
export class RequestOutcomes {
  private readonly outcomes = new Map<string, JSONValue>();
  /** Keyed mutations running now: a resend that arrives meanwhile waits for the first attempt. */
  private readonly running = new Map<string, Promise<JSONValue>>();

  constructor(recorded: Iterable<[string, JSONValue]> = []) {
    for (const [key, result] of recorded) this.record(key, result);
  }

  record(key: string, result: JSONValue): void {
    this.outcomes.delete(key);
    this.outcomes.set(key, result);
    if (this.outcomes.size > MAX_REQUEST_OUTCOMES) {
      const oldest = this.outcomes.keys().next();
      if (oldest.done !== true) this.outcomes.delete(oldest.value);
    }
  }

  /**
   * Runs the keyed mutation once: a key already recorded answers with its result, a key running
   * now with that run's outcome, otherwise `run` runs.
   */
  async once(key: string, run: () => Promise<JSONValue>): Promise<JSONValue> {
    if (this.outcomes.has(key)) return this.outcomes.get(key) as JSONValue;
    const running = this.running.get(key);
    if (running !== undefined) return await running;
    const attempt = run();
    this.running.set(key, attempt);
    try {
      return await attempt;
    } finally {
      this.running.delete(key);
    }
  }

  entries(): [string, JSONValue][] {
    return [...this.outcomes];
  }
}
