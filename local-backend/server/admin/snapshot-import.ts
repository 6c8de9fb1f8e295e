/**
 * `npx convex import`: the CLI uploads the file in parts (`/api/import/start_upload`,
 * `upload_part`, `finish_upload`, which names the table, mode and format), watches
 * `_system/cli/queryImport` until the import waits for confirmation, confirms it
 * (`/api/perform_import`, or it asks first without `--yes`) and watches again until it is
 * "completed" or "failed". Here parsing happens in finish_upload and the import itself in
 * perform_import, each before it answers, so every look the CLI takes finds a settled state.
 *
 * Formats: a ZIP snapshot, read as Convex's import reads one (convex-backend
 * crates/application/src/snapshot_import/parse.rs): every `<table>/documents.jsonl` of the
 * app, each component's under `_components/<name>/…` (restored into that installed component;
 * `--component` puts the whole file under a component), and `_storage/documents.jsonl` with
 * its files `_storage/<id>[.ext]`, which keep their ids; `_tables` and other system tables are
 * skipped. JSON lines or a JSON array go into `--table`. Values are read as
 * Convex JSON, what ./snapshot-export.ts writes. CSV is not supported. `generated_schema.jsonl`
 * is not read: Convex JSON is exact for this backend's exports and for what a Convex export
 * writes today, except its int64 values (bare numbers there), which come in as numbers.
 *
 * Everything an import holds is in memory (its parts until finish_upload, then its documents
 * until it runs), so that is bounded (IMPORT_LIMITS): the bytes and parts of one file, the
 * imports open at once, and the time an abandoned one is kept.
 */
import { jsonToConvex, type JSONValue, type Value } from "convex/values";
import { formatBytes } from "../../engine/value-limits";
import { randomUUID } from "node:crypto";
import type { ImportMode, ImportTable } from "../../engine/admin-data";
import type { ImportedFile } from "../../engine/storage";
import type { Engine } from "../../engine/types";
import { readZip } from "./zip";

/** What a file holds: tables, and the files of `_storage` (null: it has no `_storage`). */
type Parsed = { tables: ImportTable[]; files: ImportedFile[] | null };

export type ImportState =
  | { state: "waiting_for_confirmation"; message_to_confirm: string; require_manual_confirmation: boolean }
  | { state: "in_progress"; progress_message: string; checkpoint_messages: string[] }
  | { state: "completed"; num_rows_written: bigint }
  | { state: "failed"; error_message: string };

type ImportRecord = {
  id: string;
  state: ImportState;
  parsed: Parsed;
  mode: ImportMode;
  /** While it waits for confirmation: drops it when nobody confirms. */
  expiry: NodeJS.Timeout | null;
};

type Upload = { parts: Map<number, Buffer>; bytes: number; expiry: NodeJS.Timeout };

export type ImportLimits = {
  /** Bytes of one file (the sum of its parts). */
  maxFileBytes: number;
  /** Bytes of a ZIP's files once unpacked. */
  maxUnzippedBytes: number;
  maxParts: number;
  /** Imports uploading, waiting for confirmation or running, at once. */
  maxOpenImports: number;
  /** An upload that gets no part, or an import nobody confirms, for this long is dropped. */
  abandonedAfterMs: number;
};

/**
 * 256 MiB of file (1 GiB once unpacked) is far more than a development database: the whole
 * database lives in memory, and an import holds its file and then its documents beside it.
 * The CLI sends 5 MiB parts, so 10,000 parts (S3's count, which Convex's uploads follow) is
 * never reached by a file of that size. Four imports at once leave room for a second terminal
 * or a retry while one is abandoned. The CLI sends its parts back to back and asks for the
 * confirmation at once, so 15 minutes without a word is an import nobody will finish.
 */
export const IMPORT_LIMITS: ImportLimits = {
  maxFileBytes: 256 * 1024 * 1024,
  maxUnzippedBytes: 1024 * 1024 * 1024,
  maxParts: 10_000,
  maxOpenImports: 4,
  abandonedAfterMs: 15 * 60 * 1000,
};

export type ImportRequest = { tableName?: string; componentPath?: string; mode?: string; format?: string };

