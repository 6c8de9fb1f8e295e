/**
 * Builds the client in a child process and waits for it, so the serving process never loads
 * Vite: its bundler keeps ~600 MB of native memory for the life of the process that ran it
 * (measured: the `npm start` process idled at ~790 MB after an in-process build, ~150 MB without).
 */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { BuildResult } from "./build-client";

const BUILD_ENTRY = fileURLToPath(new URL("./build-client-entry.ts", import.meta.url));

type BuildMessage = { ok: true; result: BuildResult } | { ok: false; message: string };

export function buildClientInChildProcess(outDir: string): Promise<BuildResult> {
  return new Promise((resolve, reject) => {
    // The child inherits this process's loader flags (`--import tsx`), so it can run TypeScript.
    const child = fork(BUILD_ENTRY, [outDir], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    let answered = false;
    child.once("message", (message: BuildMessage) => {
      answered = true;
      if (message.ok) resolve(message.result);
      else reject(new Error(message.message));
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (!answered) reject(new Error(`the client build stopped (exit code ${code}) before it finished`));
    });
  });
}
