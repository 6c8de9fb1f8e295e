/**
 * A data folder that disappears while `npm start` starts (issue 34): the preflight makes or finds
 * it, the build runs for half a minute, and the seeding child and the server then open it with
 * `createDataFolder: false` (cli/start.ts, cli/seed-entry.ts). A folder gone by then stops the
 * start with one line; it is never recreated empty.
 */
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { assertDataFolderUsable } from "../../local-backend/cli/preflight";
import { startupProblem } from "../../local-backend/cli/startup-errors";
import { openEngine } from "../../local-backend/engine/open-engine";
import { startLocalBackend } from "../../local-backend/server/start-server";
import { fixtureEngine, FIXTURE_FUNCTIONS, removeTemporaryDataDirs, temporaryDataDir, URLS } from "./engine-test-env";

afterEach(removeTemporaryDataDirs);

const GONE = /^cannot read data folder .+: it disappeared while the backend was starting/;

it("stops the server's start with a clear line, and makes no empty folder in its place", async () => {
  const dataDir = path.join(temporaryDataDir(), "data");
  await assertDataFolderUsable(dataDir); // the preflight makes a new folder
  const engine = await fixtureEngine(dataDir);
  await engine.runMutation("notes:add", { text: "kept" }, null);
  await engine.close();

  rmSync(dataDir, { recursive: true }); // deleted (or moved) during the build
  const starting = startLocalBackend({
    port: 0,
    dataDir,
    createDataFolder: false,
    modulesDir: FIXTURE_FUNCTIONS,
    seed: false,
    log: () => {},
  });
  const error = await starting.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(String((error as Error).message)).toMatch(GONE);
  expect(existsSync(dataDir)).toBe(false);
  expect(startupProblem(error, "npm start")).toBe(
    `Cannot use the data folder ${dataDir}: it disappeared while the backend was starting, and an empty one is not made in its place (put it back, or start again to make a new one). Fix it or choose another with npm start -- --data DIR`,
  );
});

it("refuses the seeding child's open too, so a vanished folder is never seeded anew", async () => {
  const dataDir = path.join(temporaryDataDir(), "data");
  await assertDataFolderUsable(dataDir);
  rmSync(dataDir, { recursive: true });
  await expect(
    openEngine({ dataDir, ...URLS, modulesDir: FIXTURE_FUNCTIONS, createDataFolder: false }),
  ).rejects.toThrow(GONE);
  expect(existsSync(dataDir)).toBe(false);
});

it("opens a folder that is still there, and by default still makes a missing one", async () => {
  const kept = temporaryDataDir();
  const engine = await openEngine({ dataDir: kept, ...URLS, modulesDir: FIXTURE_FUNCTIONS, createDataFolder: false });
  await engine.close();
  const fresh = path.join(temporaryDataDir(), "new");
  const created = await fixtureEngine(fresh);
  expect(created.isNew).toBe(true);
  await created.close();
  expect(existsSync(fresh)).toBe(true);
});