/** A request the deployment refuses (400), with a message for the person at the CLI. */
export class ImportRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportRequestError";
  }
}

const MODES: Record<string, ImportMode> = {
  requireEmpty: "requireEmpty",
  append: "append",
  replace: "replace",
  replaceAll: "replaceAll",
};

export class SnapshotImports {
  private readonly uploads = new Map<string, Upload>();
  private readonly imports = new Map<string, ImportRecord>();

  constructor(
    private readonly engine: Engine,
    private readonly limits: ImportLimits = IMPORT_LIMITS,
  ) {}

  startUpload(): string {
    const open = this.uploads.size + [...this.imports.values()].filter(isOpen).length;
    if (open >= this.limits.maxOpenImports) {
      throw new ImportRequestError(
        `The local backend already has ${open} imports open (uploading, or waiting for confirmation): ` +
          `finish one, or start again after ${minutes(this.limits.abandonedAfterMs)} minutes, when an abandoned one expires`,
      );
    }
    const token = randomUUID();
    const expiry = setTimeout(() => this.uploads.delete(token), this.limits.abandonedAfterMs);
    expiry.unref();
    this.uploads.set(token, { parts: new Map(), bytes: 0, expiry });
    return token;
  }

  /** Keeps one part; returns its part token (the CLI hands the list back in finish_upload). */
  uploadPart(token: string, partNumber: number, data: Buffer): string {
    const upload = this.uploads.get(token);
    if (upload === undefined) throw new ImportRequestError("Unknown or expired upload token");
    if (!Number.isSafeInteger(partNumber) || partNumber < 1) throw new ImportRequestError("Bad part number");
    const bytes = upload.bytes - (upload.parts.get(partNumber)?.length ?? 0) + data.length;
    const parts = upload.parts.size + (upload.parts.has(partNumber) ? 0 : 1);
    if (bytes > this.limits.maxFileBytes || parts > this.limits.maxParts) {
      // Nothing more of it will be read: drop what it holds now rather than at its expiry.
      this.dropUpload(token, upload);
      throw new ImportRequestError(
        bytes > this.limits.maxFileBytes
          ? `The file is larger than ${formatBytes(this.limits.maxFileBytes)}, the most the local backend imports at once; the upload was dropped`
          : `The file came in more than ${this.limits.maxParts} parts, the most the local backend takes; the upload was dropped`,
      );
    }
    upload.parts.set(partNumber, data);
    upload.bytes = bytes;
    upload.expiry.refresh(); // still being sent: not abandoned
    return String(partNumber);
  }

  /** Joins the parts, reads the file and records the import, waiting for confirmation. */
  finishUpload(token: string, partTokens: unknown, request: ImportRequest): string {
    const upload = this.uploads.get(token);
    if (upload === undefined) throw new ImportRequestError("Unknown or expired upload token");
    this.dropUpload(token, upload);
    if (!Array.isArray(partTokens)) throw new ImportRequestError("partTokens must be a list");
    // Each uploaded part once: a list naming one part many times would join a file far past
    // the limits uploadPart checked (1,000 × a 64 MiB part).
    if (new Set(partTokens.map(String)).size !== partTokens.length) {
      throw new ImportRequestError("partTokens names a part more than once");
    }
    const file = Buffer.concat(
      partTokens.map((part) => {
        const data = upload.parts.get(Number(part));
        if (data === undefined) throw new ImportRequestError(`Part ${String(part)} was not uploaded`);
        return data;
      }),
    );
    const base = request.componentPath ?? "";
    if (base !== "" && !this.engine.admin.componentPaths().includes(base)) {
      throw new ImportRequestError(`No component is installed at ${base} in this deployment`);
    }
    const mode = MODES[request.mode ?? "requireEmpty"];
    if (mode === undefined) {
      throw new ImportRequestError(`Import mode ${String(request.mode)} is not supported by the local backend`);
    }
    const parsed = parseFile(file, request.format ?? "", request.tableName, this.limits.maxUnzippedBytes, base);
    const id = randomUUID();
    const expiry = setTimeout(() => this.expire(id), this.limits.abandonedAfterMs);
    expiry.unref();
    this.imports.set(id, { id, parsed, mode, state: this.confirmation(parsed, mode), expiry });
    return id;
  }

