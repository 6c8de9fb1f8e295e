/**
 * The ZIP files of snapshot export and import, written and read with node:zlib alone (the
 * project has no ZIP dependency, and needs only this much): deflated entries, no ZIP64, no
 * encryption, no multi-disk archives. Enough for a snapshot of a development database.
 */
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { formatBytes } from "../../engine/value-limits";

export type ZipEntry = { name: string; data: Buffer };

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const DEFLATE = 8;
const STORE = 0;
/** Version 2.0: deflate. Bit 11 of the flags: names are UTF-8. */
const VERSION = 20;
const UTF8_NAMES = 0x0800;
const MAX_ENTRIES = 0xffff;
const MAX_SIZE = 0xffffffff;

export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ZipError";
  }
}

export function writeZip(entries: readonly ZipEntry[], modified = new Date()): Buffer {
  if (entries.length > MAX_ENTRIES) throw new ZipError(`a snapshot of more than ${MAX_ENTRIES} files needs ZIP64`);
  const { time, date } = dosDateTime(modified);
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, "utf8");
    const compressed = deflateRawSync(data);
    if (compressed.length > MAX_SIZE || data.length > MAX_SIZE || offset > MAX_SIZE) {
      throw new ZipError("a snapshot larger than 4 GiB needs ZIP64");
    }
    const fields: EntryFields = { time, date, crc: crc32(data), compressedSize: compressed.length, size: data.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(VERSION, 4);
    writeEntryFields(local, 6, fields, nameBytes.length);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_HEADER, 0);
    central.writeUInt16LE(VERSION, 4); // made by
    central.writeUInt16LE(VERSION, 6); // needed to extract
    writeEntryFields(central, 8, fields, nameBytes.length);
    central.writeUInt32LE(offset, 42);
    parts.push(local, nameBytes, compressed);
    directory.push(central, nameBytes);
    offset += local.length + nameBytes.length + compressed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directoryBytes, end]);
}

type EntryFields = { time: number; date: number; crc: number; compressedSize: number; size: number };

/**
 * The fields a local header (from byte 6) and a central directory entry (from byte 8) share, in
 * the same order: flags, method, time, date, CRC-32, sizes, name length.
 */
function writeEntryFields(header: Buffer, at: number, fields: EntryFields, nameLength: number): void {
  header.writeUInt16LE(UTF8_NAMES, at);
  header.writeUInt16LE(DEFLATE, at + 2);
  header.writeUInt16LE(fields.time, at + 4);
  header.writeUInt16LE(fields.date, at + 6);
  header.writeUInt32LE(fields.crc, at + 8);
  header.writeUInt32LE(fields.compressedSize, at + 12);
  header.writeUInt32LE(fields.size, at + 16);
  header.writeUInt16LE(nameLength, at + 20);
}

/**
 * The files of a ZIP archive (folders left out), read through its central directory. Their
 * sizes once unpacked may add up to `maxTotalSize` at most: a small archive can unpack to
 * gigabytes, so it is refused before that, and no entry unpacks past the size it declares.
 */
export function readZip(zip: Buffer, maxTotalSize = Number.POSITIVE_INFINITY): ZipEntry[] {
  const end = findEndOfDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let position = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  let totalSize = 0;
  for (let index = 0; index < count; index++) {
    if (position + 46 > zip.length || zip.readUInt32LE(position) !== CENTRAL_HEADER) {
      throw new ZipError("the ZIP file's directory is damaged");
    }
    const method = zip.readUInt16LE(position + 10);
    const crc = zip.readUInt32LE(position + 16);
    const compressedSize = zip.readUInt32LE(position + 20);
    const size = zip.readUInt32LE(position + 24);
    const nameLength = zip.readUInt16LE(position + 28);
    const extraLength = zip.readUInt16LE(position + 30);
    const commentLength = zip.readUInt16LE(position + 32);
    const localOffset = zip.readUInt32LE(position + 42);
    const name = zip.toString("utf8", position + 46, position + 46 + nameLength);
    position += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith("/")) continue;
    totalSize += size;
    if (totalSize > maxTotalSize) {
      throw new ZipError(
        `its files add up to more than ${formatBytes(maxTotalSize)} unpacked, more than this backend takes`,
      );
    }
    if (localOffset + 30 > zip.length || zip.readUInt32LE(localOffset) !== LOCAL_HEADER) {
      throw new ZipError(`the ZIP entry ${name} is damaged`);
    }
    const start = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const stored = zip.subarray(start, start + compressedSize);
    let data: Buffer;
    if (method === STORE) data = Buffer.from(stored);
    else if (method === DEFLATE) data = inflate(stored, size, name);
    else throw new ZipError(`the ZIP entry ${name} uses a compression this backend cannot read (method ${method})`);
    if (data.length !== size || crc32(data) !== crc) throw new ZipError(`the ZIP entry ${name} is damaged`);
    entries.push({ name, data });
  }
  return entries;
}

/** Inflates an entry, stopping past the size it declares (a lying header is damage). */
function inflate(stored: Buffer, size: number, name: string): Buffer {
  try {
    // maxOutputLength must be at least 1; one byte past the declared size shows the lie.
    return inflateRawSync(stored, { maxOutputLength: size + 1 });
  } catch {
    throw new ZipError(`the ZIP entry ${name} is damaged`);
  }
}

function findEndOfDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of up to 65,535.
  for (let position = zip.length - 22; position >= Math.max(0, zip.length - 22 - 0xffff); position--) {
    if (zip.readUInt32LE(position) === END_OF_DIRECTORY) return position;
  }
  throw new ZipError("this is not a ZIP file");
}

function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getFullYear());
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
