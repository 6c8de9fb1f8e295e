/**
 * The REAL Convex CLI (`node_modules/convex/bin/main.js`) against a local backend, as a developer
 * runs it: CONVEX_SELF_HOSTED_URL and CONVEX_SELF_HOSTED_ADMIN_KEY in the environment, the
 * project as working folder. CI=1 keeps the CLI from reporting its own errors to Sentry (it
 * would try the network).
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CONVEX_CLI = path.join(PROJECT_ROOT, "node_modules/convex/bin/main.js");
/** Each CLI run starts Node and loads the CLI: slow on a busy 2-core machine, never stuck. */
const CLI_TIMEOUT_MS = 60_000;

export type CliResult = { code: number; stdout: string; stderr: string };

/**
 * Runs `npx convex <args>` against `url` with `adminKey` (none when null). Asynchronous: the
 * backend answering it runs in this same process.
 */
export function runConvexCli(args: string[], url: string, adminKey: string | null): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: "1", CONVEX_SELF_HOSTED_URL: url };
  delete env.CONVEX_DEPLOYMENT;
  delete env.CONVEX_DEPLOY_KEY;
  if (adminKey === null) delete env.CONVEX_SELF_HOSTED_ADMIN_KEY;
  else env.CONVEX_SELF_HOSTED_ADMIN_KEY = adminKey;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CONVEX_CLI, ...args],
      { cwd: PROJECT_ROOT, env, timeout: CLI_TIMEOUT_MS },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
