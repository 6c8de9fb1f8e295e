/**
 * Convex's limits, each at its edge and just past it, with the message a Convex deployment gives
 * (texts from get-convex/convex-backend: crates/value, crates/common/src/document.rs,
 * crates/database/src/reads.rs and writes.rs).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Engine } from "../../local-backend/engine/types";
import { fixtureEngine, removeTemporaryDataDirs } from "./engine-test-env";

const MiB = 1024 * 1024;
/** Size of a `blobs` document beyond its string `s`: braces, field names, `_id` (32 characters) and `_creationTime`. */
const BLOB_OVERHEAD = 67;
const OVER_LIMIT_HELP =
  "Consider using smaller limits in your queries, paginating your queries, or using indexed queries with a selective index range expressions.";

let engine: Engine;
beforeEach(async () => {
  engine = await fixtureEngine();
});
afterEach(async () => {
  await engine.close();
  removeTemporaryDataDirs();
});

const insertShaped = (shape: string, n: number) => engine.runMutation("limits:insertShaped", { shape, n }, null);
const blobCount = async () => (await engine.runQuery("limits:countBlobs", {}, null)) as number;
/** Trusted inserts (seeding is not held to a function's limits), `count` blobs of `bytes` characters. */
const seedBlobs = (count: number, bytes = 1) =>
  engine.admin.run(async (ctx) => {
    const db = ctx.db as unknown as { insert(table: string, value: unknown): Promise<string> };
    for (let i = 0; i < count; i++) await db.insert("blobs", { s: "x".repeat(bytes) });
  });

describe("a document", () => {
  it("may be 1 MiB, not a byte more", async () => {
    await expect(insertShaped("string", MiB - BLOB_OVERHEAD)).resolves.toBeTypeOf("string");
    await expect(insertShaped("string", MiB - BLOB_OVERHEAD + 1)).rejects.toThrow(
      "Value is too large (1 MiB > maximum size 1 MiB)",
    );
    await expect(insertShaped("string", MiB + 20_000)).rejects.toThrow(
      "Value is too large (1.02 MiB > maximum size 1 MiB)",
    );
  });

  it("may be nested 16 levels deep, not 17", async () => {
    await expect(insertShaped("nesting", 16)).resolves.toBeTypeOf("string");
    await expect(insertShaped("nesting", 17)).rejects.toThrow(
      "Document is too nested (nested 17 levels deep > maximum nesting 16)",
    );
  });

  it("may have objects of 1,024 fields, not 1,025", async () => {
    await expect(insertShaped("fields", 1024)).resolves.toBeTypeOf("string");
    await expect(insertShaped("fields", 1025)).rejects.toThrow(
      "Object has too many fields (1025 > maximum number 1024)",
    );
  });

  it("may have arrays of 8,192 elements, not 8,193", async () => {
    await expect(insertShaped("array", 8192)).resolves.toBeTypeOf("string");
    await expect(insertShaped("array", 8193)).rejects.toThrow("Array length is too long (8193 > maximum length 8192)");
  });

  it("may not have fields starting with _ (reserved for system fields) or $", async () => {
    await expect(insertShaped("systemField", 1)).rejects.toThrow(
      "Field '_secret' starts with an underscore, which is only allowed for system fields like '_id'",
    );
    await expect(insertShaped("nestedSystemField", 1)).rejects.toThrow(
      "Field '_secret' starts with an underscore, which is not allowed for nested fields",
    );
    await expect(insertShaped("dollarField", 1)).rejects.toThrow(
      "Field name $secret starts with a '$', which is reserved.",
    );
    expect(await blobCount()).toBe(0);
  });

  it("is checked on patch too, and a refused patch leaves the document as it was", async () => {
    const id = (await insertShaped("array", 3)) as string;
    await expect(engine.runMutation("limits:patchShaped", { id, shape: "array", n: 8193 }, null)).rejects.toThrow(
      "Array length is too long (8193 > maximum length 8192)",
    );
    await expect(engine.runMutation("limits:patchShaped", { id, shape: "array", n: 8192 }, null)).resolves.toBe(null);
  });

  it("refused inside a function that catches the error is not written", async () => {
    expect(await engine.runMutation("limits:insertTooBigAndCatch", {}, null)).toEqual({
      error: "Array length is too long (8193 > maximum length 8192)",
      blobs: 0,
    });
  });
});

