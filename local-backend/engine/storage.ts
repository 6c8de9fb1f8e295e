/**
 * File storage: `_storage` documents in the database, contents in the FileStore.
 *
 * Replaces convex-test's storage (in-memory blobs, made-up URLs): URLs point at the server
 * (`${cloudUrl}/api/storage/<id>`, uploads at `${cloudUrl}/api/storage/upload?token=…`), and
 * contents are written durably before whatever stored them is acknowledged.
 */
import { createHash } from "node:crypto";
import type { Value } from "convex/values";
import { ImportError, insertKeepingId, type ImportMode } from "./admin-data";
import { FileStore } from "./file-store";
import type { Internals, StoredDocument, TestAccessor } from "./convex-test-internals";
import type { UploadTokens } from "./upload-tokens";

const TABLE = "_storage";

type StorageDocument = StoredDocument & { size: number; sha256: string; contentType?: string };

/** A `_storage` document of a snapshot (Convex values) with the file the snapshot holds for it. */
export type ImportedFile = { document: Record<string, Value>; bytes: Uint8Array };

/** A committed file for the server; `sha256` is base64, as the `_storage` document has it. */
export type StoredFile = { blob: Blob; contentType: string; sha256: string };

export class Storage {
  /** Contents stored but not yet on disk, so readers never miss a file. */
  private readonly unwritten = new Map<string, Uint8Array>();
  /** Temporary files of committed documents, renamed to their id before the record is written. */
  private readonly unplaced = new Map<string, string>();

  constructor(
    private readonly internals: Internals,
    private readonly t: TestAccessor,
    private readonly files: FileStore,
    private readonly cloudUrl: string,
    readonly tokens: UploadTokens,
  ) {}

  /**
   * Runs a database write in the caller's transaction (queries, mutations) or in a new one
   * (actions). convex-test decides this with a process-wide flag that is wrong while another
   * client's transaction runs, so we ask the caller's async context instead.
   */
  private async inTransaction<T>(write: () => T): Promise<T> {
    if (this.internals.inTransaction()) return write();
    return await this.t.run(async () => write());
  }

  /**
   * The content is written durably under a temporary name first; the `_storage` document is
   * then committed, and its log record is written only after the content is renamed to its id
   * (`placeFile`, run by the log). So a stored document always has its file on disk, and a file
   * whose document was never written is only ever a temporary one.
   */
  async store(bytes: Uint8Array, contentType: string): Promise<string> {
    // base64, as Convex's `_storage` documents have it (see `metadataOf` for the hex of getMetadata).
    const sha256 = createHash("sha256").update(bytes).digest("base64");
    const metadata = { size: bytes.byteLength, sha256, ...(contentType !== "" ? { contentType } : {}) };
    const temporary = await this.files.writeTemporary(bytes);
    try {
      return await this.inTransaction(() => {
        const storageId = this.internals.db.insert(TABLE, metadata);
        this.unplaced.set(storageId, temporary);
        this.unwritten.set(storageId, bytes);
        return storageId;
      });
    } catch (error) {
      await this.files.removeTemporary(temporary);
      throw error;
    }
  }

  /**
   * `npx convex import` of a snapshot's `_storage` (server/admin/snapshot-import.ts), inside the
   * import's transaction. Each file keeps its id, which the app's documents hold, and goes
   * through store()'s steps (temporary file, document, placed before its record is written).
   * The snapshot's sha256 must be the file's: a file changed in the ZIP is refused, not served.
   * A file already stored under its id with the same content stays as it is (a round trip into
   * the same backend); --replace deletes the other stored files. Returns the files written.
   */
  async importFiles(files: readonly ImportedFile[], mode: ImportMode): Promise<number> {
    const db = this.internals.db;
    const kept = new Set<string>();
    const existing: string[] = [];
    db._iterateDocs(TABLE, (document) => existing.push(document._id));
    if (existing.length > 0 && mode === "requireEmpty") {
      throw new ImportError(
        `_storage already has ${existing.length} files: import with --replace to replace them or --append to add to them`,
      );
    }
    const fresh: { bytes: Uint8Array; document: Record<string, Value>; metadata: Record<string, Value> }[] = [];
    for (const { document, bytes } of files) {
      const sha256 = createHash("sha256").update(bytes).digest("base64");
      const id = typeof document._id === "string" ? document._id : "";
      if (document.sha256 !== undefined && document.sha256 !== sha256) {
        throw new ImportError(`The file _storage/${id} does not match the sha256 its _storage document records`);
      }
      const stored = this.committed(id);
      if (stored !== null) {
        if (stored.sha256 !== sha256) throw new ImportError(`_storage ${id} already holds another file`);
        kept.add(id);
        continue;
      }
      const contentType = typeof document.contentType === "string" ? document.contentType : "";
      const metadata = { size: bytes.byteLength, sha256, ...(contentType !== "" ? { contentType } : {}) };
      const identity = { _id: document._id ?? null, _creationTime: document._creationTime ?? null };
      fresh.push({ bytes, metadata, document: { ...metadata, ...identity } });
    }
    if (mode === "replace" || mode === "replaceAll") {
      for (const id of existing) if (!kept.has(id)) db.delete(TABLE, id);
    }
    const temporaries: string[] = [];
    try {
      for (const { bytes } of fresh) temporaries.push(await this.files.writeTemporary(bytes));
    } catch (error) {
      await Promise.all(temporaries.map((temporary) => this.files.removeTemporary(temporary)));
      throw error;
    }
    fresh.forEach(({ bytes, document, metadata }, index) => {
      // An id that is not this backend's (a Convex deployment's) cannot be kept: a new one.
      const storageId = insertKeepingId(db, TABLE, document) ? String(document._id) : db.insert(TABLE, metadata);
      this.unplaced.set(storageId, temporaries[index] ?? "");
      this.unwritten.set(storageId, bytes);
    });
    return fresh.length + kept.size;
  }

