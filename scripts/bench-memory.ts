/**
 * `npm run bench:memory`: resident memory of `npm start` at idle, every process it runs counted
 * (npm, the server, tsx's esbuild service; ARCHITECTURE budget: ≤ 200 MB with the demo data).
 * Starts `npm start` on a fresh data folder (it seeds the demo content), again on the same folder,
 * then on folders that also hold 10,000 and 100,000 posts, waits for it to settle, and sums the resident memory of the process tree from
 * /proc. Prints a table; never fails on the figures.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Id } from "../convex/_generated/dataModel";
import { openEngine } from "../local-backend/engine/open-engine";
import { seedDemoContent } from "../local-backend/seed/run-seed";
import { fillPosts } from "./bench-posts";
import { freePort } from "../local-backend/cli/preflight";

const EXTRA_POSTS = [0, 10_000, 100_000];
/** How long the started app is left alone before its memory is read. */
const SETTLE_MS = 15_000;

type ProcessMemory = { pid: number; command: string; rssKb: number };

/** The process and all its descendants, with their resident memory (Linux /proc). */
function processTree(rootPid: number): ProcessMemory[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Field 4 (after the command in parentheses) is the parent's pid.
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parentOf.set(Number(entry), parent);
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = [rootPid];
  for (let index = 0; index < tree.length; index++) {
    for (const [pid, parent] of parentOf) if (parent === tree[index]) tree.push(pid);
  }
  return tree.flatMap((pid) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
      return [{ pid, command, rssKb }];
    } catch {
      return [];
    }
  });
}

/** A data folder with the demo content and `posts` more posts by Alice, as if used for a while. */
async function prepareFolder(posts: number): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-memory-"));
  if (posts === 0) return dataDir; // npm start seeds it, as for a newcomer
  const url = "http://127.0.0.1:1";
  const engine = await openEngine({ dataDir, siteUrl: url, cloudUrl: url });
  try {
    await seedDemoContent(engine);
    const alice = await engine.admin.run(
      async (ctx) =>
        (await ctx.db
          .query("users")
          .filter((q) => q.eq(q.field("email"), "alice@example.com"))
          .first())!._id as Id<"users">,
    );
    await fillPosts(engine, alice, posts);
  } finally {
    await engine.close();
  }
  return dataDir;
}

async function startApp(dataDir: string): Promise<ChildProcess> {
  const port = await freePort();
  const app = spawn("npm", ["start", "--", "--port", String(port), "--data", dataDir], {
    stdio: ["ignore", "pipe", "inherit"],
    // A process group of its own, so the stop reaches the server however npm passes signals on.
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    app.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready in")) resolve();
    });
    app.once("exit", (code) => reject(new Error(`npm start exited (${code}) before it was ready:\n${output}`)));
  });
  return app;
}

async function stopApp(app: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => app.once("exit", resolve));
  process.kill(-(app.pid ?? 0), "SIGTERM");
  await exited;
}

/** Starts the app on `dataDir`, lets it settle, and reads the memory of its processes. */
async function measureStart(label: string, dataDir: string): Promise<string[]> {
  const app = await startApp(dataDir);
  try {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const tree = processTree(app.pid ?? 0);
    const totalMb = tree.reduce((sum, { rssKb }) => sum + rssKb, 0) / 1024;
    const server = tree.find(({ command }) => command.startsWith("node") && command.includes("start.ts"));
    return [
      label,
      `${Math.round(totalMb)} MB`,
      `${Math.round((server?.rssKb ?? 0) / 1024)} MB`,
      tree
        .map(({ command, rssKb }) => `${command.split(" ").slice(0, 2).join(" ")} ${Math.round(rssKb / 1024)}`)
        .join("; "),
    ];
  } finally {
    await stopApp(app);
  }
}

async function main(): Promise<void> {
  const rows: string[][] = [];
  for (const posts of EXTRA_POSTS) {
    const dataDir = await prepareFolder(posts);
    try {
      if (posts === 0) {
        rows.push(await measureStart("demo data, first start", dataDir));
        rows.push(await measureStart("demo data, restarted", dataDir));
      } else {
        rows.push(await measureStart(`demo + ${posts.toLocaleString("en")} posts`, dataDir));
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`\nnpm start, resident memory at idle (${SETTLE_MS / 1000} s after ready), every process counted`);
  console.log(["data", "all processes", "server", "processes (MB)"].map((cell) => cell.padEnd(26)).join(""));
  for (const row of rows) console.log(row.map((cell) => cell.padEnd(26)).join(""));
  for (const row of rows.slice(0, 2)) {
    const mb = Number(row[1]?.split(" ")[0]);
    console.log(`Budget ≤ 200 MB, ${row[0]}: ${mb} MB, ${mb <= 200 ? "within" : "OVER"}`);
  }
}

await main();
