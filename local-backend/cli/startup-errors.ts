/**
 * Turns the errors a local backend can fail to start with into the one line a person reads
 * (no stack): a busy port, an unusable data folder. Anything else is a bug and keeps its stack.
 */
export type CommandName = "npm start" | "npm run dev";

export function startupProblem(error: unknown, command: CommandName): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const busyPort = /port (\d+) is already in use/i.exec(message);
  if (busyPort) {
    const port = Number(busyPort[1]);
    const next = port >= 65535 ? port - 1 : port + 1;
    return `Port ${port} is busy: stop the other program or run ${command} -- --port ${next}`;
  }
  const dataFolder = /cannot read data folder (.+?): (.*)$/s.exec(message);
  if (dataFolder) {
    return `Cannot use the data folder ${dataFolder[1]}: ${dataFolder[2]}. Fix it or choose another with ${command} -- --data DIR`;
  }
  return null;
}

/** Prints the problem (or the whole error when it is unexpected) and ends the process with code 1. */
export function failStartup(error: unknown, command: CommandName): never {
  const problem = startupProblem(error, command);
  if (problem !== null) console.error(problem);
  // Code that cannot deploy: the Convex CLI's message, as `npx convex dev` prints it.
  else if (error instanceof Error && error.name === "DefaultRuntimeError") console.error(error.message);
  else console.error(`${command} failed:`, error);
  process.exit(1);
}
