/**
 * Engine.traceMutations (what `npm run bench:contention` counts conflicts from) and whether a
 * query run read auth (what `npm run bench:invalidation` shares runs by).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DocumentWrite } from "../../local-backend/engine/read-set";
import type { Engine, MutationTrace } from "../../local-backend/engine/types";
import { fixtureEngine, removeTemporaryDataDirs } from "./engine-test-env";

let engine: Engine;
beforeAll(async () => {
  engine = await fixtureEngine();
});
afterAll(async () => {
  await engine.close();
  removeTemporaryDataDirs();
});

function tracing(): { traces: MutationTrace[]; stop: () => void } {
  const traces: MutationTrace[] = [];
  const stop = engine.traceMutations?.((trace) => traces.push(trace));
  if (stop === undefined) throw new Error("the local engine traces mutations");
  return { traces, stop };
}

it("records nothing while no one traces", async () => {
  const { traces, stop } = tracing();
  stop();
  await engine.runMutation("items:put", { group: "quiet", rank: 1 }, null);
  expect(traces).toEqual([]);
});

it("tells each mutation's index reads and writes, in commit order", async () => {
  const { traces, stop } = tracing();
  const first = (await engine.runMutation("items:putAndCount", { group: "g", rank: 1 }, null)) as { id: string };
  await engine.runMutation("items:put", { group: "other", rank: 1 }, null);
  stop();
  expect(traces.map(({ udfPath }) => udfPath)).toEqual(["items:putAndCount", "items:put"]);
  const [counting, putting] = traces as [MutationTrace, MutationTrace];
  expect(counting.writes.map(({ id }) => id)).toEqual([first.id]);
  expect(counting.commitSequence).toBeLessThan(putting.commitSequence ?? 0);
  // putAndCount read group "g" through the index: a later insert into "g" overlaps, one into "other" does not.
  const [otherInsert] = putting.writes;
  expect(otherInsert).toBeDefined();
  expect(counting.readSet.isAffectedBy(otherInsert!)).toBe(false);
  const sameGroup = { ...otherInsert!, after: { ...otherInsert!.after!, group: "g" } };
  expect(counting.readSet.isAffectedBy(sameGroup)).toBe(true);
  // A blind insert reads at most its own new document: another mutation's writes never overlap it.
  expect(counting.writes.some((write) => putting.readSet.isAffectedBy(write))).toBe(false);
});

it("tells a failed mutation's reads, with no writes", async () => {
  const id = (await engine.runMutation("items:put", { group: "gone" }, null)) as string;
  await engine.runMutation("items:remove", { id }, null);
  const { traces, stop } = tracing();
  // Replacing a deleted document fails inside the mutation, after reading it.
  await expect(engine.runMutation("items:move", { id, group: "x" }, null)).rejects.toThrow();
  stop();
  expect(traces).toHaveLength(1);
  expect(traces[0]).toMatchObject({ udfPath: "items:move", failed: true, writes: [], commitSequence: null });
  expect(traces[0]!.readSet.tables.has("items")).toBe(true);
});

it("tells whether a direct query run read auth", async () => {
  const asking = await engine.runQueryTrackingReads("notes:identity", {}, null);
  const notAsking = await engine.runQueryTrackingReads("items:inRange", { group: "g", order: "asc" }, null);
  expect(asking.readSet).toMatchObject({ readsAuth: true, readsAuthKnown: true });
  expect(notAsking.readSet).toMatchObject({ readsAuth: false, readsAuthKnown: true });
});

it("records a query after a write in the same mutation as its index range, not every document scanned", async () => {
  // convex-test answers such a query by scanning the whole table; Convex reads only the range.
  const elsewhere = (await engine.runMutation("items:put", { group: "elsewhere", rank: 1 }, null)) as string;
  const { traces, stop } = tracing();
  await engine.runMutation("items:putAndCount", { group: "mine", rank: 1 }, null);
  stop();
  const [counting] = traces as [MutationTrace];
  expect(counting.readSet.tables.has("items")).toBe(true);
  const writes: DocumentWrite[] = [];
  const stopListening = engine.onCommit((info) => writes.push(...info.writes));
  // Moving a document of another group (a patch of a row someone else owns) is no conflict …
  await engine.runMutation("items:move", { id: elsewhere, group: "elsewhere", rank: 2 }, null);
  // … a document joining the group the mutation counted is.
  await engine.runMutation("items:put", { group: "mine", rank: 2 }, null);
  stopListening();
  const [moved, joined] = writes as [DocumentWrite, DocumentWrite];
  expect(moved.id).toBe(elsewhere);
  expect(counting.readSet.isAffectedBy(moved)).toBe(false);
  expect(counting.readSet.isAffectedBy(joined)).toBe(true);
});
