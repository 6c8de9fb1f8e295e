/**
 * Where `npm start`'s client build goes while it is made, and how it takes dist/'s place.
 *
 * Each build writes into a folder of its own beside dist/, `dist.building-<pid>-<8 hex>`, and is
 * renamed to dist/ only when complete. So two `npm start` in one checkout never write into the
 * same folder (before, both emptied and filled dist/ at once and could both fail), and a server
 * never serves a half-written dist/: it serves the old build or the new one, whole.
 *
 * A folder that already exists cannot be renamed over on Linux, so the old dist/ is first renamed
 * aside (`dist.old-<pid>-<8 hex>`) and removed after. Between the two renames, microseconds,
 * dist/ is missing; a request in that gap gets a 404, the next one the new build. Two starts
 * placing at once: one build ends in place, whole, and the other start serves it too. Folders of
 * builds whose process is gone (a start killed mid-build) are removed by the next build.
 *
 * No Vite here: start.ts and the tests load this module without loading the bundler.
 */
import { randomBytes } from "node:crypto";
import { readdir, rename, rm } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";

const BUILDING = "building";
const OLD = "old";
/** `<final>.building-<pid>-<8 hex>` or `<final>.old-<pid>-<8 hex>`, named by `sibling`. */
const SIBLING = /^(.+)\.(building|old)-(\d+)-[0-9a-f]{8}$/;

/** A new, unused name for a build of `finalDir` (made by Vite when it builds). */
export function temporaryBuildFolder(finalDir: string): string {
  return sibling(finalDir, BUILDING);
}

function sibling(finalDir: string, kind: typeof BUILDING | typeof OLD): string {
  return `${path.resolve(finalDir)}.${kind}-${process.pid}-${randomBytes(4).toString("hex")}`;
}

/**
 * Refuses a folder that Vite must not empty (`emptyOutDir` deletes what is in it): an empty or
 * relative path, the file system root, the home folder, the project or any folder holding it,
 * and inside the project anything but `dist` or one of its temporary build folders beside it.
 */
export function assertBuildFolder(outDir: string, projectRoot: string): void {
  const refuse = (why: string): never => {
    throw new Error(`refusing to build the client into ${JSON.stringify(outDir)}: ${why}`);
  };
  if (outDir.trim() === "" || !path.isAbsolute(outDir)) refuse("not an absolute path");
  const resolved = path.resolve(outDir);
  const root = path.resolve(projectRoot);
  if (resolved === path.parse(resolved).root || resolved === homedir()) refuse("a folder that holds other things");
  if (root === resolved || root.startsWith(`${resolved}${path.sep}`)) refuse("it holds the project");
  if (!resolved.startsWith(`${root}${path.sep}`)) return; // elsewhere: a temporary folder (tests, benchmarks)
  const dist = path.join(root, "dist");
  const match = SIBLING.exec(resolved);
  const isTemporary = match !== null && match[1] === dist && match[2] === BUILDING;
  if (resolved !== dist && !isTemporary) refuse("inside the project, only dist/ and its temporary build folders");
}

/**
 * Puts the complete build `built` in place as `finalDir`, replacing whatever build is there.
 * When another start puts its build in place between our two renames, that one stays and ours
 * is dropped: it is just as complete, of the same checkout, and a retry would only race again.
 * Returns which build ended up in place.
 */
export async function placeBuild(built: string, finalDir: string): Promise<"placed" | "another start's"> {
  const target = path.resolve(finalDir);
  const aside = sibling(target, OLD);
  const movedAside = await renameIfPresent(target, aside);
  let outcome: "placed" | "another start's" = "placed";
  try {
    await rename(built, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOTEMPTY" && code !== "EEXIST") {
      if (movedAside) await rename(aside, target).catch(() => undefined);
      throw error;
    }
    outcome = "another start's";
    await rm(built, { recursive: true, force: true });
  }
  if (movedAside) await rm(aside, { recursive: true, force: true });
  return outcome;
}

/** Removes the temporary and set-aside folders beside `finalDir` whose process is gone. */
export async function removeAbandonedBuilds(finalDir: string): Promise<string[]> {
  const target = path.resolve(finalDir);
  const names = await readdir(path.dirname(target)).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const match = SIBLING.exec(path.join(path.dirname(target), name));
    if (match === null || match[1] !== target || isAlive(Number(match[3]))) continue;
    await rm(path.join(path.dirname(target), name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

async function renameIfPresent(from: string, to: string): Promise<boolean> {
  try {
    await rename(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
