/**
 * Graceful stop on Ctrl+C (SIGINT) and SIGTERM: runs `close` once, then exits. A second signal
 * while closing exits at once (a person pressing Ctrl+C twice wants out). Returns the same
 * stop function for other triggers (e.g. the parent process going away).
 */
export function closeOnSignals(close: () => Promise<void>): (reason: string) => void {
  let closing = false;
  const stop = (reason: string) => {
    if (closing) process.exit(130);
    closing = true;
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Stopping after ${reason} failed:`, error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return stop;
}
