/**
 * `npx convex export` and `import` with the components' tables (server/admin/snapshot-export.ts,
 * snapshot-import.ts): each component's tables go under `_components/<name>/`, as in a Convex
 * export, and an import restores them, so the sharded counter, rate limits and presence move
 * with the rows they stand for. Before, an `import --replace` left the target's counter shards
 * in place and the board counted the books of both ("410 books for 310").
 *
 * Run here on the classes the CLI's endpoints call; the whole move through the real CLI, with
 * files and a session, is in move-deployment.test.ts.
 */
import type { JSONValue } from "convex/values";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCounter, incrementCounter } from "../../convex/lib/counters";
import { openEngine } from "../../local-backend/engine/open-engine";
import type { Engine } from "../../local-backend/engine/types";
import { seedDemoContent } from "../../local-backend/seed/run-seed";
import { SnapshotExports } from "../../local-backend/server/admin/snapshot-export";
import { SnapshotImports } from "../../local-backend/server/admin/snapshot-import";
import { readZip, writeZip } from "../../local-backend/server/admin/zip";
import { removeTemporaryDataDirs, temporaryDataDir, URLS } from "./engine-test-env";

type Contents = Record<string, JSONValue[]>;

/** Every user table of the app and of every component, keyed "<component path>:<table>". */
function contentsOf(engine: Engine): Contents {
  const contents: Contents = {};
  for (const componentPath of ["", ...engine.admin.componentPaths()]) {
    for (const table of engine.admin.tables(componentPath)) {
      if (!table.startsWith("_")) contents[`${componentPath}:${table}`] = engine.admin.documents(table, componentPath);
    }
  }
  return contents;
}

async function exportZip(engine: Engine): Promise<Buffer> {
  const exports = new SnapshotExports(engine);
  await exports.request(false);
  const state = exports.latestState();
  if (state?.state !== "completed") throw new Error("the export failed");
  const download = exports.download(state.start_ts.toString());
  if (download === null) throw new Error("no export to download");
  return download.zip;
}

/** What the CLI's upload, finish_upload and perform_import do, in one go. */
async function importZip(engine: Engine, zip: Buffer, mode: string, componentPath?: string): Promise<string> {
  const imports = new SnapshotImports(engine);
  const token = imports.startUpload();
  const part = imports.uploadPart(token, 1, zip);
  const id = imports.finishUpload(token, [part], { format: "zip", mode, componentPath });
  const message = imports.get(id)?.state;
  await imports.perform(id);
  const state = imports.get(id)?.state;
  if (state?.state !== "completed") throw new Error(`import failed: ${JSON.stringify(state)}`);
  return message?.state === "waiting_for_confirmation" ? message.message_to_confirm : "";
}

const booksTotal = (engine: Engine) => engine.admin.run((ctx) => getCounter(ctx, "books"));

let source: Engine;
let target: Engine;
let targetDir: string;
let zip: Buffer;

beforeAll(async () => {
  source = await openEngine({ dataDir: temporaryDataDir(), ...URLS });
  await seedDemoContent(source);
  zip = await exportZip(source);
  // The target has data of its own, its counter off by 100 (the finding's 410 for 310).
  targetDir = temporaryDataDir();
  target = await openEngine({ dataDir: targetDir, ...URLS });
  await seedDemoContent(target);
  await target.admin.run((ctx) => incrementCounter(ctx, "books", 100));
}, 240_000);

afterAll(async () => {
  await source?.close();
  await target?.close();
  removeTemporaryDataDirs();
});

describe("a snapshot export with components", () => {
  it("writes each component's tables under _components/<name>/, as a Convex export does", () => {
    const names = new Set(readZip(zip).map(({ name }) => name));
    expect(names).toContain("books/documents.jsonl");
    expect(names).toContain("_tables/documents.jsonl");
    expect(names).toContain("_components/shardedCounter/counters/documents.jsonl");
    expect(names).toContain("_components/shardedCounter/counters/generated_schema.jsonl");
    expect(names).toContain("_components/shardedCounter/_tables/documents.jsonl");
    expect(names).toContain("_components/rateLimiter/rateLimits/documents.jsonl");
    expect(names).toContain("_components/presence/presence/documents.jsonl");
    // No component table leaks into the app's folders.
    expect(names.has("counters/documents.jsonl")).toBe(true); // the app's own legacy counters table
    expect([...names].filter((name) => name.startsWith("_components/")).length).toBeGreaterThan(6);
  });

  it("names each database's tables in its _tables, as Convex's import reads them", () => {
    const entry = readZip(zip).find(({ name }) => name === "_components/shardedCounter/_tables/documents.jsonl");
    const lines = (entry?.data.toString("utf8") ?? "").trim().split("\n");
    expect(lines.map((line) => JSON.parse(line) as { name: string; id: number })).toContainEqual({
      name: "counters",
      id: 10001,
    });
  });
});

