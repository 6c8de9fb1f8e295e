/**
 * What the benchmarks that run their clients in a child process share (bench-chat.ts,
 * bench-slow-readers.ts): waiting for the child's next message of a kind, and percentiles.
 */
import type { ChildProcess } from "node:child_process";

/** The p-th percentile (0–100) of `values`, nearest rank; NaN for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** The child's next message of `type`; rejects if the child exits first. */
export function nextMessage<M extends { type: string }, T extends M["type"]>(
  child: ChildProcess,
  type: T,
): Promise<Extract<M, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the clients process exited (${code}) before "${type}"`));
    const onMessage = (received: M) => {
      if (received.type !== type) return;
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(received as Extract<M, { type: T }>);
    };
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}
