/**
 * The backend half of `npm run dev`, run as a child process of ./dev.ts so that a change in
 * convex/ (or anything it imports) is picked up by starting a fresh process: Node caches ES
 * modules for the life of a process, so re-importing in place would keep stale helpers.
 *
 * Arguments: --port N --data DIR [--site-url URL] [--allow-origin URL]…. Prints one line "ready <url>" on stdout
 * when listening; a startup problem goes to stderr with exit code 1.
 */
import { startLocalBackend } from "../server/start-server";
import { limitHeapGrowth } from "./heap-growth";
import { closeOnSignals } from "./shutdown";
import { failStartup } from "./startup-errors";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

const port = Number(option("--port"));
const dataDir = option("--data") ?? ".data";
const siteUrl = option("--site-url");
const allowedOrigins = process.argv.flatMap((argument, index) =>
  argument === "--allow-origin" ? [process.argv[index + 1] ?? ""] : [],
);

const redactErrors = process.argv.includes("--redact-errors");
limitHeapGrowth();
const backend = await startLocalBackend({
  port,
  dataDir,
  allowedOrigins,
  redactErrors,
  log: (line) => console.log(line),
}).catch((error: unknown) => failStartup(error, "npm run dev"));
if (siteUrl !== undefined) {
  // SITE_URL is the app's address (Convex Auth builds links and redirects with it). In dev the
  // app is the Vite server, not this backend; functions read process.env when they run.
  process.env.SITE_URL = siteUrl;
}
const stop = closeOnSignals(() => backend.close());
// Spawned with an IPC channel by ./dev.ts in its own process group: when dev.ts goes away
// (even killed), the channel closes and this backend closes cleanly instead of lingering.
process.on("disconnect", () => stop("the dev server stopping"));
console.log(`ready ${backend.url}`);