describe("importing it with --replace into a deployment that has data", () => {
  it("leaves every table and every component table identical to the source's, and the totals equal their rows", async () => {
    expect(await booksTotal(target)).toBe(target.admin.documents("books").length + 100);

    const summary = await importZip(target, zip, "replace");
    expect(summary).toContain("shardedCounter:counters |");

    const expected = contentsOf(source);
    const actual = contentsOf(target);
    expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
    for (const key of Object.keys(expected)) expect(actual[key], key).toEqual(expected[key]);
    expect(expected["shardedCounter:counters"]?.length).toBeGreaterThan(0);
    const books = source.admin.documents("books").length;
    expect(books).toBeGreaterThan(0);
    expect(await booksTotal(target)).toBe(books);
  }, 120_000);

  it("keeps the imported component rows across a restart", async () => {
    const expected = contentsOf(target);
    const books = await booksTotal(target);
    await target.close();
    target = await openEngine({ dataDir: targetDir, ...URLS });
    expect(contentsOf(target)).toEqual(expected);
    expect(await booksTotal(target)).toBe(books);
  }, 120_000);
});

describe("importing with --replace-all", () => {
  it("also empties the tables the snapshot does not hold, in the app and in components", async () => {
    // A snapshot of two tables only: the app's books and the counter's shards.
    const only = new Set(["books/documents.jsonl", "_components/shardedCounter/counters/documents.jsonl"]);
    const partial = writeZip(readZip(zip).filter(({ name }) => only.has(name)));
    expect(target.admin.documents("posts").length).toBeGreaterThan(0);
    const files = target.admin.documents("_storage").length;
    expect(
      target.admin.documents("rateLimits", "rateLimiter").length +
        target.admin.documents("presence", "presence").length,
    ).toBeGreaterThan(0);

    await importZip(target, partial, "replaceAll");
    expect(target.admin.documents("posts")).toEqual([]);
    expect(target.admin.documents("rateLimits", "rateLimiter")).toEqual([]);
    expect(target.admin.documents("presence", "presence")).toEqual([]);
    expect(target.admin.documents("books")).toEqual(source.admin.documents("books"));
    expect(await booksTotal(target)).toBe(source.admin.documents("books").length);
    // System tables are not the user's: the accounts' files stay.
    expect(target.admin.documents("_storage")).toHaveLength(files);
  }, 120_000);
});

describe("an import naming a component the deployment does not have", () => {
  it("is refused with a message, and nothing is written", async () => {
    const before = contentsOf(target);
    const stray = writeZip([
      { name: "books/documents.jsonl", data: Buffer.from("") },
      { name: "_components/nowhere/things/documents.jsonl", data: Buffer.from('{"a":1.0}\n') },
    ]);
    await expect(importZip(target, stray, "replace")).rejects.toThrow("No component is installed at nowhere");
    expect(contentsOf(target)).toEqual(before);
  });
});

describe("an import of files", () => {
  it("refuses a file whose bytes are not the ones its _storage document records, and one that is missing", async () => {
    const before = target.admin.documents("_storage");
    const document = { _id: "123456789012345678901234567_storage", _creationTime: 1, size: 3, sha256: "AAAA" };
    const tampered = writeZip([
      { name: "_storage/documents.jsonl", data: Buffer.from(`${JSON.stringify(document)}\n`) },
      { name: `_storage/${document._id}`, data: Buffer.from("abc") },
    ]);
    await expect(importZip(target, tampered, "append")).rejects.toThrow("does not match the sha256");
    const missing = writeZip([
      { name: "_storage/documents.jsonl", data: Buffer.from(`${JSON.stringify(document)}\n`) },
    ]);
    await expect(importZip(target, missing, "append")).rejects.toThrow("is not in the ZIP");
    expect(target.admin.documents("_storage")).toEqual(before);
  });
});
