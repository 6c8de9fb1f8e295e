/**
 * `npm start`: builds the client into dist/ (in a child process, see build-client-process.ts),
 * then serves it together with the local backend from one process on one address.
 * `npm start -- --port N --data DIR` (env PORT works too).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startLocalBackend } from "../server/start-server";
import { DEMO_PASSWORD, DEMO_USERS } from "../seed/users";
import { parseCliArgs, USAGE } from "./args";
import { buildClientInChildProcess } from "./build-client-process";
import { assertDataFolderUsable, assertPortFree } from "./preflight";
import { closeOnSignals } from "./shutdown";
import { failStartup } from "./startup-errors";

/** The repository root (where dist/ goes); not taken from build-client.ts, which loads Vite. */
const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));

async function main(): Promise<void> {
  const started = performance.now();
  const parsed = parseCliArgs(process.argv.slice(2), process.env);
  if (!parsed.ok) {
    console.error(parsed.problem);
    process.exit(1);
  }
  const { port, dataDir, allowedOrigins, redactErrors, help } = parsed.options;
  if (help) {
    console.log(`npm start -- [options]\n${USAGE}`);
    return;
  }

  await Promise.all([assertPortFree(port), assertDataFolderUsable(dataDir)]).catch((error: unknown) =>
    failStartup(error, "npm start"),
  );

  let staticDir: string;
  try {
    const build = await buildClientInChildProcess(path.join(PROJECT_ROOT, "dist"));
    staticDir = build.outDir;
    console.log(`Client built in ${(build.milliseconds / 1000).toFixed(1)} s (dist/)`);
  } catch (error) {
    console.error("Building the client failed:", error instanceof Error ? error.message : error);
    process.exit(1);
  }

  const backend = await startLocalBackend({
    port,
    dataDir,
    staticDir,
    allowedOrigins,
    redactErrors,
    log: (line) => console.log(line),
  }).catch((error: unknown) => failStartup(error, "npm start"));
  closeOnSignals(async () => {
    console.log("Stopping…");
    await backend.close();
  });

  console.log(`DUMY community is running at ${backend.url} (data: ${dataDir})`);
  console.log(`Demo logins (password "${DEMO_PASSWORD}"): ${DEMO_USERS.map((user) => user.email).join(", ")}`);
  console.log(`Ready in ${((performance.now() - started) / 1000).toFixed(1)} s. Press Ctrl+C to stop.`);
}

await main();
