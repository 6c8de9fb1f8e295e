/**
 * `npx convex export`: the CLI asks for a snapshot (POST `/api/export/request/zip`), watches
 * `_system/cli/exports:getLatest` until it is "completed", then downloads it from
 * `/api/export/zip/<start_ts>`. Here the snapshot is made at once, while the request is
 * answered, so the CLI's first look already finds it complete. It is kept in memory until the
 * next one (a Convex deployment keeps its exports in file storage).
 *
 * The ZIP holds what Convex's does (convex-backend crates/exports/src/lib.rs): for the app's
 * tables `<table>/documents.jsonl`, one document per line, beside `<table>/generated_schema.jsonl`,
 * and `_tables/documents.jsonl` naming the tables; the same for each component under its path,
 * `_components/<name>/` per step of it (`_components/presence/_components/batchWorker/…`), so
 * the sharded counter, rate limits and presence move with the rows they count; and with
 * `--include-file-storage` the `_storage` table and each stored file as `_storage/<id>`.
 *
 * generated_schema.jsonl is what a Convex export writes today: the one line `"uniform"`, which
 * tells Convex's import that documents.jsonl uses its one lossless encoding (ConvexExportJSON)
 * rather than a shape inferred from the table (the older format, which is not reproduced).
 * In that encoding a number without a point or an exponent is an int64, so every float is
 * written with one ("5.0"); int64, bytes and the floats JSON cannot hold keep their Convex JSON
 * form (`{"$integer"|"$bytes"|"$float": …}`), which it reads too. So Convex's import reads
 * every value exactly (the ids, which are not Convex ids, are another matter), and so does
 * ./snapshot-import.ts, which reads Convex JSON. System tables
 * (`_storage`) get no generated_schema.jsonl and plain JSON, as on Convex (its `size` must read
 * as an integer).
 */
import type { JSONValue } from "convex/values";
import type { Engine } from "../../engine/types";
import { writeZip, type ZipEntry } from "./zip";

type Completed = { state: "completed"; start_ts: bigint; complete_ts: bigint; zip_object_key: string };
export type ExportState = Completed | { state: "failed" };

const README = `This snapshot was exported from a local backend (local-backend/ of this project).
Each folder is a table; documents.jsonl holds its documents, one per line, as JSON in the
encoding generated_schema.jsonl names ("uniform", as in a Convex export). Each component's
tables are under _components/<name>/, as in a Convex export.
Import it with \`npx convex import <file>.zip\`.
`;

/** Every user table's generated_schema.jsonl (see above). */
const UNIFORM_SCHEMA = `${JSON.stringify("uniform")}\n`;

export class SnapshotExports {
  private latest: { state: ExportState; zip: Buffer | null } | null = null;

  constructor(private readonly engine: Engine) {}

  /** What `_system/cli/exports:getLatest` shows: the latest export's state, or null. */
  latestState(): ExportState | null {
    return this.latest?.state ?? null;
  }

  /** Makes a snapshot now; a failure is reported through the state, as Convex does. */
  async request(includeStorage: boolean): Promise<void> {
    // Convex timestamps are nanoseconds.
    const startTs = BigInt(Date.now()) * 1_000_000n;
    try {
      const zip = writeZip(await this.entries(includeStorage));
      const state: Completed = {
        state: "completed",
        start_ts: startTs,
        complete_ts: BigInt(Date.now()) * 1_000_000n,
        zip_object_key: `snapshot_${startTs}.zip`,
      };
      this.latest = { state, zip };
    } catch (error) {
      console.error("local backend: a snapshot export failed:", error);
      this.latest = { state: { state: "failed" }, zip: null };
    }
  }

  /** The ZIP of the export that started at `startTs`, or null when there is none. */
  download(startTs: string): { zip: Buffer; fileName: string } | null {
    const latest = this.latest;
    if (latest === null || latest.zip === null || latest.state.state !== "completed") return null;
    if (latest.state.start_ts.toString() !== startTs) return null;
    return { zip: latest.zip, fileName: latest.state.zip_object_key };
  }

  private async entries(includeStorage: boolean): Promise<ZipEntry[]> {
    const entries: ZipEntry[] = [{ name: "README.md", data: Buffer.from(README) }];
    // One synchronous pass over every database: one consistent snapshot.
    const { admin } = this.engine;
    const databases = ["", ...admin.componentPaths()].map((componentPath) => ({
      prefix: exportPathPrefix(componentPath),
      tables: admin
        .tables(componentPath)
        .filter((table) => !table.startsWith("_") || (includeStorage && componentPath === "" && table === "_storage"))
        .map((table) => ({ table, documents: admin.documents(table, componentPath) })),
    }));
    for (const { prefix, tables } of databases) {
      const userTables = tables.filter(({ table }) => !table.startsWith("_"));
      entries.push({ name: `${prefix}_tables/documents.jsonl`, data: Buffer.from(tablesTable(userTables)) });
      for (const { table, documents } of tables) {
        const isSystem = table.startsWith("_");
        if (!isSystem) {
          entries.push({ name: `${prefix}${table}/generated_schema.jsonl`, data: Buffer.from(UNIFORM_SCHEMA) });
        }
        const lines = documents.map((document) => `${isSystem ? JSON.stringify(document) : exportJson(document)}\n`);
        entries.push({ name: `${prefix}${table}/documents.jsonl`, data: Buffer.from(lines.join("")) });
      }
    }
    const storage = databases[0]?.tables.find(({ table }) => table === "_storage");
    for (const document of storage?.documents ?? []) {
      const id = (document as { _id: string })._id;
      const file = await this.engine.getFile(id);
      if (file !== null) entries.push({ name: `_storage/${id}`, data: Buffer.from(await file.blob.arrayBuffer()) });
    }
    return entries;
  }
}

/**
 * Where a component's tables go in the ZIP: `_components/<name>/` for each step of its path,
 * as Convex's get_export_path_prefix writes it; "" for the app's own.
 */
export function exportPathPrefix(componentPath: string): string {
  return componentPath === ""
    ? ""
    : componentPath
        .split("/")
        .map((name) => `_components/${name}/`)
        .join("");
}

/**
 * `_tables/documents.jsonl`: each user table's name and number, which a Convex import reads
 * to number the tables it makes. This backend has no table numbers; they are given in name
 * order from 10001, where Convex's user tables start.
 */
function tablesTable(tables: readonly { table: string }[]): string {
  return tables.map(({ table }, index) => `${JSON.stringify({ name: table, id: 10001 + index })}\n`).join("");
}

/** Convex JSON as JSON text, every float with a point or an exponent (see above). */
export function exportJson(value: JSONValue): string {
  if (typeof value === "number") {
    const text = JSON.stringify(value);
    return /[.eE]/.test(text) ? text : `${text}.0`;
  }
  if (Array.isArray(value)) return `[${value.map(exportJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const fields = Object.entries(value).map(([key, field]) => `${JSON.stringify(key)}:${exportJson(field)}`);
    return `{${fields.join(",")}}`;
  }
  return JSON.stringify(value);
}
