import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../local-backend/engine/types";
import {
  fixtureEngine,
  listNotes,
  nextCommitTo,
  removeTemporaryDataDirs,
  temporaryDataDir,
  URLS,
} from "./engine-test-env";

afterAll(removeTemporaryDataDirs);

describe("engine functions", () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await fixtureEngine();
  });
  afterAll(async () => await engine.close());

  it("runs a mutation, then a query sees its write", async () => {
    const id = await engine.runMutation("notes:add", { text: "first" }, null);
    const notes = await listNotes(engine);
    expect(notes.map((note) => note.id)).toContain(id);
  });

  it("runs an action that calls a mutation and a query", async () => {
    const before = (await listNotes(engine)).length;
    const count = await engine.runAction("notes:addThroughAction", { text: "from an action" }, null);
    expect(count).toBe(before + 1);
  });

  it("tells commit listeners which tables a mutation wrote, before the mutation answers", async () => {
    const heard: string[][] = [];
    const stop = engine.onCommit(({ writtenTables }) => heard.push(writtenTables));
    await engine.runMutation("notes:add", { text: "heard" }, null);
    stop();
    expect(heard).toEqual([["notes"]]);
  });

  it("keeps a thrown ConvexError's data intact", async () => {
    const failure = engine.runMutation("notes:add", { text: "  " }, null);
    await expect(failure).rejects.toMatchObject({
      data: { code: "EMPTY", message: "Write something first." },
    });
  });

  it("refuses internal functions and unknown ones to clients", async () => {
    await expect(engine.runMutation("notes:addNow", { text: "sneaky" }, null)).rejects.toThrow(
      /Could not find public function for 'notes:addNow'/,
    );
    await expect(engine.runQuery("notes:nothing", {}, null)).rejects.toThrow(/Could not find public function/);
    await expect(engine.runQuery("notes:add", { text: "x" }, null)).rejects.toThrow(/defined as mutation/);
  });

  it("passes the caller's identity to functions", async () => {
    const identity = { subject: "user-1", issuer: URLS.siteUrl, tokenIdentifier: `${URLS.siteUrl}|user-1` };
    expect(await engine.runQuery("notes:whoAmI", {}, identity)).toBe("user-1");
    expect(await engine.runQuery("notes:whoAmI", {}, null)).toBeNull();
  });

  it("runs a scheduled function in real time and tells commit listeners", async () => {
    const committed = nextCommitTo(engine, "notes");
    const scheduledAt = Date.now();
    await engine.runMutation("notes:addLater", { text: "later", delayMs: 150 }, null);
    expect((await listNotes(engine)).some((note) => note.text === "later")).toBe(false);
    await committed;
    const later = (await listNotes(engine)).find((note) => note.text === "later");
    expect(later?.createdAt).toBeGreaterThanOrEqual(scheduledAt + 140);
  });

  it("serves uploads and storage URLs at the server's address", async () => {
    const uploadUrl = (await engine.runMutation("notes:uploadUrl", {}, null)) as string;
    const token = new URL(uploadUrl).searchParams.get("token") ?? "";
    expect(uploadUrl.startsWith(`${URLS.cloudUrl}/api/storage/upload?token=`)).toBe(true);
    expect(engine.useUploadToken(token.replace(/.$/, (c) => (c === "A" ? "B" : "A")))).toBe(false);
    expect(engine.useUploadToken(token)).toBe(true);
    expect(engine.useUploadToken(token)).toBe(false); // one upload per URL

    const storageId = await engine.storeFile(new Blob(["picture bytes"], { type: "image/png" }));
    expect(await engine.runQuery("notes:fileUrl", { storageId }, null)).toBe(
      `${URLS.cloudUrl}/api/storage/${storageId}`,
    );
    const file = await engine.getFile(storageId);
    expect(file?.contentType).toBe("image/png");
    expect(await file?.blob.text()).toBe("picture bytes");

    await engine.runMutation("notes:deleteFile", { storageId }, null);
    expect(await engine.getFile(storageId)).toBeNull();
    expect(await engine.runQuery("notes:fileUrl", { storageId }, null)).toBeNull();
  });

  it("stores files from actions and never serves paths outside storage", async () => {
    const storageId = (await engine.runAction("notes:storeInAction", { text: "from an action" }, null)) as string;
    expect(await (await engine.getFile(storageId))?.blob.text()).toBe("from an action");
    expect(await engine.getFile("../env.json")).toBeNull();
  });

  it("keeps overlapping calls of many clients correct", async () => {
    const before = (await listNotes(engine)).length;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        switch (i % 5) {
          case 0:
            return engine.runAction("notes:addThroughAction", { text: `parallel ${i}` }, null);
          case 1:
            return listNotes(engine);
          case 2:
            return engine.runAction("notes:storeInAction", { text: `file ${i}` }, null);
          default:
            return engine.runMutation("notes:add", { text: `parallel ${i}` }, null);
        }
      }),
    );
    expect((await listNotes(engine)).length).toBe(before + 30);
    const storedFiles = results.filter((_, i) => i % 5 === 2) as string[];
    const contents = await Promise.all(storedFiles.map(async (id) => await (await engine.getFile(id))?.blob.text()));
    expect(contents).toEqual(storedFiles.map((_, k) => `file ${k * 5 + 2}`));
  });
});

