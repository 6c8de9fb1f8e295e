/**
 * A data folder with a file deleted, a byte flipped or a record torn: the engine never starts as
 * if nothing happened. It refuses with one line naming the problem and the way out, or (a torn
 * record that was never acknowledged, a missing stored file) goes on and says what it did.
 */
import { existsSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, expect, it, vi } from "vitest";
import type { Engine } from "../../local-backend/engine/types";
import { fixtureEngine, listNotes, removeTemporaryDataDirs, temporaryDataDir } from "./engine-test-env";

afterAll(removeTemporaryDataDirs);
afterEach(() => vi.restoreAllMocks());

const texts = async (engine: Engine) => (await listNotes(engine)).map((note) => note.text).sort();

/** A folder with a snapshot (generation 1), two notes after it in log-1, and one stored file. */
async function folderWithData(options: { compact: boolean } = { compact: true }) {
  const dataDir = temporaryDataDir();
  const engine = await fixtureEngine(dataDir);
  await engine.runMutation("notes:add", { text: "in the snapshot" }, null);
  const storageId = await engine.storeFile(new Blob(["photo"], { type: "text/plain" }));
  if (options.compact) await engine.compact();
  await engine.runMutation("notes:add", { text: "in the log 1" }, null);
  await engine.runMutation("notes:add", { text: "in the log 2" }, null);
  await engine.close();
  const log = path.join(dataDir, options.compact ? "log-1.jsonl" : "log-0.jsonl");
  return { dataDir, storageId, log, snapshot: path.join(dataDir, "snapshot.json") };
}

const refusal = (dataDir: string, reason: string) => `cannot read data folder ${dataDir}: ${reason}`;

it("refuses to start without the snapshot instead of starting empty, and keeps the uploaded files", async () => {
  const { dataDir, snapshot, storageId } = await folderWithData();
  rmSync(snapshot);
  await expect(fixtureEngine(dataDir)).rejects.toThrow(
    refusal(dataDir, "snapshot.json is missing, and log-1.jsonl holds only the writes made after it."),
  );
  expect(readdirSync(path.join(dataDir, "files"))).toContain(storageId);
});

it("refuses to start without the log, before and after the first compaction", async () => {
  const compacted = await folderWithData();
  rmSync(compacted.log);
  await expect(fixtureEngine(compacted.dataDir)).rejects.toThrow(
    refusal(compacted.dataDir, "log-1.jsonl is missing: the writes made since snapshot.json are gone."),
  );

  const fresh = await folderWithData({ compact: false });
  rmSync(fresh.log);
  await expect(fixtureEngine(fresh.dataDir)).rejects.toThrow(
    refusal(fresh.dataDir, "log-0.jsonl is missing, but this folder has held data before"),
  );
  // The way out the message gives works: an empty log starts the folder without its data.
  writeFileSync(fresh.log, "");
  const engine = await fixtureEngine(fresh.dataDir);
  expect(engine.isNew).toBe(false);
  await engine.close();
});

it("keeps the record of a stored file deleted from files/ and says which one is missing", async () => {
  const { dataDir, storageId } = await folderWithData();
  rmSync(path.join(dataDir, "files", storageId));
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  const engine = await fixtureEngine(dataDir);
  expect(warn).toHaveBeenCalledWith(expect.stringContaining(`1 stored file(s) are missing`));
  expect(warn).toHaveBeenCalledWith(expect.stringContaining(storageId));
  expect(await engine.admin.run(async (ctx) => await ctx.db.system.get(storageId as never))).not.toBeNull();
  expect(await engine.getFile(storageId)).toBeNull();
  await engine.close();
});

it("refuses a log whose acknowledged record had a byte flipped", async () => {
  const { dataDir, log } = await folderWithData();
  const text = readFileSync(log, "utf8");
  const at = text.indexOf("in the log 1");
  writeFileSync(log, text.slice(0, at) + "in the lag 1" + text.slice(at + "in the log 1".length));
  await expect(fixtureEngine(dataDir)).rejects.toThrow(
    refusal(dataDir, "log-1.jsonl is damaged at byte 0 (record 1 does not match its checksum)."),
  );
});

it("refuses a snapshot with a byte flipped", async () => {
  const { dataDir, snapshot } = await folderWithData();
  const text = readFileSync(snapshot, "utf8");
  writeFileSync(snapshot, text.replace("in the snapshot", "in the snapshoT"));
  await expect(fixtureEngine(dataDir)).rejects.toThrow(
    refusal(dataDir, "snapshot.json is damaged (its checksum does not match)"),
  );
});

it("cuts a torn last record (never acknowledged) and says so", async () => {
  const { dataDir, log } = await folderWithData();
  const size = readFileSync(log).length;
  truncateSync(log, size - 20);
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  const engine = await fixtureEngine(dataDir);
  expect(warn).toHaveBeenCalledWith(expect.stringContaining("cut a torn last record from log-1.jsonl"));
  expect(await texts(engine)).toEqual(["in the log 1", "in the snapshot"]);
  await engine.close();
});

it("keeps a last record that lacks only its newline, and goes on writing after it", async () => {
  const { dataDir, log } = await folderWithData();
  truncateSync(log, readFileSync(log).length - 1);
  const engine = await fixtureEngine(dataDir);
  expect(await texts(engine)).toEqual(["in the log 1", "in the log 2", "in the snapshot"]);
  await engine.runMutation("notes:add", { text: "after the repair" }, null);
  await engine.close();
  const reopened = await fixtureEngine(dataDir);
  expect(await texts(reopened)).toEqual(["after the repair", "in the log 1", "in the log 2", "in the snapshot"]);
  await reopened.close();
});

it("explains a damaged env.json in one line", async () => {
  const { dataDir } = await folderWithData();
  writeFileSync(path.join(dataDir, "env.json"), '{"JWT_PRIVATE_KEY": "-----BEGIN');
  const error = await fixtureEngine(dataDir).then(
    () => null,
    (caught: unknown) => caught as Error,
  );
  expect(error?.message).toBe(
    refusal(
      dataDir,
      "env.json is damaged (it is not valid JSON): put back a good copy, or delete it to make new keys (everyone then signs in again)",
    ),
  );
});

it("removes what a compaction cut off by a kill left behind", async () => {
  const { dataDir } = await folderWithData();
  writeFileSync(path.join(dataDir, "snapshot.json.tmp-4242"), "half a snapshot");
  writeFileSync(path.join(dataDir, "log-0.jsonl"), "");
  const engine = await fixtureEngine(dataDir);
  expect(existsSync(path.join(dataDir, "snapshot.json.tmp-4242"))).toBe(false);
  expect(existsSync(path.join(dataDir, "log-0.jsonl"))).toBe(false);
  expect(await texts(engine)).toEqual(["in the log 1", "in the log 2", "in the snapshot"]);
  await engine.close();
});
