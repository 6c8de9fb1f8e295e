/**
 * esbuild runs its builds in a helper process that stays alive after them; the serving process
 * has no use for it once modules are loaded, so it is stopped, but only when no build is running:
 * `esbuild.stop()` during another build leaves that build's promise unsettled for good (two
 * component modules bundled at once, or two backends opening in one process).
 */
import esbuild from "esbuild";

let running = 0;
let stopping: Promise<void> = Promise.resolve();

/** Runs `task` with esbuild; the helper process stops once the last running task is done. */
export async function withEsbuild<T>(task: (build: typeof esbuild) => Promise<T>): Promise<T> {
  // Counted before waiting, so a task ending meanwhile does not stop the helper under this one.
  running++;
  try {
    await stopping;
    return await task(esbuild);
  } finally {
    running--;
    if (running === 0) stopping = esbuild.stop();
  }
}
