/**
 * Build-time compression of the client: every text file of the build (script, style, HTML, SVG,
 * JSON) gets a brotli (`.br`) and a gzip (`.gz`) twin beside it, so a server can send the small
 * version without compressing on each request (local-backend/server/http/static-files.ts does;
 * most static hosts pick such twins up too). Compression happens once, at the highest levels.
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin, ResolvedConfig } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats that shrink; images, audio and fonts are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  ".js",
  ".mjs",
  ".css",
  ".html",
  ".svg",
  ".json",
  ".txt",
  ".webmanifest",
]);

/** Below this a compressed copy saves less than the bytes of its own headers. */
const MIN_BYTES = 1024;

export type PrecompressResult = { files: number; bytes: number; brotliBytes: number; gzipBytes: number };

/** Writes `.br` and `.gz` beside each compressible file under `dir` (recursively). */
export async function precompressFolder(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const file of await compressibleFiles(dir)) {
    const content = await readFile(file);
    if (content.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // A twin that is not smaller would only cost a lookup.
    if (br.length < content.length) await writeFile(`${file}.br`, br);
    if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
    result.files += 1;
    result.bytes += content.length;
    result.brotliBytes += br.length;
    result.gzipBytes += gz.length;
  }
  return result;
}

async function compressibleFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  const files: string[] = [];
  for (const entry of entries) {
    const file = path.join(dir, entry);
    if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) continue;
    if ((await stat(file)).isFile()) files.push(file);
  }
  return files;
}

/** The Vite plugin: precompresses the build's output folder once everything is written. */
export function precompressPlugin(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: "dumy:precompress",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config === undefined || config.build.write === false) return;
      await precompressFolder(path.resolve(config.root, config.build.outDir));
    },
  };
}
