/** Reads are not blocked by writes: a query started during a long mutation answers from the last commit. */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Engine } from "../../local-backend/engine/types";
import { fixtureEngine, listNotes, removeTemporaryDataDirs } from "./engine-test-env";

let engine: Engine;
beforeAll(async () => {
  engine = await fixtureEngine();
});
afterAll(async () => {
  await engine.close();
  removeTemporaryDataDirs();
});

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("answers a query started during a long mutation at once, from the last committed state", async () => {
  await engine.runMutation("notes:add", { text: "committed before" }, null);
  const storageId = await engine.storeFile(new Blob(["x".repeat(64 * 1024)], { type: "text/plain" }));

  let mutationDone = false;
  const mutation = engine
    .runMutation("runtime:writeThenReadFile", { storageId, reads: 400 }, null)
    .then(() => (mutationDone = true));
  await delay(20);
  expect(mutationDone).toBe(false);

  const whileItRuns = await listNotes(engine);
  expect(mutationDone).toBe(false);
  expect(whileItRuns.map((note) => note.text)).toEqual(["committed before"]);

  await mutation;
  expect((await listNotes(engine)).map((note) => note.text)).toEqual([
    "committed before",
    "written by the long mutation",
  ]);
});

it("keeps queries apart from each other and from mutations when many run at once", async () => {
  const writes = Array.from({ length: 20 }, (_, n) => engine.runMutation("notes:add", { text: `burst ${n}` }, null));
  const reads = Array.from({ length: 20 }, () => listNotes(engine));
  const counts = (await Promise.all(reads)).map((notes) => notes.length);
  await Promise.all(writes);
  // Each read saw some committed prefix of the burst, never a half-applied write.
  for (const count of counts) expect(count).toBeGreaterThanOrEqual(2);
  expect((await listNotes(engine)).length).toBe(22);
});
