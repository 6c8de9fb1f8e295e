/**
 * One local backend per test file: the client built once per run (./global-setup.ts), served
 * by startLocalBackend on a free port with a fresh temporary data folder and no demo seed
 * (journeys make their own users; `seedUsers: true` adds the demo users of local-backend/seed).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import type { Engine } from "../../../local-backend/engine/types";
import { seedUsers, type DemoUsers } from "../../../local-backend/seed/users";
import { startLocalBackend, type LocalBackend } from "../../../local-backend/server/start-server";

export type App = {
  /** e.g. "http://127.0.0.1:41873"; stays the same across restart(). */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** The running backend's engine (a new one after restart()). */
  readonly engine: Engine;
  /** The demo users when started with `seedUsers: true`. */
  readonly demoUsers: DemoUsers | null;
  /** Stops the backend and starts it again on the same port and data folder. */
  restart(): Promise<void>;
  /** Stops the backend and deletes the data folder. */
  close(): Promise<void>;
};

export type StartAppOptions = { seedUsers?: boolean; log?: (line: string) => void };

export async function startApp(options: StartAppOptions = {}): Promise<App> {
  const staticDir = inject("clientDir");
  const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-data-"));
  const log = options.log ?? (() => undefined);
  let backend: LocalBackend = await startLocalBackend({ port: 0, dataDir, staticDir, seed: false, log });
  const port = backend.port;
  const demoUsers = options.seedUsers ? await seedUsers(backend.engine) : null;
  return {
    url: backend.url,
    port,
    dataDir,
    demoUsers,
    get engine() {
      return backend.engine;
    },
    async restart() {
      await backend.close();
      // The same port keeps the browser pages' origin, hence their stored sign-in tokens.
      backend = await startLocalBackend({ port, dataDir, staticDir, seed: false, log });
    },
    async close() {
      await backend.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