describe("engine persistence", () => {
  it("restores documents with the same ids and creation times, and files, after a restart", async () => {
    const dataDir = temporaryDataDir();
    const first = await fixtureEngine(dataDir);
    expect(first.isNew).toBe(true);
    await first.runMutation("notes:add", { text: "kept" }, null);
    await first.runMutation("notes:add", { text: "also kept" }, null);
    const storageId = await first.storeFile(new Blob(["file content"], { type: "text/plain" }));
    const notes = await listNotes(first);
    await first.close();

    const second = await fixtureEngine(dataDir);
    expect(second.isNew).toBe(false);
    expect(await listNotes(second)).toEqual(notes);
    expect(await (await second.getFile(storageId))?.blob.text()).toBe("file content");
    // New documents continue after the restored ones instead of reusing their ids.
    const newId = (await second.runMutation("notes:add", { text: "new" }, null)) as string;
    expect(notes.map((note) => note.id)).not.toContain(newId);
    await second.close();
  });

  it("compacts the log into a snapshot and keeps the data", async () => {
    const dataDir = temporaryDataDir();
    const first = await fixtureEngine(dataDir);
    for (let i = 0; i < 5; i++) await first.runMutation("notes:add", { text: `note ${i}` }, null);
    await first.compact();
    await first.runMutation("notes:add", { text: "after compaction" }, null);
    const notes = await listNotes(first);
    await first.close();

    const logs = readdirSync(dataDir).filter((name) => name.startsWith("log-"));
    expect(logs).toEqual(["log-1.jsonl"]);
    const logSize = statSync(path.join(dataDir, "log-1.jsonl")).size;
    expect(logSize).toBeGreaterThan(0);
    expect(logSize).toBeLessThan(400); // only the write after the compaction

    const second = await fixtureEngine(dataDir);
    expect(await listNotes(second)).toEqual(notes);
    await second.close();
  });

  it("refuses a data folder that another engine holds, with a clear message", async () => {
    const dataDir = temporaryDataDir();
    const holder = await fixtureEngine(dataDir);
    await expect(fixtureEngine(dataDir)).rejects.toThrow(`cannot read data folder ${dataDir}: it is already open`);
    await holder.close();
  });

  it("explains a data folder path that is not a folder", async () => {
    const notAFolder = path.join(temporaryDataDir(), "env.json");
    const first = await fixtureEngine(path.dirname(notAFolder));
    await first.close();
    await expect(fixtureEngine(notAFolder)).rejects.toThrow(
      `cannot read data folder ${notAFolder}: it is not a folder`,
    );
  });

  it("re-arms scheduled functions that were pending at shutdown", async () => {
    const dataDir = temporaryDataDir();
    const first = await fixtureEngine(dataDir);
    await first.runMutation("notes:addLater", { text: "survives restart", delayMs: 300 }, null);
    await first.close();

    const second = await fixtureEngine(dataDir);
    await nextCommitTo(second, "notes");
    expect((await listNotes(second)).map((note) => note.text)).toContain("survives restart");
    await second.close();
  });
});
