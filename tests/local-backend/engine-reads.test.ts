import type { JSONValue } from "convex/values";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Engine } from "../../local-backend/engine/types";
import { fixtureEngine, removeTemporaryDataDirs } from "./engine-test-env";

let engine: Engine;
beforeAll(async () => {
  engine = await fixtureEngine();
  await engine.runMutation("items:put", { group: "a", rank: 1 }, null);
  await engine.runMutation("notes:add", { text: "hello" }, null);
});
afterAll(async () => {
  await engine.close();
  removeTemporaryDataDirs();
});

const tablesOf = async (udfPath: string, args: JSONValue = {}) =>
  [...(await engine.runQueryTrackingReads(udfPath, args, null)).tablesRead].sort();

it("tells the tables a query read through an index, a scan and a paginated query", async () => {
  expect(await tablesOf("items:inRange", { group: "a", order: "asc" })).toEqual(["items"]);
  expect(await tablesOf("items:scan", { order: "asc" })).toEqual(["items"]);
  expect(
    await tablesOf("items:pageOfRange", { group: "a", order: "desc", paginationOpts: { numItems: 1, cursor: null } }),
  ).toEqual(["items"]);
  expect(await tablesOf("notes:list")).toEqual(["notes"]);
});

it("counts a storage URL lookup as a read of _storage", async () => {
  const storageId = await engine.storeFile(new Blob(["a file"], { type: "text/plain" }));
  const { tablesRead } = await engine.runQueryTrackingReads("notes:fileUrl", { storageId }, null);
  expect(tablesRead.has("_storage")).toBe(true);
});

it("keeps the read sets of queries that run at the same time apart", async () => {
  const [items, notes] = await Promise.all([
    engine.runQueryTrackingReads("items:scan", { order: "desc" }, null),
    engine.runQueryTrackingReads("notes:list", {}, null),
  ]);
  expect([...items.tablesRead]).toEqual(["items"]);
  expect([...notes.tablesRead]).toEqual(["notes"]);
});

it("reads a document as it is after each change, by id, through an index and in a page (each document's JSON is made once)", async () => {
  const id = (await engine.runMutation("items:put", { group: "fresh", rank: 1 }, null)) as string;
  const byId = async () =>
    ((await engine.runQuery("items:byIds", { ids: [id] }, null)) as { group: string; rank?: number }[])[0];
  const inGroup = (group: string) => engine.runQuery("items:inRange", { group, order: "asc" }, null);
  const paginationOpts = { numItems: 5, cursor: null };
  const pageOf = async (group: string) =>
    (await engine.runQuery("items:documentsOfPage", { group, order: "asc", paginationOpts }, null)) as {
      group: string;
      rank?: number;
    }[];
  expect(await byId()).toMatchObject({ group: "fresh", rank: 1 });
  expect(await pageOf("fresh")).toMatchObject([{ group: "fresh", rank: 1 }]);
  expect(await inGroup("fresh")).toEqual([id]);

  await engine.runMutation("items:move", { id, group: "moved", rank: 2 }, null);
  expect(await byId()).toMatchObject({ group: "moved", rank: 2 });
  expect(await inGroup("fresh")).toEqual([]);
  expect(await inGroup("moved")).toEqual([id]);
  expect(await pageOf("moved")).toMatchObject([{ group: "moved", rank: 2 }]);

  await engine.runMutation("items:move", { id, group: "moved" }, null);
  const unranked = await byId();
  expect(unranked).toMatchObject({ group: "moved" });
  expect(unranked).not.toHaveProperty("rank");
  expect((await pageOf("moved"))[0]).not.toHaveProperty("rank");

  await engine.runMutation("items:remove", { id }, null);
  expect(await byId()).toBeUndefined();
  expect(await inGroup("moved")).toEqual([]);
  expect(await pageOf("moved")).toEqual([]);
});
