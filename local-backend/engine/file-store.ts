/**
 * File contents of `_storage` documents, one file per storage id in `<dataDir>/files/`.
 * A file is written to a temporary name, fsynced and renamed, so a crash never leaves half a
 * file under a storage id. The `_storage` document (size, sha256, contentType) lives in the
 * database like every other document.
 */
import { openAsBlob } from "node:fs";
import { mkdir, open, readdir, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { fsyncFolder, PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "./fs-durable";

const STORAGE_ID = /^[0-9]+_storage$/;

export class FileStore {
  private nextTemporary = 0;

  private constructor(readonly folder: string) {}

  static async open(dataDir: string): Promise<FileStore> {
    const folder = path.join(dataDir, "files");
    await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    return new FileStore(folder);
  }

  static isStorageId(value: string): boolean {
    return STORAGE_ID.test(value);
  }

  private pathOf(storageId: string): string {
    // The id reaches us from URLs: never let it name anything outside the folder.
    if (!FileStore.isStorageId(storageId)) throw new Error(`not a storage id: ${storageId}`);
    return path.join(this.folder, storageId);
  }

  /** Writes the bytes durably under a temporary name in the folder; returns that path. */
  async writeTemporary(bytes: Uint8Array): Promise<string> {
    const temporary = path.join(this.folder, `.tmp-${process.pid}-${this.nextTemporary++}`);
    try {
      const handle = await open(temporary, "w", PRIVATE_FILE_MODE);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    return temporary;
  }

  /** Gives a temporary file its storage id, durably. */
  async place(temporary: string, storageId: string): Promise<void> {
    await rename(temporary, this.pathOf(storageId));
    await fsyncFolder(this.folder);
  }

  async removeTemporary(temporary: string): Promise<void> {
    await unlink(temporary).catch(() => undefined);
  }

  /** The file as a Blob read lazily from disk, or null when it is missing. */
  async read(storageId: string, contentType: string): Promise<Blob | null> {
    if (!FileStore.isStorageId(storageId)) return null;
    try {
      return await openAsBlob(this.pathOf(storageId), { type: contentType });
    } catch (error) {
      // Node 20 reports a missing file as a TypeError without a code.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      if (
        await stat(this.pathOf(storageId)).then(
          () => false,
          () => true,
        )
      )
        return null;
      throw error;
    }
  }

  async remove(storageId: string): Promise<void> {
    await unlink(this.pathOf(storageId)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  }

  /**
   * After a restart: deletes leftover temporary files (content never committed) and the files of
   * documents the log deleted (a stop right after the deletion); returns the stored ids that have
   * a file and the names of other files no document explains (kept: they may be someone's data).
   */
  async reconcile(
    knownIds: Set<string>,
    deletedIds: Set<string>,
  ): Promise<{ present: Set<string>; unexplained: string[] }> {
    const present = new Set<string>();
    const unexplained: string[] = [];
    for (const name of await readdir(this.folder)) {
      if (name.startsWith(".tmp-")) await unlink(path.join(this.folder, name));
      else if (knownIds.has(name)) present.add(name);
      else if (deletedIds.has(name)) await this.remove(name).catch(() => undefined);
      else unexplained.push(name);
    }
    return { present, unexplained };
  }
}