  /** Runs a confirmed import in one transaction; its outcome is in its state. */
  async perform(importId: string): Promise<void> {
    const record = this.imports.get(importId);
    if (record === undefined) throw new ImportRequestError(`No import with id ${importId}`);
    if (record.state.state !== "waiting_for_confirmation") {
      const why = record.state.state === "failed" ? `: ${record.state.error_message}` : "";
      throw new ImportRequestError(`The import ${importId} is not waiting for confirmation${why}`);
    }
    clearExpiry(record);
    record.state = { state: "in_progress", progress_message: "Importing", checkpoint_messages: [] };
    try {
      const { tables, files } = record.parsed;
      const written = await this.engine.admin.importDocuments(tables, record.mode, files);
      record.state = { state: "completed", num_rows_written: BigInt(written) };
    } catch (error) {
      record.state = { state: "failed", error_message: error instanceof Error ? error.message : String(error) };
    }
    // The documents are in the database now; keep only the outcome.
    record.parsed = NOTHING;
  }

  /** `_system/cli/queryImport`: the import as the CLI reads it (`.state`), or null. */
  get(importId: string): { _id: string; state: ImportState } | null {
    const record = this.imports.get(importId);
    return record === undefined ? null : { _id: record.id, state: record.state };
  }

  /** `_system/cli/queryImport:list`: every import since the backend started. */
  list(): { _id: string; state: ImportState }[] {
    return [...this.imports.values()].map((record) => ({ _id: record.id, state: record.state }));
  }

  private dropUpload(token: string, upload: Upload): void {
    clearTimeout(upload.expiry);
    this.uploads.delete(token);
  }

  /** Nobody confirmed it in time: its documents go, its outcome stays for the CLI to read. */
  private expire(importId: string): void {
    const record = this.imports.get(importId);
    if (record === undefined || record.state.state !== "waiting_for_confirmation") return;
    record.expiry = null;
    record.parsed = NOTHING;
    record.state = {
      state: "failed",
      error_message: `Not confirmed within ${minutes(this.limits.abandonedAfterMs)} minutes, the import expired; run npx convex import again`,
    };
  }

  /** What the CLI shows before it imports: each table, how many documents come and go. */
  private confirmation({ tables, files }: Parsed, mode: ImportMode): ImportState {
    const { admin } = this.engine;
    let replacing = false;
    const line = (componentPath: string, table: string, created: number, existing: number): string => {
      const deleted = mode === "replace" || mode === "replaceAll" ? existing : 0;
      replacing ||= deleted > 0;
      return `${componentPath === "" ? "" : `${componentPath}:`}${table} | ${created} | ${deleted}`;
    };
    const lines = tables.map(({ componentPath, table, documents }) =>
      line(
        componentPath,
        table,
        documents.length,
        // A component this deployment lacks has nothing to delete (the import itself refuses it).
        componentPath === "" || admin.componentPaths().includes(componentPath)
          ? admin.documents(table, componentPath).length
          : 0,
      ),
    );
    if (files !== null) lines.push(line("", "_storage", files.length, admin.documents("_storage").length));
    if (mode === "replaceAll") {
      // Every other table of the app and of each component is emptied.
      const named = new Set(tables.map(({ componentPath, table }) => `${componentPath}:${table}`));
      for (const componentPath of ["", ...admin.componentPaths()]) {
        for (const table of admin.tables(componentPath)) {
          if (table.startsWith("_") || named.has(`${componentPath}:${table}`)) continue;
          const existing = admin.documents(table, componentPath).length;
          if (existing > 0) lines.push(line(componentPath, table, 0, existing));
        }
      }
    }
    return {
      state: "waiting_for_confirmation",
      message_to_confirm: ["Import change summary:", "table | create | delete", ...lines].join("\n"),
      // Like Convex: asks before deleting data, goes ahead otherwise.
      require_manual_confirmation: replacing,
    };
  }
}

const NOTHING: Parsed = { tables: [], files: null };

/** Holding documents or about to: counts against the imports open at once. */
function isOpen(record: ImportRecord): boolean {
  return record.state.state === "waiting_for_confirmation" || record.state.state === "in_progress";
}

