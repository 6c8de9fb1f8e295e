/**
 * The data folder: created when missing, and locked while an engine uses it. Two processes
 * appending to one log would corrupt it, so a second one is refused with a clear message.
 *
 * The lock file is created atomically with its content (written under a private name, then
 * hard-linked as `lock`, which fails if one exists), so nobody ever reads a half-written lock.
 * It names its owner: pid and the process's start time. A lock is stale only when that process
 * is gone, or the pid now belongs to another program (pids are reused); taking over a stale
 * lock is serialised by a second exclusive file, so two starts never both take it over.
 */
import { chmod, link, mkdir, open, readFile, stat, unlink, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import path from "node:path";
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "./fs-durable";

const LOCK_FILE = "lock";
const TAKEOVER_FILE = "lock.takeover";
/** A takeover file older than this was left by a process killed mid-takeover. */
const STALE_TAKEOVER_MS = 10_000;
/** Folders opened by this process (the pid in the lock cannot tell those apart). */
const openedHere = new Set<string>();

export class DataFolderError extends Error {
  constructor(dataDir: string, reason: string) {
    super(`cannot read data folder ${dataDir}: ${reason}`);
    this.name = "DataFolderError";
  }
}

type Owner = { pid: number; started: string | null };

/**
 * Why a start stops when its data folder is gone: it existed when the start began (`npm start`
 * makes it in its first second), so it was deleted or moved since, and recreating it would put
 * an empty database where the data was expected.
 */
export const DATA_FOLDER_DISAPPEARED =
  "it disappeared while the backend was starting, and an empty one is not made in its place (put it back, or start again to make a new one)";

/**
 * Creates and locks the folder; returns the function that unlocks it. With `create: false` the
 * folder must exist already: one that is gone is refused (DATA_FOLDER_DISAPPEARED), not recreated.
 */
export async function lockDataFolder(dataDir: string, { create = true } = {}): Promise<() => Promise<void>> {
  try {
    if (create) await mkdir(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    // A folder made by an older version (or by hand) is closed to other users too.
    await chmod(dataDir, PRIVATE_FOLDER_MODE);
  } catch (error) {
    const gone = !create && (error as NodeJS.ErrnoException).code === "ENOENT";
    throw new DataFolderError(dataDir, gone ? DATA_FOLDER_DISAPPEARED : describe(error));
  }
  if (openedHere.has(dataDir)) throw new DataFolderError(dataDir, "it is already open in this process");
  const lockFile = path.join(dataDir, LOCK_FILE);
  const mine = `${JSON.stringify({ pid: process.pid, started: startTimeOf(process.pid) })}\n`;
  const draft = path.join(dataDir, `${LOCK_FILE}.${process.pid}.${Date.now()}`);
  try {
    await writeFile(draft, mine, { mode: PRIVATE_FILE_MODE });
    for (let attempt = 0; ; attempt++) {
      if (await tryLink(draft, lockFile)) break;
      const text = await readFile(lockFile, "utf8").catch(() => null);
      if (text === null) continue; // removed meanwhile: try again
      const owner = parseOwner(text);
      if (owner !== null && isRunningBackend(owner)) {
        throw new DataFolderError(dataDir, `it is in use by another local backend (process ${owner.pid})`);
      }
      if (attempt > 20) throw new DataFolderError(dataDir, "its lock keeps changing; is another backend starting?");
      await takeOverStaleLock(dataDir, lockFile, text);
    }
  } catch (error) {
    if (error instanceof DataFolderError) throw error;
    throw new DataFolderError(dataDir, describe(error));
  } finally {
    await unlink(draft).catch(() => undefined);
  }
  openedHere.add(dataDir);
  return async () => {
    openedHere.delete(dataDir);
    // Only remove the lock if it is still ours.
    const text = await readFile(lockFile, "utf8").catch(() => null);
    if (text === mine) await unlink(lockFile).catch(() => undefined);
  };
}

async function tryLink(draft: string, lockFile: string): Promise<boolean> {
  try {
    await link(draft, lockFile);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * Removes the lock whose content was `staleText`, unless someone replaced it meanwhile. Only one
 * process at a time does this (the takeover file), so a fresh lock is never removed as stale.
 */
async function takeOverStaleLock(dataDir: string, lockFile: string, staleText: string): Promise<void> {
  const takeover = path.join(dataDir, TAKEOVER_FILE);
  let handle;
  try {
    handle = await open(takeover, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const age = Date.now() - (await stat(takeover).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
    if (age > STALE_TAKEOVER_MS) await unlink(takeover).catch(() => undefined);
    else await new Promise((resolve) => setTimeout(resolve, 20));
    return;
  }
  try {
    const current = await readFile(lockFile, "utf8").catch(() => null);
    if (current === staleText) await unlink(lockFile);
  } finally {
    await handle.close();
    await unlink(takeover).catch(() => undefined);
  }
}

/** `{"pid":…,"started":…}`, or the bare pid older backends wrote. */
function parseOwner(text: string): Owner | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed), started: null };
  try {
    const parsed = JSON.parse(trimmed) as { pid?: unknown; started?: unknown };
    if (typeof parsed.pid !== "number" || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return null;
    return { pid: parsed.pid, started: typeof parsed.started === "string" ? parsed.started : null };
  } catch {
    return null;
  }
}

/** Whether the lock's owner still runs: its pid is alive and is the same process (or at least a Node one). */
function isRunningBackend(owner: Owner): boolean {
  if (owner.pid === process.pid) return false; // a lock this process left (openedHere covers live use)
  if (!isAlive(owner.pid)) return false;
  const started = startTimeOf(owner.pid);
  if (started !== null && owner.started !== null) return started === owner.started;
  const command = commandOf(owner.pid);
  // Without start times (old lock, no /proc), a pid running something other than Node is reused.
  return command === null || /node|tsx|vitest/.test(command);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The process's start time in clock ticks since boot (Linux /proc), or null where unknown. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22; the command name (field 2) may contain spaces, so count after its ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function commandOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return null;
  }
}

export function describe(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ENOTDIR" || code === "EEXIST") return "it is not a folder";
  if (code === "EROFS") return "the file system is read-only";
  return message;
}
