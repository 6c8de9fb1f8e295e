/** The ZIP reader and writer of snapshot export and import (server/admin/zip.ts, on fflate). */
import { randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { readZip, writeZip, ZipError } from "../../local-backend/server/admin/zip";

const CENTRAL_HEADER = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

describe("snapshot ZIP files", () => {
  it("reads back what it wrote: names (UTF-8 too), empty and large entries", () => {
    const entries = [
      { name: "books/documents.jsonl", data: Buffer.from('{"title":"Dune"}\n') },
      { name: "empty/documents.jsonl", data: Buffer.alloc(0) },
      { name: "_storage/é-file", data: Buffer.alloc(200_000, 42) },
    ];
    expect(readZip(writeZip(entries))).toEqual(entries);
  });

  it("round-trips thousands of entries and incompressible binary content", () => {
    const entries = Array.from({ length: 3_000 }, (_, n) => ({
      name: `table${n % 40}/part-${n}.bin`,
      data: randomBytes(n % 7 === 0 ? 4_096 : n % 50),
    }));
    entries.push({ name: "_storage/photo", data: randomBytes(3 * 1024 * 1024) });
    const back = readZip(writeZip(entries));
    // Names in order, and bytes compared with Buffer.equals (toEqual walks 3 MB byte by byte, for seconds).
    expect(back.map(({ name }) => name)).toEqual(entries.map(({ name }) => name));
    expect(back.every(({ data }, n) => data.equals(entries[n]?.data ?? Buffer.alloc(0)))).toBe(true);
  });

  it("refuses a file that is not a ZIP, and an entry whose bytes were damaged", () => {
    expect(() => readZip(Buffer.from("not a zip at all, just some text"))).toThrow(ZipError);
    expect(() => readZip(Buffer.from("not a zip at all, just some text"))).toThrow("this is not a ZIP file");
    const zip = writeZip([{ name: "a.txt", data: Buffer.from("a".repeat(1000)) }]);
    const damaged = Buffer.from(zip);
    damaged[40] = (damaged[40] ?? 0) ^ 0xff; // inside the deflated data of the only entry
    expect(() => readZip(damaged)).toThrow(ZipError);
  });

  it("reads stored (uncompressed) entries, as other tools write them", () => {
    const zip = Buffer.from(zipSync({ "notes/documents.jsonl": new TextEncoder().encode('{"a":1}\n') }, { level: 0 }));
    expect(readZip(zip)).toEqual([{ name: "notes/documents.jsonl", data: Buffer.from('{"a":1}\n') }]);
  });

  it("refuses a compression method it cannot read, naming the entry", () => {
    const zip = Buffer.from(writeZip([{ name: "a.txt", data: Buffer.from("abc") }]));
    const central = zip.indexOf(CENTRAL_HEADER);
    zip.writeUInt16LE(12, central + 10); // bzip2
    expect(() => readZip(zip)).toThrow("the ZIP entry a.txt uses a compression this backend cannot read (method 12)");
  });

  it("never unpacks an entry past the size it declares (a lying directory cannot blow up memory)", () => {
    const zip = Buffer.from(writeZip([{ name: "bomb.txt", data: Buffer.alloc(100_000, 0x20) }]));
    const central = zip.indexOf(CENTRAL_HEADER);
    zip.writeUInt32LE(10, central + 24); // declares 10 bytes unpacked
    expect(readZip(zip)[0]?.data.length).toBe(10);
  });

  it("refuses an entry that unpacks to less than the size it declares", () => {
    const zip = Buffer.from(writeZip([{ name: "short.txt", data: Buffer.alloc(100, 0x20) }]));
    const central = zip.indexOf(CENTRAL_HEADER);
    zip.writeUInt32LE(1_000, central + 24); // declares more than is there
    expect(() => readZip(zip)).toThrow("the ZIP entry short.txt is damaged");
  });

  it("refuses, from the declared sizes, files that add up past the limit", () => {
    const zip = writeZip([
      { name: "a", data: Buffer.alloc(600, 1) },
      { name: "b", data: Buffer.alloc(600, 1) },
    ]);
    expect(() => readZip(zip, 1_000)).toThrow(/add up to more than/);
    expect(readZip(zip, 1_200)).toHaveLength(2);
  });

  it.skipIf(!hasPython())("reads a ZIP64 archive (as large exports of a Convex deployment are)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "zip64-"));
    const file = path.join(dir, "snapshot.zip");
    const script = [
      "import sys, zipfile",
      "with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:",
      "    with z.open('books/documents.jsonl', 'w', force_zip64=True) as f: f.write(b'{\"title\":\"Dune\"}\\n')",
    ].join("\n");
    execFileSync("python3", ["-c", script, file]);
    expect(readZip(readFileSync(file))).toEqual([
      { name: "books/documents.jsonl", data: Buffer.from('{"title":"Dune"}\n') },
    ]);
  });
});

function hasPython(): boolean {
  try {
    execFileSync("python3", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