function clearExpiry(record: ImportRecord): void {
  if (record.expiry !== null) clearTimeout(record.expiry);
  record.expiry = null;
}

function minutes(ms: number): string {
  return String(Math.round((ms / 60_000) * 10) / 10);
}

function parseFile(
  file: Buffer,
  format: string,
  tableName: string | undefined,
  maxUnzippedBytes: number,
  componentPath: string,
): Parsed {
  const single = (documents: JSONValue[]): Parsed => ({
    tables: [{ componentPath, table: requireTable(tableName), documents }],
    files: null,
  });
  switch (format) {
    case "zip":
      return fromZip(file, maxUnzippedBytes, componentPath);
    case "jsonLines":
      return single(parseJsonLines(file.toString("utf8"), "the file"));
    case "jsonArray": {
      const parsed = parseJson(file.toString("utf8"), "the file");
      if (!Array.isArray(parsed)) throw new ImportRequestError("A JSON array import must hold one array of documents");
      return single(parsed);
    }
    default:
      throw new ImportRequestError(`Importing ${format || "this format"} is not supported by the local backend`);
  }
}

/** `[_components/<name>/]…<table>/documents.jsonl`: the component's path steps and the table. */
const DOCUMENTS = /^((?:_components\/[^/]+\/)*)([^/]+)\/documents\.jsonl$/;
/** A stored file: `_storage/<id>`, with the extension a Convex export adds to some. */
const STORAGE_FILE = /^_storage\/([^/.]+)(?:\.[^/]+)?$/;

function fromZip(file: Buffer, maxUnzippedBytes: number, base: string): Parsed {
  let entries;
  try {
    entries = readZip(file, maxUnzippedBytes);
  } catch (error) {
    throw new ImportRequestError(`The ZIP file cannot be read: ${error instanceof Error ? error.message : ""}`);
  }
  const tables: ImportTable[] = [];
  let storageDocuments: JSONValue[] | null = null;
  const contents = new Map<string, Buffer>();
  for (const { name, data } of entries) {
    const documents = DOCUMENTS.exec(name);
    if (documents !== null) {
      const steps = (documents[1] ?? "").split("/").filter((step, index) => index % 2 === 1 && step !== "");
      const componentPath = [base, ...steps].filter((step) => step !== "").join("/");
      const table = documents[2] ?? "";
      const rows = () => parseJsonLines(data.toString("utf8"), name);
      if (!table.startsWith("_")) tables.push({ componentPath, table, documents: rows() });
      // Files of the app's storage only: components' files are not kept by this backend.
      else if (table === "_storage" && componentPath === "") storageDocuments = rows();
      continue;
    }
    const stored = STORAGE_FILE.exec(name);
    if (stored !== null && base === "") contents.set(stored[1] ?? "", data);
  }
  return { tables, files: storageDocuments === null ? null : filesOf(storageDocuments, contents) };
}

/** Each `_storage` document with its file from the ZIP; a document without its file is refused. */
function filesOf(documents: readonly JSONValue[], contents: ReadonlyMap<string, Buffer>): ImportedFile[] {
  return documents.map((json) => {
    const document = jsonToConvex(json) as Record<string, Value>;
    const id = typeof document._id === "string" ? document._id : "";
    const bytes = contents.get(id);
    if (bytes === undefined) {
      throw new ImportRequestError(`_storage/documents.jsonl names ${id}, whose file _storage/${id} is not in the ZIP`);
    }
    return { document, bytes: new Uint8Array(bytes) };
  });
}

function requireTable(tableName: string | undefined): string {
  if (tableName === undefined || tableName === "") throw new ImportRequestError("Name the table to import into");
  return tableName;
}

function parseJsonLines(text: string, source: string): JSONValue[] {
  return text
    .split("\n")
    .map((line, index) => ({ line: line.trim(), index }))
    .filter(({ line }) => line !== "")
    .map(({ line, index }) => parseJson(line, `line ${index + 1} of ${source}`));
}

function parseJson(text: string, where: string): JSONValue {
  try {
    return JSON.parse(text) as JSONValue;
  } catch {
    throw new ImportRequestError(`${where} is not valid JSON`);
  }
}