describe("a transaction", () => {
  it("may write 16,000 documents, not 16,001", async () => {
    await expect(engine.runMutation("limits:insertMany", { count: 16_000, bytes: 1 }, null)).resolves.toBe(16_000);
    await expect(engine.runMutation("limits:insertMany", { count: 16_001, bytes: 1 }, null)).rejects.toThrow(
      "Too many writes in a single function execution (limit: 16000)",
    );
    expect(await engine.runQuery("limits:countBlobs", { take: 16_001 }, null)).toBe(16_000);
  });

  it("may write 16 MiB, not more", async () => {
    const oneMiB = MiB - BLOB_OVERHEAD;
    await expect(engine.runMutation("limits:insertMany", { count: 16, bytes: oneMiB }, null)).resolves.toBe(16);
    await expect(engine.runMutation("limits:insertMany", { count: 17, bytes: oneMiB }, null)).rejects.toThrow(
      "Too many bytes written in a single function execution (limit: 16777216 bytes)",
    );
  });

  it("may read 32,000 documents, not 32,001, counting those a filter dropped", async () => {
    await seedBlobs(32_001);
    await expect(engine.runQuery("limits:countBlobs", { take: 32_000 }, null)).resolves.toBe(32_000);
    const tooMany = `Too many documents read in a single function execution (limit: 32000). ${OVER_LIMIT_HELP}`;
    await expect(engine.runQuery("limits:countBlobs", {}, null)).rejects.toThrow(tooMany);
    await expect(engine.runQuery("limits:countBlobs", { dropAll: true }, null)).rejects.toThrow(tooMany);
  });

  it("may call db.get 4,096 times, not 4,097", async () => {
    await seedBlobs(1);
    const [blob] = (await engine.admin.documents("blobs")) as { _id: string }[];
    const getRepeatedly = (times: number) =>
      engine.runQuery("limits:getRepeatedly", { id: blob?._id ?? "", times }, null);
    await expect(getRepeatedly(4_096)).resolves.toBe(4_096);
    await expect(getRepeatedly(4_097)).rejects.toThrow(
      `Too many reads in a single function execution (limit: 4096). ${OVER_LIMIT_HELP}`,
    );
  });

  it("counts the bytes of each db.get against the 16 MiB", async () => {
    await seedBlobs(1, MiB - BLOB_OVERHEAD);
    const [blob] = (await engine.admin.documents("blobs")) as { _id: string }[];
    const getRepeatedly = (times: number) =>
      engine.runQuery("limits:getRepeatedly", { id: blob?._id ?? "", times }, null);
    await expect(getRepeatedly(16)).resolves.toBe(16);
    await expect(getRepeatedly(17)).rejects.toThrow(
      `Too many bytes read in a single function execution (limit: 16777216 bytes). ${OVER_LIMIT_HELP}`,
    );
  });

  it("counts the bytes of each document of a page against the 16 MiB", async () => {
    await seedBlobs(17, MiB - BLOB_OVERHEAD);
    const pageOfBlobs = (numItems: number) => engine.runQuery("limits:pageOfBlobs", { numItems }, null);
    await expect(pageOfBlobs(16)).resolves.toBe(16);
    await expect(pageOfBlobs(17)).rejects.toThrow(
      `Too many bytes read in a single function execution (limit: 16777216 bytes). ${OVER_LIMIT_HELP}`,
    );
  });

  it("may paginate once, not twice", async () => {
    await seedBlobs(2);
    await expect(engine.runQuery("limits:twoPagesOfBlobs", {}, null)).rejects.toThrow(
      "Only a single paginated query (`.paginate()`) is allowed per function execution.",
    );
  });

  it("may read 16 MiB, not more", async () => {
    await seedBlobs(17, MiB - BLOB_OVERHEAD);
    await expect(engine.runQuery("limits:countBlobs", { take: 16 }, null)).resolves.toBe(16);
    await expect(engine.runQuery("limits:countBlobs", { take: 17 }, null)).rejects.toThrow(
      `Too many bytes read in a single function execution (limit: 16777216 bytes). ${OVER_LIMIT_HELP}`,
    );
  });
});

describe("a return value", () => {
  it("may be 16 MiB, not more", async () => {
    // A string's size is its bytes plus 2.
    await expect(engine.runQuery("limits:returnString", { length: 16 * MiB - 2 }, null)).resolves.toHaveLength(
      16 * MiB - 2,
    );
    await expect(engine.runQuery("limits:returnString", { length: 16 * MiB - 1 }, null)).rejects.toThrow(
      "Function return value is too large (16 MiB > maximum size 16 MiB)",
    );
  });

  it("holds arrays of 8,192 elements at most", async () => {
    await expect(engine.runQuery("limits:returnArray", { length: 8192 }, null)).resolves.toHaveLength(8192);
    await expect(engine.runQuery("limits:returnArray", { length: 8193 }, null)).rejects.toThrow(
      "Array length is too long (8193 > maximum length 8192)",
    );
  });

  it("too large fails a mutation as a whole: its writes roll back", async () => {
    await expect(engine.runMutation("limits:insertAndReturnString", { length: 16 * MiB }, null)).rejects.toThrow(
      "Function return value is too large",
    );
    expect(await blobCount()).toBe(0);
  });
});

describe("system tables", () => {
  it("_storage is read-only to db.patch, db.replace and db.delete", async () => {
    const storageId = await engine.storeFile(new Blob(["kept"], { type: "text/plain" }));
    for (const how of ["patch", "replace", "delete"]) {
      await expect(engine.runMutation("limits:writeSystemDocument", { id: storageId, how }, null)).rejects.toThrow(
        "System tables (prefixed with `_`) are read-only.",
      );
    }
    expect(await (await engine.getFile(storageId))?.blob.text()).toBe("kept");
  });

  it("_scheduled_functions is read-only to db.delete", async () => {
    await engine.runMutation("notes:addLater", { text: "later", delayMs: 60_000 }, null);
    const [jobId] = (await engine.runQuery("limits:scheduledJobs", {}, null)) as string[];
    await expect(
      engine.runMutation("limits:writeSystemDocument", { id: jobId ?? "", how: "delete" }, null),
    ).rejects.toThrow("System tables (prefixed with `_`) are read-only.");
    expect(await engine.runQuery("limits:scheduledJobs", {}, null)).toEqual([jobId]);
  });
});
