/** Small helpers for writes that must survive a crash (fsync the data, then the folder entry). */
import { open, rename } from "node:fs/promises";
import path from "node:path";

/**
 * The data folder holds the signing key, password hashes and everyone's data: only its owner
 * may read it (files 0600, folders 0700), whatever the umask.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/** Makes a rename or a new file in the folder durable. */
export async function fsyncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Replaces `file` atomically: readers see the old or the new content, never a mix. */
export async function writeFileAtomically(file: string, content: string): Promise<void> {
  const temporary = `${file}.tmp-${process.pid}`;
  const handle = await open(temporary, "w", PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  await fsyncFolder(path.dirname(file));
}
