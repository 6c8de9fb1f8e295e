/**
 * `npm run dev`: Vite's dev server (hot reload) on 5173 talking to the local backend on 3210
 * (or --port). The backend runs in a child process (./dev-backend.ts) that is restarted, on the
 * same data folder, whenever a file under convex/ changes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { watch } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";
import { parseCliArgs, USAGE } from "./args";
import { PROJECT_ROOT } from "./build-client";
import { closeOnSignals } from "./shutdown";

const DEV_BACKEND = fileURLToPath(new URL("./dev-backend.ts", import.meta.url));
const CONVEX_DIR = path.join(PROJECT_ROOT, "convex");
const RESTART_DEBOUNCE_MS = 250;

const parsed = parseCliArgs(process.argv.slice(2), process.env);
if (!parsed.ok) {
  console.error(parsed.problem);
  process.exit(1);
}
const { port, dataDir, allowedOrigins, redactErrors, help } = parsed.options;
if (help) {
  console.log(`npm run dev -- [options]\n${USAGE}`);
  process.exit(0);
}
const backendUrl = `http://127.0.0.1:${port}`;

// The client reads VITE_CONVEX_URL; values already in the environment win over .env files.
process.env.VITE_CONVEX_URL = backendUrl;
const vite = await createServer({ root: PROJECT_ROOT, configFile: path.join(PROJECT_ROOT, "vite.config.ts") });
await vite.listen(5173);
const appUrl = (vite.resolvedUrls?.local[0] ?? "http://localhost:5173/").replace(/\/$/, "");

/** Starts the backend child; resolves true once it listens, false when it exits before. */
function startBackend(): { child: ChildProcess; ready: Promise<boolean> } {
  const child = spawn(
    process.execPath,
    [
      ...["--import", "tsx", DEV_BACKEND, "--port", String(port), "--data", dataDir, "--site-url", appUrl],
      // The Vite page calls the backend from its own origin; nothing else unless asked for.
      ...[appUrl, ...allowedOrigins].flatMap((origin) => ["--allow-origin", origin]),
      ...(redactErrors ? ["--redact-errors"] : []),
    ],
    // Own process group: Ctrl+C reaches only this process, which then stops the child once.
    { cwd: PROJECT_ROOT, stdio: ["ignore", "pipe", "inherit", "ipc"], detached: true },
  );
  const ready = new Promise<boolean>((resolve) => {
    let buffered = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        if (line.startsWith("ready ")) resolve(true);
        else console.log(line);
      }
    });
    child.on("exit", () => resolve(false));
  });
  return { child, ready };
}

function stopBackend(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

let backend = startBackend();
if (!(await backend.ready)) {
  // The child printed the reason (busy port, unusable data folder, broken convex/ code).
  await vite.close();
  process.exit(1);
}
console.log(`Local backend: ${backendUrl} (data: ${dataDir})`);
console.log(`App with hot reload: ${appUrl}`);
console.log("Watching convex/ — the backend restarts when a function changes. Press Ctrl+C to stop.");

let restartTimer: NodeJS.Timeout | undefined;
let restarting: Promise<void> = Promise.resolve();
const watcher = watch(CONVEX_DIR, { recursive: true }, (_event, file) => {
  clearTimeout(restartTimer);
  restartTimer = setTimeout(() => {
    // Restarts run one after another; a change during a restart schedules one more.
    restarting = restarting.then(async () => {
      console.log(`convex/${file ?? ""} changed: restarting the backend…`);
      await stopBackend(backend.child);
      backend = startBackend();
      const started = performance.now();
      if (await backend.ready) console.log(`Backend restarted in ${Math.round(performance.now() - started)} ms`);
      else console.log("The backend did not start; fix the error above and save again.");
    });
  }, RESTART_DEBOUNCE_MS);
});

closeOnSignals(async () => {
  watcher.close();
  clearTimeout(restartTimer);
  await restarting;
  await Promise.all([stopBackend(backend.child), vite.close()]);
});