  /** Called by the log before the record inserting `storageId` is written. */
  async placeFile(storageId: string): Promise<void> {
    const temporary = this.unplaced.get(storageId);
    if (temporary === undefined) return;
    await this.files.place(temporary, storageId);
    this.unplaced.delete(storageId);
    this.unwritten.delete(storageId);
  }

  /** The insert of `storageId` was undone (its record could not be written). */
  forget(storageId: string): void {
    const temporary = this.unplaced.get(storageId);
    this.unplaced.delete(storageId);
    this.unwritten.delete(storageId);
    if (temporary !== undefined) void this.files.removeTemporary(temporary);
    // Already placed under its id (the log writes the record after placing the file): no record
    // will ever name it, and a restart keeps unexplained files, so it goes now. Ids are not reused.
    else void this.files.remove(storageId).catch((error: Error) => console.error(`local backend: ${error.message}`));
  }

  /**
   * Deleting a file that is not there fails as on Convex (its `StorageIdNotFound`, "storage id
   * … not found"), not with the database's "Delete on non-existent doc".
   */
  async delete(storageId: string): Promise<void> {
    // The content goes once the deletion is durable (see `deletedDurably`).
    await this.inTransaction(() => {
      if (this.visible(storageId) === null) throw new Error(`storage id ${storageId} not found`);
      this.internals.db.delete(TABLE, storageId);
    });
  }

  /** Called by the commit hook once a `_storage` document's deletion is on disk. */
  deletedDurably(storageId: string): void {
    this.unwritten.delete(storageId);
    void this.files.remove(storageId).catch((error: Error) => console.error(`local backend: ${error.message}`));
  }

  /** The document as the calling function sees it (its own pending writes included). */
  private visible(storageId: string): StorageDocument | null {
    return this.internals.db.get(TABLE, storageId) as StorageDocument | null;
  }

  uploadUrl(): string {
    return `${this.cloudUrl}/api/storage/upload?token=${this.tokens.issue()}`;
  }

  url(storageId: string): string | null {
    return this.urlOf(storageId, this.visible(storageId));
  }

  metadata(storageId: string) {
    return metadataOf(storageId, this.visible(storageId));
  }

  /** `url` as of the last commit (a direct query run, ./direct-queries.ts, sees no pending writes). */
  committedUrl(storageId: string): string | null {
    return this.urlOf(storageId, this.committed(storageId));
  }

  /** `metadata` as of the last commit. */
  committedMetadata(storageId: string) {
    return metadataOf(storageId, this.committed(storageId));
  }

  private urlOf(storageId: string, document: StorageDocument | null): string | null {
    return document === null ? null : `${this.cloudUrl}/api/storage/${storageId}`;
  }

  private committed(storageId: string): StorageDocument | null {
    return (this.internals.db._documents[storageId] as StorageDocument | undefined) ?? null;
  }

  async blob(storageId: string): Promise<Blob | null> {
    const document = this.visible(storageId);
    return document === null ? null : await this.content(storageId, document);
  }

  /** For the server: a committed file, or null. Never throws for a malformed id. */
  async committedFile(storageId: string): Promise<StoredFile | null> {
    if (!FileStore.isStorageId(storageId)) return null;
    const document = this.internals.db._documents[storageId] as StorageDocument | undefined;
    if (document === undefined) return null;
    const blob = await this.content(storageId, document);
    if (blob === null) return null;
    return { blob, contentType: document.contentType ?? "application/octet-stream", sha256: document.sha256 };
  }

  private async content(storageId: string, document: StorageDocument): Promise<Blob | null> {
    const contentType = document.contentType ?? "";
    const bytes = this.unwritten.get(storageId);
    if (bytes !== undefined) return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: contentType });
    return await this.files.read(storageId, contentType);
  }
}

/**
 * `ctx.storage.getMetadata`: its `sha256` is hex on Convex (FileMetadata's "Hex encoded sha256
 * checksum"; convex-backend's storage_get_metadata uses `as_hex()`), while the `_storage`
 * document keeps base64, as Convex's `_storage` table does for clients from convex 1.9 on
 * (file_storage/virtual_table.rs) and as its snapshot exports and imports read it.
 */
function metadataOf(storageId: string, document: StorageDocument | null) {
  if (document === null) return null;
  const { sha256, size, contentType } = document;
  return { storageId, sha256: hexDigest(sha256), size, contentType: contentType ?? null };
}

/** A sha256 digest as hex, from the base64 documents store (or hex, should a document hold that). */
export function hexDigest(digest: string): string {
  if (/^[0-9a-f]{64}$/.test(digest)) return digest;
  return Buffer.from(digest, "base64").toString("hex");
}
