/**
 * The ZIP files of snapshot export and import, made and read with fflate (issue 30: a kept
 * library instead of hand-written headers and CRC). Export streams every entry through fflate's
 * `Zip`/`ZipDeflate`; import reads through the central directory (`unzipSync`), which also
 * understands ZIP64 archives such as a large export of a Convex deployment.
 */
import { unzipSync, Zip, ZipDeflate, type UnzipFileInfo } from "fflate";
import { formatBytes } from "../../engine/value-limits";

export type ZipEntry = { name: string; data: Buffer };

/**
 * fflate reads ZIP64 but writes only the classic format: 65,535 entries and 4 GiB of archive at
 * most. Past that it would write wrapped-around counts and offsets, so the writer refuses first.
 */
const MAX_ENTRIES = 0xffff;
const MAX_ARCHIVE_BYTES = 0xffffffff;
const DEFLATE = 8;
const STORE = 0;
/** Deflate level 6: zlib's default balance of size and speed. */
const LEVEL = 6;

export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ZipError";
  }
}

export function writeZip(entries: readonly ZipEntry[], modified = new Date()): Buffer {
  if (entries.length > MAX_ENTRIES) throw new ZipError(`a snapshot of more than ${MAX_ENTRIES} files needs ZIP64`);
  const chunks: Uint8Array[] = [];
  let written = 0;
  // ZipDeflate is synchronous: every push has emitted its chunks when it returns.
  const zip = new Zip((error, chunk) => {
    if (error) throw new ZipError(`the snapshot could not be packed: ${error.message}`);
    written += chunk.length;
    if (written > MAX_ARCHIVE_BYTES) throw new ZipError("a snapshot larger than 4 GiB needs ZIP64");
    chunks.push(chunk);
  });
  for (const { name, data } of entries) {
    const file = new ZipDeflate(name, { level: LEVEL });
    file.mtime = modified;
    zip.add(file);
    file.push(data, true);
  }
  zip.end();
  return Buffer.concat(chunks);
}

/**
 * The files of a ZIP archive (folders left out). Their sizes once unpacked may add up to
 * `maxTotalSize` at most: a small archive can unpack to gigabytes, so it is refused from the
 * central directory's sizes before anything is unpacked. fflate unpacks each entry into a buffer
 * of its declared size, so a lying entry cannot grow past it; one that comes out shorter is damage.
 */
export function readZip(zip: Buffer, maxTotalSize = Number.POSITIVE_INFINITY): ZipEntry[] {
  const declared = new Map<string, number>();
  let totalSize = 0;
  const wanted = (file: UnzipFileInfo): boolean => {
    if (file.name.endsWith("/")) return false;
    if (file.compression !== DEFLATE && file.compression !== STORE) {
      throw new ZipError(
        `the ZIP entry ${file.name} uses a compression this backend cannot read (method ${file.compression})`,
      );
    }
    totalSize += file.originalSize;
    if (totalSize > maxTotalSize) {
      throw new ZipError(
        `its files add up to more than ${formatBytes(maxTotalSize)} unpacked, more than this backend takes`,
      );
    }
    declared.set(file.name, file.originalSize);
    return true;
  };
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, { filter: wanted });
  } catch (error) {
    if (error instanceof ZipError) throw error;
    throw new ZipError(damageMessage(error));
  }
  return Object.entries(files).map(([name, data]) => {
    if (data.length !== declared.get(name)) throw new ZipError(`the ZIP entry ${name} is damaged`);
    return { name, data: Buffer.from(data.buffer, data.byteOffset, data.length) };
  });
}

/** fflate's own words for what is wrong ("invalid zip data", "invalid block type"). */
function damageMessage(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  return detail === "invalid zip data" ? "this is not a ZIP file" : `the ZIP file is damaged (${detail})`;
}
