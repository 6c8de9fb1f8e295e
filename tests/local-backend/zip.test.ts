/** The ZIP reader and writer of snapshot export and import (server/admin/zip.ts). */
import { describe, expect, it } from "vitest";
import { readZip, writeZip, ZipError } from "../../local-backend/server/admin/zip";

describe("snapshot ZIP files", () => {
  it("reads back what it wrote: names (UTF-8 too), empty and large entries", () => {
    const entries = [
      { name: "books/documents.jsonl", data: Buffer.from('{"title":"Dune"}\n') },
      { name: "empty/documents.jsonl", data: Buffer.alloc(0) },
      { name: "_storage/é-file", data: Buffer.alloc(200_000, 42) },
    ];
    expect(readZip(writeZip(entries))).toEqual(entries);
  });

  it("refuses a file that is not a ZIP, and an entry whose bytes were damaged", () => {
    expect(() => readZip(Buffer.from("not a zip at all, just some text"))).toThrow(ZipError);
    const zip = writeZip([{ name: "a.txt", data: Buffer.from("a".repeat(1000)) }]);
    const damaged = Buffer.from(zip);
    damaged[40] = (damaged[40] ?? 0) ^ 0xff; // inside the deflated data of the only entry
    expect(() => readZip(damaged)).toThrow();
  });
});
