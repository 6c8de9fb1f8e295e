/**
 * What `npx convex import` may hold in the local backend's memory (server/admin/snapshot-import.ts):
 * the parts of one file up to a total and a count, a bounded number of imports open at once,
 * and abandoned uploads and unconfirmed imports dropped after a while. The import flow itself,
 * through the real CLI, is in convex-cli.test.ts.
 */
import type { JSONValue } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Engine } from "../../local-backend/engine/types";
import {
  IMPORT_LIMITS,
  ImportRequestError,
  SnapshotImports,
  type ImportLimits,
} from "../../local-backend/server/admin/snapshot-import";
import { writeZip } from "../../local-backend/server/admin/zip";

const MIB = 1024 * 1024;
const LIMITS: ImportLimits = {
  maxFileBytes: MIB,
  maxUnzippedBytes: 2 * MIB,
  maxParts: 3,
  maxOpenImports: 2,
  abandonedAfterMs: 2 * 60_000,
};
const JSON_LINES = { tableName: "notes", format: "jsonLines" };

/** An engine with empty tables that records what it was asked to import. */
function fakeEngine(): { engine: Engine; imported: { table: string; documents: readonly JSONValue[] }[] } {
  const imported: { table: string; documents: readonly JSONValue[] }[] = [];
  const admin = {
    documents: () => [],
    importDocuments: (tables: readonly { table: string; documents: readonly JSONValue[] }[]) => {
      imported.push(...tables);
      return Promise.resolve(tables.reduce((sum, { documents }) => sum + documents.length, 0));
    },
  };
  return { engine: { admin } as unknown as Engine, imported };
}

const line = (text: string) => Buffer.from(`${JSON.stringify({ text })}\n`);

describe("snapshot imports in memory", () => {
  let imports: SnapshotImports;
  let imported: ReturnType<typeof fakeEngine>["imported"];

  beforeEach(() => {
    vi.useFakeTimers();
    const fake = fakeEngine();
    imported = fake.imported;
    imports = new SnapshotImports(fake.engine, LIMITS);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("refuses a part that takes one file past its total, and drops that upload", () => {
    const token = imports.startUpload();
    imports.uploadPart(token, 1, Buffer.alloc(600 * 1024));
    // Sending a part again replaces it: only the bytes kept count.
    imports.uploadPart(token, 1, Buffer.alloc(600 * 1024));
    imports.uploadPart(token, 2, Buffer.alloc(424 * 1024));
    expect(() => imports.uploadPart(token, 3, Buffer.alloc(1))).toThrow(
      new ImportRequestError(
        "The file is larger than 1 MiB, the most the local backend imports at once; the upload was dropped",
      ),
    );
    expect(() => imports.uploadPart(token, 2, Buffer.alloc(1))).toThrow("Unknown or expired upload token");
    // It no longer counts as open: two new ones fit.
    imports.startUpload();
    imports.startUpload();
  });

  it("refuses a file that names one part more than once, which would join it past the limits", () => {
    const token = imports.startUpload();
    imports.uploadPart(token, 1, line("a"));
    expect(() => imports.finishUpload(token, Array(1000).fill("1"), JSON_LINES)).toThrow(
      new ImportRequestError("partTokens names a part more than once"),
    );
    expect(imported).toEqual([]);
  });

  it("refuses a file in more parts than the limit", () => {
    const token = imports.startUpload();
    for (const part of [1, 2, 3]) imports.uploadPart(token, part, Buffer.alloc(1));
    expect(() => imports.uploadPart(token, 4, Buffer.alloc(1))).toThrow(/more than 3 parts/);
  });

  it("refuses an import past the number open at once, and takes one again when one is done", async () => {
    const first = imports.startUpload();
    imports.startUpload();
    expect(() => imports.startUpload()).toThrow(
      "The local backend already has 2 imports open (uploading, or waiting for confirmation): " +
        "finish one, or start again after 2 minutes, when an abandoned one expires",
    );
    // Waiting for confirmation still holds its documents: still open.
    imports.uploadPart(first, 1, line("one"));
    const importId = imports.finishUpload(first, ["1"], JSON_LINES);
    expect(() => imports.startUpload()).toThrow(ImportRequestError);
    await imports.perform(importId);
    expect(imports.get(importId)?.state).toMatchObject({ state: "completed" });
    expect(imported).toEqual([{ componentPath: "", table: "notes", documents: [{ text: "one" }] }]);
    imports.startUpload();
    expect(() => imports.startUpload()).toThrow(ImportRequestError);
  });

  it("drops an upload that gets no part for the abandonment time; each part restarts the clock", () => {
    const token = imports.startUpload();
    vi.advanceTimersByTime(LIMITS.abandonedAfterMs - 1000);
    imports.uploadPart(token, 1, line("kept"));
    vi.advanceTimersByTime(LIMITS.abandonedAfterMs - 1000);
    imports.uploadPart(token, 2, line("still kept"));
    vi.advanceTimersByTime(LIMITS.abandonedAfterMs);
    expect(() => imports.uploadPart(token, 3, line("late"))).toThrow("Unknown or expired upload token");
    expect(() => imports.finishUpload(token, ["1", "2"], JSON_LINES)).toThrow("Unknown or expired upload token");
  });

  it("expires an import nobody confirms: it fails with a message, keeps no documents, and frees its place", async () => {
    const token = imports.startUpload();
    imports.uploadPart(token, 1, line("unconfirmed"));
    const importId = imports.finishUpload(token, ["1"], JSON_LINES);
    imports.startUpload();
    expect(() => imports.startUpload()).toThrow(ImportRequestError);

    vi.advanceTimersByTime(LIMITS.abandonedAfterMs);
    expect(imports.get(importId)?.state).toEqual({
      state: "failed",
      error_message: "Not confirmed within 2 minutes, the import expired; run npx convex import again",
    });
    await expect(imports.perform(importId)).rejects.toThrow(/is not waiting for confirmation: Not confirmed within/);
    expect(imported).toEqual([]);
    imports.startUpload();
  });

  it("refuses a ZIP whose files unpack past the limit, before unpacking them", () => {
    const zip = writeZip([
      { name: "notes/documents.jsonl", data: Buffer.alloc(1.5 * MIB, 0x20) },
      { name: "books/documents.jsonl", data: Buffer.alloc(1.5 * MIB, 0x20) },
    ]);
    const token = imports.startUpload();
    imports.uploadPart(token, 1, zip);
    expect(() => imports.finishUpload(token, ["1"], { format: "zip" })).toThrow(
      /^The ZIP file cannot be read: its files add up to more than 2 MiB unpacked/,
    );
  });

  it("keeps the limits stated for the CLI's real files", () => {
    expect(IMPORT_LIMITS).toEqual({
      maxFileBytes: 256 * 1024 * 1024,
      maxUnzippedBytes: 1024 * 1024 * 1024,
      maxParts: 10_000,
      maxOpenImports: 4,
      abandonedAfterMs: 15 * 60 * 1000,
    });
  });
});
