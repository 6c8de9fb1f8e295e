/**
 * A mutation the client sends again (same session and request id, after a reconnect or a
 * restart) runs once, as on Convex: a resend of one that committed gets the recorded result, and
 * one that did not commit runs. The outcome is recorded in the mutation's own commit, so it
 * survives a kill and a compaction with the writes (issue 10, item 8).
 */
import { afterEach, describe, expect, it } from "vitest";
import { MAX_REQUEST_OUTCOMES, RequestOutcomes } from "../../local-backend/engine/request-outcomes";
import type { Engine } from "../../local-backend/engine/types";
import { fixtureEngine, listNotes, removeTemporaryDataDirs, temporaryDataDir } from "./engine-test-env";

const engines: Engine[] = [];

async function open(dataDir: string): Promise<Engine> {
  const engine = await fixtureEngine(dataDir);
  engines.push(engine);
  return engine;
}

afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  removeTemporaryDataDirs();
});

const add = (engine: Engine, text: string, key?: string) =>
  engine.runMutation("notes:add", { text }, null, "public", key);

describe("a mutation sent again with the same request key", () => {
  it("answers the resend with the first result and writes once", async () => {
    const engine = await open(temporaryDataDir());
    const first = await add(engine, "swap on Saturday", "session-1:7");
    const again = await add(engine, "swap on Saturday", "session-1:7");
    expect(again).toBe(first);
    expect((await listNotes(engine)).map((note) => note.text)).toEqual(["swap on Saturday"]);
    // Another request (or none) runs as usual.
    await add(engine, "swap on Saturday", "session-1:8");
    await add(engine, "swap on Saturday");
    expect(await listNotes(engine)).toHaveLength(3);
  });

  it("runs once when the resend arrives while the first attempt is still running", async () => {
    const engine = await open(temporaryDataDir());
    const [first, second] = await Promise.all([add(engine, "twice?", "s:1"), add(engine, "twice?", "s:1")]);
    expect(second).toBe(first);
    expect(await listNotes(engine)).toHaveLength(1);
  });

  it("keeps the outcome across a restart: a resend to the next backend does not write again", async () => {
    const dataDir = temporaryDataDir();
    const before = await open(dataDir);
    const id = await add(before, "committed, answer lost", "session-2:1");
    await before.close();

    const after = await open(dataDir);
    await expect(add(after, "committed, answer lost", "session-2:1")).resolves.toBe(id);
    expect(await listNotes(after)).toHaveLength(1);
  });

  it("keeps the outcome across a compaction of the log into the snapshot", async () => {
    const dataDir = temporaryDataDir();
    const before = await open(dataDir);
    const id = await add(before, "compacted", "session-3:1");
    await before.compact();
    await add(before, "after the snapshot", "session-3:2");
    await before.close();

    const after = await open(dataDir);
    await expect(add(after, "compacted", "session-3:1")).resolves.toBe(id);
    await add(after, "after the snapshot", "session-3:2");
    expect((await listNotes(after)).map((note) => note.text)).toEqual(["compacted", "after the snapshot"]);
  });

  it("runs a resend of a mutation that failed, since nothing of it was committed", async () => {
    const engine = await open(temporaryDataDir());
    await expect(add(engine, "   ", "session-4:1")).rejects.toThrow();
    // The same request id cannot carry other arguments from a real client; a failed attempt
    // simply is not remembered.
    await expect(engine.runMutation("notes:add", { text: "   " }, null, "public", "session-4:1")).rejects.toThrow();
    await expect(add(engine, "second try", "session-4:2")).resolves.toEqual(expect.any(String));
    expect(await listNotes(engine)).toHaveLength(1);
  });

  it("records the top-level result when the mutation calls another one", async () => {
    const engine = await open(temporaryDataDir());
    const first = await engine.runMutation("notes:addTwice", { text: "nested" }, null, "public", "session-5:1");
    const again = await engine.runMutation("notes:addTwice", { text: "nested" }, null, "public", "session-5:1");
    expect(again).toEqual(first);
    expect(await listNotes(engine)).toHaveLength(2);
  });

  it("forgets the oldest outcomes past the limit, so memory stays bounded", async () => {
    const outcomes = new RequestOutcomes();
    for (let index = 0; index <= MAX_REQUEST_OUTCOMES; index++) outcomes.record(`key ${index}`, index);
    expect(outcomes.entries()).toHaveLength(MAX_REQUEST_OUTCOMES);
    let ran = 0;
    const run = async () => ++ran;
    await expect(outcomes.once(`key ${MAX_REQUEST_OUTCOMES}`, run)).resolves.toBe(MAX_REQUEST_OUTCOMES);
    await expect(outcomes.once("key 0", run)).resolves.toBe(1);
    expect(ran).toBe(1);
  });
});
