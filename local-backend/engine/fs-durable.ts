/**
 * The engine's writes to its data folder, behind one small interface so tests can make the disk
 * fail (full, read-only) at any step. Every write that must survive a crash is fsynced, and so
 * is the folder entry of a new or renamed file.
 */
import { open, rename, unlink, type FileHandle } from "node:fs/promises";
import path from "node:path";

/**
 * The data folder holds the signing key, password hashes and everyone's data: only its owner
 * may read it (files 0600, folders 0700), whatever the umask.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/** An open log file, appended to at its end. */
export type LogFile = {
  /** Appends all of `bytes` (a partial write throws, and the caller cuts the file back). */
  append(bytes: Buffer): Promise<void>;
  datasync(): Promise<void>;
  truncate(size: number): Promise<void>;
  close(): Promise<void>;
};

export type DataFiles = {
  /** Opens `file` for appending; "new" empties it first. */
  openLog(file: string, mode: "append" | "new"): Promise<LogFile>;
  /** Replaces `file` atomically: readers see the old or the new content, never a mix. */
  writeAtomically(file: string, content: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  remove(file: string): Promise<void>;
  /** Makes a rename or a new file in the folder durable. */
  syncFolder(folder: string): Promise<void>;
};

export const nodeDataFiles: DataFiles = {
  async openLog(file, mode) {
    const handle = await open(file, mode === "new" ? "w" : "a", PRIVATE_FILE_MODE);
    return logFileOf(handle);
  },
  writeAtomically: writeFileAtomically,
  rename: async (from, to) => await rename(from, to),
  remove: async (file) => await unlink(file),
  syncFolder: fsyncFolder,
};

function logFileOf(handle: FileHandle): LogFile {
  return {
    async append(bytes) {
      let offset = 0;
      while (offset < bytes.length) {
        const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
        if (bytesWritten === 0) throw Object.assign(new Error("no space left on device"), { code: "ENOSPC" });
        offset += bytesWritten;
      }
    },
    datasync: async () => await handle.datasync(),
    truncate: async (size) => await handle.truncate(size),
    close: async () => await handle.close(),
  };
}

/** Makes a rename or a new file in the folder durable. */
export async function fsyncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Replaces `file` atomically; a failed write leaves no temporary file behind. */
export async function writeFileAtomically(file: string, content: string): Promise<void> {
  const temporary = `${file}.tmp-${process.pid}`;
  try {
    const handle = await open(temporary, "w", PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  try {
    await fsyncFolder(path.dirname(file));
  } catch (error) {
    throw new FolderSyncError(file, error);
  }
}

/**
 * The file was written, synced and renamed into place, but its folder could not be synced: it is
 * there for every later read, and only a power cut or an OS crash could still take the rename back.
 */
export class FolderSyncError extends Error {
  constructor(file: string, cause: unknown) {
    super(`${file} is in place, but syncing its folder failed: ${String(cause)}`, { cause });
    this.name = "FolderSyncError";
  }
}
