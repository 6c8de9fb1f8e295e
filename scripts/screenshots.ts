/**
 * `npm run screens -- <command>` (or `npx tsx scripts/screenshots.ts <command>`): screenshots of
 * every screen at 1280 and 390 px wide, and a pixel comparison of two sets of them, to check
 * that a styling change leaves the screens as they were (or to set light and dark side by side).
 *
 *   capture --out DIR [--client DIST_DIR] [--theme light|dark] [--axe] [--no-shots]
 *       Starts the local backend with the demo content on a free port, serving DIST_DIR (default
 *       dist/, made by `npx vite build`), and writes DIR/<screen>-<width>.png (scripts/screenshots/).
 *       --axe runs axe on every screen too and fails on any violation; --no-shots takes no pictures.
 *   compare DIR_A DIR_B [--out DIFF_DIR]
 *       Compares every PNG in both folders; prints the share of differing pixels per screen and
 *       writes diff pictures to DIFF_DIR (default /tmp/screens-diff).
 */
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { capture, type Theme } from "./screenshots/capture";
import { compare, DEFAULT_DIFF_DIR } from "./screenshots/compare";

const USAGE = `Usage:
  npx tsx scripts/screenshots.ts capture --out DIR [--client DIST_DIR] [--theme light|dark] [--axe] [--no-shots]
  npx tsx scripts/screenshots.ts compare DIR_A DIR_B [--out DIFF_DIR]`;

/** The dist/ beside this script's scripts/ folder, so that a copy of the repository uses its own build. */
const DEFAULT_CLIENT_DIR = fileURLToPath(new URL("../dist", import.meta.url));

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: "string" },
      client: { type: "string" },
      theme: { type: "string" },
      axe: { type: "boolean" },
      "no-shots": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help === true) {
    console.log(USAGE);
    return 0;
  }
  if (command === "capture" && rest.length === 0 && values.out !== undefined) {
    const theme = values.theme ?? "light";
    if (theme !== "light" && theme !== "dark") return usageError(`--theme must be light or dark, not "${theme}"`);
    const { failures, axeFindings, cspViolations } = await capture({
      outDir: values.out,
      clientDir: values.client ?? DEFAULT_CLIENT_DIR,
      theme: theme satisfies Theme,
      axe: values.axe === true,
      noShots: values["no-shots"] === true,
    });
    if (failures > 0) console.error(`${failures} screen(s) could not be captured`);
    if (values.axe === true) console.log(`axe: ${axeFindings.length} violation(s)`);
    console.log(`Content-Security-Policy: ${cspViolations.length} violation(s)`);
    return failures > 0 || axeFindings.length > 0 || cspViolations.length > 0 ? 1 : 0;
  }
  if (command === "compare" && rest.length === 2 && values.client === undefined && values.theme === undefined) {
    const [dirA, dirB] = rest as [string, string];
    compare(dirA, dirB, values.out ?? DEFAULT_DIFF_DIR);
    return 0;
  }
  return usageError(command === undefined ? "no command given" : `wrong arguments for "${command}"`);
}

function usageError(problem: string): number {
  console.error(`${problem}\n${USAGE}`);
  return 2;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
