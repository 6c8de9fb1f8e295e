/**
 * A client that stops reading is passed over (issue 34, the 200/50 measurement): once what it was
 * sent has not all gone to the operating system for a second (PASS_OVER_UNREAD_AFTER_MS), the
 * query hub runs nothing and sends nothing for it until it has, then gives it what is current in
 * one Transition. So it holds about a second's Transitions in the server's memory however many
 * commits pass, instead of one per commit up to the caps, and the readers' queries are not slowed
 * by runs for it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../local-backend/engine/types";
import {
  queryKey,
  QueryHub,
  type ClientPlan,
  type HubClient,
  type QueryOutcome,
} from "../../local-backend/server/sync/query-hub";
import { PASS_OVER_UNREAD_AFTER_MS } from "../../local-backend/server/sync/connection-limits";
import type { LocalBackend } from "../../local-backend/server/start-server";
import { fixtureBackend, fixtureEngine, removeTemporaryDataDirs } from "./engine-test-env";
import { notesListLengths, subscribeToNotes } from "./notes-sync-client";

/** A stand-in connection subscribed to notes:list, which can say it has not read its last sends. */
class PausableClient implements HubClient {
  deliveries: unknown[][] = [];
  unread = false;

  plan(): ClientPlan {
    const key = queryKey("notes:list", {}, "anonymous", null);
    const query = {
      queryId: 0,
      udfPath: "notes:list",
      args: {},
      journal: null,
      identity: null,
      identityKey: "anonymous",
      key,
    };
    return { querySet: 1, identity: 0, queries: [query], waiting: false, unread: this.unread };
  }

  deliver(plan: ClientPlan, _version: number, outcomeOf: (key: string) => QueryOutcome | undefined): void {
    const modification = outcomeOf(plan.queries[0]!.key)?.modification;
    this.deliveries.push(modification?.type === "QueryUpdated" ? (modification.value as unknown[]) : []);
  }
}

describe("QueryHub and a connection that does not read", () => {
  let engine: Engine;
  let hub: QueryHub;
  beforeAll(async () => {
    engine = await fixtureEngine();
    hub = new QueryHub(engine, () => undefined);
  });
  afterAll(async () => {
    await hub.close();
    await engine.close();
    removeTemporaryDataDirs();
  });
  const settled = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    await hub.idle();
  };

  it("runs and sends nothing for it while it has not read, then sends what is current once", async () => {
    const reader = new PausableClient();
    const stalled = new PausableClient();
    hub.add(reader);
    hub.add(stalled);
    hub.requestTick();
    await settled();
    expect([reader.deliveries.length, stalled.deliveries.length]).toEqual([1, 1]);

    stalled.unread = true;
    const runs: string[] = [];
    const run = engine.runQueryTrackingReads.bind(engine);
    engine.runQueryTrackingReads = async (udfPath, ...rest) => {
      runs.push(udfPath);
      return await run(udfPath, ...rest);
    };
    for (let note = 0; note < 5; note++) {
      await engine.runMutation("notes:add", { text: `note ${note}` }, null);
      await settled();
    }
    // The reader got every note; the stalled connection nothing, and cost no run of its own.
    expect(reader.deliveries).toHaveLength(6);
    expect(stalled.deliveries).toHaveLength(1);
    expect(runs).toHaveLength(5);

    // It reads again (its socket asks for a tick): one delivery, with all five notes.
    stalled.unread = false;
    hub.requestTick();
    await settled();
    expect(stalled.deliveries).toHaveLength(2);
    expect(stalled.deliveries[1]).toHaveLength(reader.deliveries[5]!.length);
  });
});

describe("a client that stops reading on a running backend", () => {
  let backend: LocalBackend;
  let logLines: string[];

  beforeAll(async () => {
    ({ backend, logLines } = await fixtureBackend());
  }, 60_000);

  afterAll(async () => {
    await backend?.close();
    removeTemporaryDataDirs();
  });

  it("holds no pile of Transitions for it, is not dropped, and catches up in one when it reads", async () => {
    const { socket, messages, closed } = await subscribeToNotes(backend.url, "pass-over");
    socket.pause();

    // 60 notes of 100 KB: served each one, the client would be owed 60 lists of up to 6 MB
    // (~180 MB), far past the 8 MiB a connection may have waiting.
    // The first ten fill the kernel's buffers; a second later it counts as not reading.
    const text = "n".repeat(100_000);
    const notes = 60;
    for (let note = 0; note < notes; note++) {
      if (note === 10) await new Promise((resolve) => setTimeout(resolve, PASS_OVER_UNREAD_AFTER_MS + 500));
      await backend.engine.runMutation("notes:add", { text: `${note} ${text}` }, null);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(logLines.filter((line) => line.includes("dropping"))).toEqual([]);
    expect(closed()).toBe(false);

    socket.resume();
    const lengths = () => notesListLengths(messages);
    await expect.poll(() => lengths().at(-1), { timeout: 20_000 }).toBe(notes);
    // Those it had been sent before it stalled fully, and then the current list: far fewer than 60.
    expect(lengths().length).toBeLessThan(notes / 2);
    expect(closed()).toBe(false);
    socket.terminate();
  }, 120_000);
});
