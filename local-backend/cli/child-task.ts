/**
 * One-off work `npm start` runs in a child process and waits for (building the client, seeding a
 * new data folder), so the memory it takes is given back when the child exits instead of staying
 * with the serving process for its whole life.
 */
import { fork } from "node:child_process";

type TaskMessage = { ok: true; result: unknown } | { ok: false; message: string };

/** Runs the module `entry` (which calls `reportToParent`) with `args` and resolves with its result. */
export function runChildTask<T>(entry: string, args: string[], what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    // The child inherits this process's loader flags (`--import tsx`), so it can run TypeScript.
    const child = fork(entry, args, { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    let answered = false;
    child.once("message", (message: TaskMessage) => {
      answered = true;
      if (message.ok) resolve(message.result as T);
      else reject(new Error(message.message));
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (!answered) reject(new Error(`${what} stopped (exit code ${code}) before it finished`));
    });
  });
}

/** The child's side: runs `task`, sends its result or its error's message, and lets the child end. */
export async function reportToParent(task: () => Promise<unknown>): Promise<void> {
  try {
    process.send?.({ ok: true, result: await task() } satisfies TaskMessage);
  } catch (error) {
    process.send?.({
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    } satisfies TaskMessage);
  }
  process.disconnect?.();
}
