/**
 * `npm run admin-key [-- --data DIR]`: prints the admin key of the local backend using that data
 * folder (default .data), making it if the folder has none yet. Only the key goes to stdout, so
 * `export CONVEX_SELF_HOSTED_ADMIN_KEY=$(npm run --silent admin-key)` works; the how-to goes to stderr.
 * It does not need the backend to run, nor stop it.
 */
import { loadOrCreateAdminKey } from "../engine/admin-key";
import { DEFAULT_PORT, parseCliArgs } from "./args";

async function main(): Promise<void> {
  const parsed = parseCliArgs(process.argv.slice(2), {});
  if (!parsed.ok) {
    console.error(parsed.problem.replace(/Options: .*/, "Options: --data DIR (default .data)"));
    process.exit(1);
  }
  if (parsed.options.help) {
    console.log("npm run admin-key -- [--data DIR]   prints the admin key of that data folder (default .data)");
    return;
  }
  const { dataDir } = parsed.options;
  let key: string;
  try {
    key = await loadOrCreateAdminKey(dataDir);
  } catch (error) {
    console.error(`Cannot read the admin key in ${dataDir}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  console.log(key);
  if (process.stdout.isTTY) {
    console.error(
      `\nUse it with the Convex CLI (the backend at its address, default port ${DEFAULT_PORT}):\n` +
        `  export CONVEX_SELF_HOSTED_URL=http://127.0.0.1:${DEFAULT_PORT}\n` +
        `  export CONVEX_SELF_HOSTED_ADMIN_KEY='${key}'\n` +
        "  npx convex data",
    );
  }
}

await main();
