/**
 * The sync server's QueryHub on a real engine, with stand-in connections that count what they are
 * given: a commit re-runs and delivers only to the connections whose results it can change, and
 * passes over the rest (a presence heartbeat among 1,000 readers must not cost each a delivery).
 */
import type { JSONValue } from "convex/values";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Engine } from "../../local-backend/engine/types";
import {
  queryKey,
  QueryHub,
  type ClientPlan,
  type HubClient,
  type QueryOutcome,
} from "../../local-backend/server/sync/query-hub";
import { fixtureEngine, removeTemporaryDataDirs } from "./engine-test-env";

/** A connection subscribed to one query as anonymous, counting deliveries and what they carried. */
class CountingClient implements HubClient {
  deliveries: unknown[] = [];
  waiting = false;

  constructor(
    private readonly udfPath: string,
    private readonly args: JSONValue,
  ) {}

  plan(): ClientPlan {
    const key = queryKey(this.udfPath, this.args, "anonymous", null);
    const query = {
      queryId: 0,
      udfPath: this.udfPath,
      args: this.args,
      journal: null,
      identity: null,
      identityKey: "anonymous",
      key,
    };
    return { querySet: 1, identity: 0, queries: [query], waiting: this.waiting };
  }

  deliver(plan: ClientPlan, _version: number, outcomeOf: (key: string) => QueryOutcome | undefined): void {
    const modification = outcomeOf(plan.queries[0]!.key)?.modification;
    this.deliveries.push(modification?.type === "QueryUpdated" ? modification.value : modification);
  }
}

/** A connection subscribed to `count` queries of a function that does not exist: every run fails. */
class FailingQueriesClient implements HubClient {
  deliveries = 0;

  constructor(private readonly count: number) {}

  plan(): ClientPlan {
    const queries = Array.from({ length: this.count }, (_, queryId) => {
      const args = { queryId };
      return {
        queryId,
        udfPath: "notes:noSuchQuery",
        args,
        journal: null,
        identity: null,
        identityKey: "anonymous",
        key: queryKey("notes:noSuchQuery", args, "anonymous", null),
      };
    });
    return { querySet: 1, identity: 0, queries, waiting: false };
  }

  deliver(): void {
    this.deliveries += 1;
  }
}

let engine: Engine;
let hub: QueryHub;
beforeEach(async () => {
  engine = await fixtureEngine();
  hub = new QueryHub(engine, () => undefined);
});
afterEach(async () => {
  await hub.close();
  await engine.close();
  removeTemporaryDataDirs();
});

async function settled(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await hub.idle();
}

describe("QueryHub", () => {
  it("delivers to every connection once, then only to those a commit can change", async () => {
    const notesReader = new CountingClient("notes:list", {});
    const itemsReader = new CountingClient("items:inRange", {
      group: "a",
      lower: { rank: 0, inclusive: true },
      upper: { rank: 10, inclusive: true },
      order: "asc",
    });
    hub.add(notesReader);
    hub.add(itemsReader);
    hub.requestTick();
    await settled();
    expect([notesReader.deliveries.length, itemsReader.deliveries.length]).toEqual([1, 1]);

    // A note: the notes reader gets it; the items reader is passed over.
    await engine.runMutation("notes:add", { text: "hello" }, null);
    await settled();
    expect(notesReader.deliveries).toHaveLength(2);
    expect(itemsReader.deliveries).toHaveLength(1);

    // An item outside the range read: nobody is given anything.
    await engine.runMutation("items:put", { group: "b", rank: 1 }, null);
    await settled();
    expect([notesReader.deliveries.length, itemsReader.deliveries.length]).toEqual([2, 1]);

    // Inside it: only the items reader.
    await engine.runMutation("items:put", { group: "a", rank: 5 }, null);
    await settled();
    expect([notesReader.deliveries.length, itemsReader.deliveries.length]).toEqual([2, 2]);
  });

  it("still serves a connection whose mutation waits, even when its results did not change", async () => {
    const writer = new CountingClient("notes:list", {});
    hub.add(writer);
    hub.requestTick();
    await settled();
    writer.waiting = true;
    await engine.runMutation("items:put", { group: "b", rank: 1 }, null);
    await settled();
    expect(writer.deliveries).toHaveLength(2);
  });

  it("answers a connection with more failing queries than one tick runs, and then rests until a commit", async () => {
    const failing = new FailingQueriesClient(200);
    hub.add(failing);
    hub.requestTick();
    // Failed runs used to count as stale at once, so the first 64 ran again every tick, forever.
    await settled();
    expect(failing.deliveries).toBe(1);
    await engine.runMutation("notes:add", { text: "something changed" }, null);
    await settled();
    expect(failing.deliveries).toBe(2);
  });
});
