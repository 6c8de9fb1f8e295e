/**
 * The data folder: created when missing, and locked while an engine uses it. Two processes
 * appending to one log would corrupt it, so a second one is refused with a clear message.
 * The lock holds the owner's pid; a lock left by a killed process is taken over.
 */
import { chmod, mkdir, open, readFile, unlink } from "node:fs/promises";
import path from "node:path";
import { PRIVATE_FOLDER_MODE } from "./fs-durable";

const LOCK_FILE = "lock";
/** Folders opened by this process (the pid in the lock cannot tell those apart). */
const openedHere = new Set<string>();

export class DataFolderError extends Error {
  constructor(dataDir: string, reason: string) {
    super(`cannot read data folder ${dataDir}: ${reason}`);
    this.name = "DataFolderError";
  }
}

/** Creates and locks the folder; returns the function that unlocks it. */
export async function lockDataFolder(dataDir: string): Promise<() => Promise<void>> {
  try {
    await mkdir(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    // A folder made by an older version (or by hand) is closed to other users too.
    await chmod(dataDir, PRIVATE_FOLDER_MODE);
  } catch (error) {
    throw new DataFolderError(dataDir, describe(error));
  }
  if (openedHere.has(dataDir)) throw new DataFolderError(dataDir, "it is already open in this process");
  const lockFile = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(lockFile, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) {
        throw new DataFolderError(dataDir, describe(error));
      }
      const owner = Number((await readFile(lockFile, "utf8").catch(() => "")).trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataFolderError(dataDir, `it is in use by another local backend (process ${owner})`);
      }
      await unlink(lockFile).catch(() => undefined); // stale: its process is gone
    }
  }
  openedHere.add(dataDir);
  return async () => {
    openedHere.delete(dataDir);
    await unlink(lockFile).catch(() => undefined);
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function describe(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ENOTDIR" || code === "EEXIST") return "it is not a folder";
  if (code === "EROFS") return "the file system is read-only";
  return message;
}
