/** Shared set-up of the engine tests: temporary data folders and engines on the fixture functions. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openEngine } from "../../local-backend/engine/open-engine";
import type { Engine } from "../../local-backend/engine/types";
import {
  startLocalBackend,
  type LocalBackend,
  type LocalBackendOptions,
} from "../../local-backend/server/start-server";

export const FIXTURE_FUNCTIONS = fileURLToPath(new URL("./engine-fixture/convex", import.meta.url));
export const URLS = { siteUrl: "http://127.0.0.1:3999", cloudUrl: "http://127.0.0.1:3999" };

const folders: string[] = [];

export function temporaryDataDir(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "engine-test-"));
  folders.push(folder);
  return folder;
}

export function removeTemporaryDataDirs(): void {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

/** An engine on the fixture functions (tests/local-backend/engine-fixture/convex). */
export async function fixtureEngine(dataDir = temporaryDataDir()): Promise<Engine> {
  return await openEngine({ dataDir, modulesDir: FIXTURE_FUNCTIONS, ...URLS });
}

/**
 * A whole local backend (HTTP and sync) on a free port, serving the fixture functions from a
 * temporary data folder (removeTemporaryDataDirs clears it), with what it logs kept.
 */
export async function fixtureBackend(
  options: Partial<LocalBackendOptions> = {},
): Promise<{ backend: LocalBackend; logLines: string[] }> {
  const logLines: string[] = [];
  const backend = await startLocalBackend({
    port: 0,
    dataDir: temporaryDataDir(),
    seed: false,
    modulesDir: FIXTURE_FUNCTIONS,
    log: (line) => logLines.push(line),
    ...options,
  });
  return { backend, logLines };
}

export type Note = { id: string; text: string; createdAt: number };

export async function listNotes(engine: Engine): Promise<Note[]> {
  return (await engine.runQuery("notes:list", {}, null)) as Note[];
}

/** Resolves with the next commit notification that wrote `table`. */
export function nextCommitTo(engine: Engine, table: string): Promise<string[]> {
  return new Promise((resolve) => {
    const stop = engine.onCommit(({ writtenTables }) => {
      if (!writtenTables.includes(table)) return;
      stop();
      resolve(writtenTables);
    });
  });
}
