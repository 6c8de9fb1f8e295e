/**
 * `npm start`: builds the client into dist/ and seeds a new data folder with the demo content, each
 * in a child process (child-task.ts), then serves both from one process on one address.
 * `npm start -- --port N --data DIR` (env PORT works too).
 *
 * A start cannot be broken by another or by a folder that goes away meanwhile: the build goes to
 * a folder of its own and is renamed to dist/ when complete (build-folders.ts); the data folder
 * is made (or found) in the preflight, and opened after that only if it is still there, so one
 * deleted during the build stops the start with a message instead of becoming an empty database.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { mayBeNewDataFolder } from "../engine/persisted-state";
import { startLocalBackend } from "../server/start-server";
import { DEMO_PASSWORD, DEMO_USERS } from "../seed/users";
import { parseCliArgs, USAGE } from "./args";
import type { BuildResult } from "./build-client";
import { runChildTask } from "./child-task";
import { assertDataFolderUsable, assertPortFree } from "./preflight";
import { closeOnSignals } from "./shutdown";
import { failStartup } from "./startup-errors";
import { limitHeapGrowth } from "./heap-growth";

/** The repository root (where dist/ goes); not taken from build-client.ts, which loads Vite. */
const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BUILD_ENTRY = fileURLToPath(new URL("./build-client-entry.ts", import.meta.url));
const SEED_ENTRY = fileURLToPath(new URL("./seed-entry.ts", import.meta.url));

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

  // Both hold on to memory they no longer need (Vite's bundler ~600 MB, seeding ~80 MB), so they run
  // in child processes, side by side, and the serving process starts lean.
  const building = runChildTask<BuildResult>(BUILD_ENTRY, [path.join(PROJECT_ROOT, "dist")], "The client build");
  // Only a folder that may be new is opened for seeding; any other would be read twice for nothing.
  const seeding = (await mayBeNewDataFolder(dataDir))
    ? runChildTask<boolean>(SEED_ENTRY, [dataDir, `http://127.0.0.1:${port}`], "Seeding the demo content")
    : Promise.resolve(false);
  const [build, seeded] = await Promise.allSettled([building, seeding]);
  if (build.status === "rejected") {
    console.error("Building the client failed:", build.reason instanceof Error ? build.reason.message : build.reason);
    process.exit(1);
  }
  if (seeded.status === "rejected") failStartup(seeded.reason, "npm start");
  const staticDir = build.value.outDir;
  console.log(`Client built in ${(build.value.milliseconds / 1000).toFixed(1)} s (dist/)`);
  if (seeded.value) console.log("New data folder: demo content added");

  limitHeapGrowth();
  const backend = await startLocalBackend({
    port,
    dataDir,
    createDataFolder: false,
    staticDir,
    allowedOrigins,
    redactErrors,
    seed: false,
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
