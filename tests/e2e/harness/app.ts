/**
 * One local backend per test file: the client built once per run (./global-setup.ts), served
 * by startLocalBackend on a free port with a fresh temporary data folder and no demo seed
 * (journeys make their own users; `seedUsers: true` adds the demo users of local-backend/seed).
 * `stop()` and `start()` take the backend away and bring it back, for pages that must cope without it.
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
  /** The running backend's engine (a new one after restart() or start()); none while stopped. */
  readonly engine: Engine;
  /** The demo users when started with `seedUsers: true`. */
  readonly demoUsers: DemoUsers | null;
  /** Stops the backend and starts it again on the same port and data folder. */
  restart(): Promise<void>;
  /** Stops the backend, keeping its port and data folder for start(): the browser finds no server there. */
  stop(): Promise<void>;
  /** Starts the stopped backend again on the same port and data folder. */
  start(): Promise<void>;
  /** Stops the backend and deletes the data folder. */
  close(): Promise<void>;
};

export type StartAppOptions = {
  seedUsers?: boolean;
  log?: (line: string) => void;
  /** A built client to serve instead of the run's (./global-setup.ts), e.g. a copy a journey changes. */
  staticDir?: string;
};

export async function startApp(options: StartAppOptions = {}): Promise<App> {
  const staticDir = options.staticDir ?? inject("clientDir");
  const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-data-"));
  const log = options.log ?? (() => undefined);
  const first = await startLocalBackend({ port: 0, dataDir, staticDir, seed: false, log });
  let backend: LocalBackend | null = first;
  const port = first.port;
  const demoUsers = options.seedUsers ? await seedUsers(first.engine) : null;
  const stop = async () => {
    const running = backend;
    backend = null;
    await running?.close();
  };
  const start = async () => {
    if (backend !== null) return;
    // The same port keeps the browser pages' origin, hence their stored sign-in tokens.
    backend = await startLocalBackend({ port, dataDir, staticDir, seed: false, log });
  };
  return {
    url: first.url,
    port,
    dataDir,
    demoUsers,
    get engine() {
      if (backend === null) throw new Error("The backend is stopped: start() it first");
      return backend.engine;
    },
    async restart() {
      await stop();
      await start();
    },
    stop,
    start,
    async close() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
