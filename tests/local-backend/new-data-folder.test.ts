/** `npm start` opens a folder for seeding only when it may be new: the cheap look agrees with the engine. */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { mayBeNewDataFolder } from "../../local-backend/engine/persisted-state";
import { fixtureEngine, removeTemporaryDataDirs, temporaryDataDir } from "./engine-test-env";

afterEach(removeTemporaryDataDirs);

it("calls a missing or empty folder new, and one an engine has opened not new", async () => {
  const dataDir = temporaryDataDir();
  await expect(mayBeNewDataFolder(path.join(dataDir, "not-yet"))).resolves.toBe(true);
  await expect(mayBeNewDataFolder(dataDir)).resolves.toBe(true);
  const engine = await fixtureEngine(dataDir);
  expect(engine.isNew).toBe(true);
  await engine.close();
  await expect(mayBeNewDataFolder(dataDir)).resolves.toBe(false);
});

it("calls a folder with uploaded files or a written log not new, as the engine does", async () => {
  const withFiles = temporaryDataDir();
  mkdirSync(path.join(withFiles, "files"));
  writeFileSync(path.join(withFiles, "files", "kept"), "x");
  await expect(mayBeNewDataFolder(withFiles)).resolves.toBe(false);

  const withLog = temporaryDataDir();
  writeFileSync(path.join(withLog, "log-0.jsonl"), "{}\n");
  await expect(mayBeNewDataFolder(withLog)).resolves.toBe(false);
  const emptyLog = temporaryDataDir();
  writeFileSync(path.join(emptyLog, "log-0.jsonl"), "");
  await expect(mayBeNewDataFolder(emptyLog)).resolves.toBe(true);
});
