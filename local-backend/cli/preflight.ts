/**
 * Checks made before the client build, so a busy port or a folder another backend uses fails
 * in a second instead of after the build, and before the build rewrites the dist/ that a
 * running `npm start` may be serving. startLocalBackend checks both again (no race is hidden).
 */
import { createServer } from "node:net";
import path from "node:path";
import { lockDataFolder } from "../engine/data-folder";

export function assertPortFree(port: number, host = "127.0.0.1"): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => {
      reject(error.code === "EADDRINUSE" ? new Error(`port ${port} is already in use`) : error);
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/** A port free right now on 127.0.0.1, for a process started next (tests, benchmarks). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Throws the engine's "cannot read data folder <dir>: …" when the folder cannot be used. */
export async function assertDataFolderUsable(dataDir: string): Promise<void> {
  const unlock = await lockDataFolder(path.resolve(dataDir));
  await unlock();
}
