/** Small helpers for writes that must survive a crash (fsync the data, then the folder entry). */
import { open, rename } from "node:fs/promises";
import path from "node:path";

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
  const handle = await open(temporary, "w");
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  await fsyncFolder(path.dirname(file));
}
