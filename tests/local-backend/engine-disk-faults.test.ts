/**
 * A disk that fills up or turns read-only while the engine runs: a write the disk refused is
 * reported to its caller and undone (nobody sees it, it is not there after a restart), the log
 * is never left with part of a record in it, and writes work again once the disk does.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FolderSyncError, nodeDataFiles, type DataFiles } from "../../local-backend/engine/fs-durable";
import { openEngine } from "../../local-backend/engine/open-engine";
import type { Engine } from "../../local-backend/engine/types";
import {
  FIXTURE_FUNCTIONS,
  fixtureEngine,
  listNotes,
  nextCommitTo,
  removeTemporaryDataDirs,
  temporaryDataDir,
  URLS,
} from "./engine-test-env";

afterAll(removeTemporaryDataDirs);

type Fault = "none" | "full" | "read-only" | "unsynced";

/**
 * node:fs with a switch: a full disk writes half of what it is given, a read-only one nothing,
 * and an "unsynced" one writes it all but fails to flush it (an I/O error on fdatasync).
 */
function faultyFiles() {
  const state = { fault: "none" as Fault };
  const failure = () =>
    state.fault === "full"
      ? Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" })
      : Object.assign(new Error("EROFS: read-only file system, write"), { code: "EROFS" });
  const files: DataFiles = {
    ...nodeDataFiles,
    async openLog(file, mode) {
      if (state.fault !== "none") throw failure();
      const log = await nodeDataFiles.openLog(file, mode);
      return {
        ...log,
        async append(bytes) {
          if (state.fault === "full") {
            await log.append(bytes.subarray(0, Math.floor(bytes.length / 2)));
            throw failure();
          }
          if (state.fault === "read-only") throw failure();
          await log.append(bytes);
        },
        async datasync() {
          if (state.fault === "unsynced") throw Object.assign(new Error("EIO: i/o error, fdatasync"), { code: "EIO" });
          await log.datasync();
        },
        async truncate(size) {
          if (state.fault === "read-only") throw failure();
          await log.truncate(size);
        },
      };
    },
    async writeAtomically(file, content) {
      if (state.fault !== "none") throw failure();
      await nodeDataFiles.writeAtomically(file, content);
    },
  };
  return { files, state };
}

async function engineOn(dataDir: string, files: DataFiles): Promise<Engine> {
  return await openEngine({ dataDir, modulesDir: FIXTURE_FUNCTIONS, files, ...URLS });
}

const texts = async (engine: Engine) => (await listNotes(engine)).map((note) => note.text).sort();

describe.each(["full", "read-only"] as const)("a %s disk", (fault) => {
  it("refuses the write, undoes it for everyone, and accepts writes again once the disk works", async () => {
    const dataDir = temporaryDataDir();
    const { files, state } = faultyFiles();
    const engine = await engineOn(dataDir, files);
    await engine.runMutation("notes:add", { text: "before" }, null);

    const heard: string[][] = [];
    const stop = engine.onCommit(({ writtenTables }) => heard.push(writtenTables));
    state.fault = fault;
    const refused = engine.runMutation("notes:add", { text: "refused" }, null);
    // Another write on top of the refused one is undone with it.
    const onTop = engine.runAction("notes:addThroughAction", { text: "on top" }, null);
    const reason = fault === "full" ? "the disk is full" : "the file system is read-only";
    await expect(refused).rejects.toThrow(`cannot write the data folder ${dataDir}: ${reason}; nothing was saved`);
    await expect(onTop).rejects.toThrow(reason);
    expect(await texts(engine)).toEqual(["before"]);
    expect(heard).toEqual([]);
    await expect(engine.runMutation("notes:add", { text: "still refused" }, null)).rejects.toThrow(reason);

    state.fault = "none";
    await engine.runMutation("notes:add", { text: "after" }, null);
    expect(await texts(engine)).toEqual(["after", "before"]);
    stop();
    await engine.close();

    // The log holds whole records only, and exactly the acknowledged ones.
    const reopened = await fixtureEngine(dataDir);
    expect(await texts(reopened)).toEqual(["after", "before"]);
    await reopened.close();
  });

  it("leaves no file behind for an upload the disk refused", async () => {
    const dataDir = temporaryDataDir();
    const { files, state } = faultyFiles();
    const engine = await engineOn(dataDir, files);
    await engine.runAction("notes:storeInAction", { text: "kept" }, null);
    state.fault = fault;
    await expect(engine.runAction("notes:storeInAction", { text: "refused" }, null)).rejects.toThrow(
      "nothing was saved",
    );
    state.fault = "none";
    await engine.close();
    await expect.poll(() => readdirSync(path.join(dataDir, "files"))).toHaveLength(1);
  });

  it("undoes a compaction that could not be written and compacts later", async () => {
    const dataDir = temporaryDataDir();
    const { files, state } = faultyFiles();
    const engine = await engineOn(dataDir, files);
    await engine.runMutation("notes:add", { text: "kept" }, null);
    state.fault = fault;
    await expect(engine.compact()).rejects.toThrow("nothing was saved");
    state.fault = "none";
    const committed = nextCommitTo(engine, "notes");
    await engine.runMutation("notes:add", { text: "later" }, null);
    await committed;
    await engine.compact();
    await engine.close();
    const reopened = await fixtureEngine(dataDir);
    expect(await texts(reopened)).toEqual(["kept", "later"]);
    await reopened.close();
  });
});

describe("a disk that takes a write but fails to flush it", () => {
  it("does not bring the refused write back when the engine stops before the next write", async () => {
    const dataDir = temporaryDataDir();
    const { files, state } = faultyFiles();
    const engine = await engineOn(dataDir, files);
    await engine.runMutation("notes:add", { text: "before" }, null);
    state.fault = "unsynced";
    await expect(engine.runMutation("notes:add", { text: "refused" }, null)).rejects.toThrow("nothing was saved");
    expect(await texts(engine)).toEqual(["before"]);
    // Cut from the log by the time its caller hears of it (a kill now must not bring it back).
    const logs = readdirSync(dataDir).filter((name) => name.startsWith("log-"));
    expect(logs.map((name) => readFileSync(path.join(dataDir, name), "utf8")).join("")).not.toContain("refused");
    // Stopped while the disk still fails (what someone does when the disk misbehaves).
    await engine.close();

    const reopened = await fixtureEngine(dataDir);
    expect(await texts(reopened)).toEqual(["before"]);
    await reopened.close();
  });
});

describe("a folder that cannot be synced after the snapshot is renamed into place", () => {
  it("keeps the compaction, so the folder starts again with every write", async () => {
    const dataDir = temporaryDataDir();
    const state = { failFolderSync: false };
    const files: DataFiles = {
      ...nodeDataFiles,
      async writeAtomically(file, content) {
        await nodeDataFiles.writeAtomically(file, content);
        if (state.failFolderSync) throw new FolderSyncError(file, new Error("EIO: i/o error, fsync"));
      },
    };
    const engine = await engineOn(dataDir, files);
    await engine.runMutation("notes:add", { text: "before" }, null);
    state.failFolderSync = true;
    await engine.compact();
    state.failFolderSync = false;
    await engine.runMutation("notes:add", { text: "after" }, null);
    await engine.close();

    const reopened = await fixtureEngine(dataDir);
    expect(await texts(reopened)).toEqual(["after", "before"]);
    await reopened.close();
  });
});
