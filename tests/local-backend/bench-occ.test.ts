/** The OCC count of `npm run bench:contention` (scripts/bench-contention/occ.ts), on hand-made read and write sets. */
import { expect, it } from "vitest";
import { ReadSet, type DocumentWrite } from "../../local-backend/engine/read-set";
import { simulateOcc, type Attempt } from "../../scripts/bench-contention/occ";

const doc = (id: string, fields: Record<string, unknown> = {}) =>
  ({ _id: id, _creationTime: 1, ...fields }) as unknown as NonNullable<DocumentWrite["after"]>;

/** Reads `readIds` by id, patches `patchId` (when given) and inserts `insertId` (when given). */
function attempt(readIds: string[], patchId?: string, insertId?: string): Attempt {
  const readSet = new ReadSet();
  readIds.forEach((id) => readSet.readId(id));
  const writes: DocumentWrite[] = [];
  if (patchId !== undefined) writes.push({ id: patchId, before: doc(patchId), after: doc(patchId, { n: 1 }) });
  if (insertId !== undefined) writes.push({ id: insertId, before: null, after: doc(insertId) });
  return { readSet, writes };
}

it("counts no conflict when the mutations touch nothing in common", () => {
  const result = simulateOcc([attempt(["1posts"], undefined, "1likes"), attempt(["1posts"], undefined, "2likes")]);
  expect(result).toMatchObject({ conflicts: 0, retries: 0, worst: 0, rounds: 1 });
});

it("serializes writers of one document: n of them retry 0 + 1 + … + (n − 1) times", () => {
  const result = simulateOcc([1, 2, 3, 4].map(() => attempt(["1posts"], "1posts")));
  // Round 1: the first commits, three conflict; round 2: one commits, two conflict; …
  expect(result).toMatchObject({ mutations: 4, conflicts: 3, retries: 6, worst: 3, rounds: 4 });
  expect(result.conflictsByTable.get("posts")).toBe(6);
});

it("counts a patch as a read of the document it changes", () => {
  const result = simulateOcc([attempt([], "1counters"), attempt([], "1counters")]);
  expect(result).toMatchObject({ conflicts: 1, retries: 1 });
});
