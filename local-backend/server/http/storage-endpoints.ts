/**
 * File storage over HTTP, at the URLs the engine hands out (local-backend/engine/storage.ts):
 *   POST `/api/storage/upload?token=…`  raw file body + Content-Type (+ optional
 *                                        `Digest: sha-256=<base64>`) → `{"storageId": "…"}`
 *   GET  `/api/storage/<storageId>`      the bytes with their content type (Range supported,
 *                                        so audio and video can seek), 404 when missing.
 * Refusals answer as Convex's storage endpoints do (convex-backend crates/local_backend/src/
 * storage.rs): 401 `StorageTokenInvalid`/`StorageTokenExpired`, 400 `BadHeader` for a Digest
 * that does not parse, 400 `Sha256Mismatch` for a body that does not match it (nothing stored).
 * Stored files are served from the app's own origin, so a file must never run as a page there:
 * every response forbids sniffing and scripts (CSP sandbox), and any type that could be
 * active (HTML, SVG, XML, scripts, unknown) is served as a download, never inline. `<img>`
 * still shows an SVG served that way (the demo covers are SVG).
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Engine } from "../../engine/types";
import { sendJson } from "./http-io";
import { BodyTooLargeError, type RequestBody } from "./request-body";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

export const UPLOAD_PATH = "/api/storage/upload";
export const STORAGE_PREFIX = "/api/storage/";

const UPLOAD_LIMIT_BYTES = 100 * 1024 * 1024;

/** Types a browser only ever renders as passive media; anything else is a download. */
const INLINE_TYPES = /^(image\/(jpeg|png|webp|gif|avif)|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+)$/;

const SAFETY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
};

/** The headers that make a stored file safe to serve from the app's origin. */
export function storedFileHeaders(contentType: string): Record<string, string> {
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  return {
    ...SAFETY_HEADERS,
    "Content-Type": contentType,
    ...(INLINE_TYPES.test(mediaType) ? {} : { "Content-Disposition": "attachment" }),
  };
}

export async function handleUpload(
  engine: Engine,
  url: URL,
  request: IncomingMessage,
  response: ServerResponse,
  body: RequestBody,
) {
  if (request.method !== "POST") {
    sendJson(response, 405, { code: "MethodNotAllowed", message: "Upload files with POST" });
    return;
  }
  // Spent before the body is read, so only holders of a URL a function handed out get bytes read.
  const token = url.searchParams.get("token") ?? "";
  const refusal = engine.takeUploadToken(token);
  if (refusal !== null) {
    sendJson(response, 401, refusal);
    return;
  }
  const expectedDigest = digestOf(request.headers.digest);
  if (expectedDigest === "malformed") {
    engine.giveBackUploadToken(token);
    sendJson(response, 400, { code: "BadHeader", message: "Bad header for digest: invalid HTTP header" });
    return;
  }
  let storageId: string;
  try {
    const bytes = await body.read(UPLOAD_LIMIT_BYTES);
    const actualDigest = expectedDigest === null ? null : createHash("sha256").update(bytes).digest("base64");
    if (actualDigest !== null && actualDigest !== expectedDigest) {
      // Nothing stored: the URL stays good for the right bytes, as a Convex URL would.
      engine.giveBackUploadToken(token);
      const message = `Sha256 mismatch. Expected: ${expectedDigest} Actual: ${actualDigest}`;
      sendJson(response, 400, { code: "Sha256Mismatch", message });
      return;
    }
    const contentType = request.headers["content-type"] ?? "";
    storageId = await engine.storeFile(new Blob([new Uint8Array(bytes)], { type: contentType }));
  } catch (error) {
    // Nothing was stored (too large, the backend too busy, the client gone, the disk refused):
    // the URL stays good for another try, as the 503's "try again" promises.
    engine.giveBackUploadToken(token);
    if (!(error instanceof BodyTooLargeError)) throw error;
    sendJson(response, 413, { code: "FileTooLarge", message: error.message });
    return;
  }
  sendJson(response, 200, { storageId });
}

export async function handleStorageGet(
  engine: Engine,
  storageId: string,
  request: IncomingMessage,
  response: ServerResponse,
) {
  if (request.method !== "GET" && request.method !== "HEAD") {
    sendJson(response, 405, { code: "MethodNotAllowed", message: "Stored files are read with GET" });
    return;
  }
  const file = await engine.getFile(storageId);
  if (file === null) {
    sendJson(response, 404, { code: "FileNotFound", message: "File not found" });
    return;
  }
  const size = file.blob.size;
  const headers: Record<string, string> = {
    ...storedFileHeaders(file.contentType),
    "Accept-Ranges": "bytes",
    // A storage id always names the same bytes.
    "Cache-Control": "private, max-age=2592000, immutable",
  };
  // Convex answers a Range on an empty file with the whole (empty) file: 200, no Content-Range
  // (file_storage core.rs sets one only when the size is not 0).
  const range = size === 0 ? null : parseRange(request.headers.range, size);
  // Convex sends the checksum with a whole file, not with a part of one.
  if (range === null) headers["Digest"] = `sha-256=${file.sha256}`;
  if (range === "unsatisfiable") {
    response.writeHead(416, { ...headers, "Content-Range": `bytes */${size}` });
    response.end();
    return;
  }
  const [start, end] = range ?? [0, size - 1];
  response.writeHead(range === null ? 200 : 206, {
    ...headers,
    "Content-Length": String(Math.max(0, end + 1 - start)),
    ...(range === null ? {} : { "Content-Range": `bytes ${start}-${end}/${size}` }),
  });
  if (request.method === "HEAD" || size === 0) {
    response.end();
    return;
  }
  // Streamed from the file as the client reads (the blob reads the file lazily), so a reader
  // that stalls holds a chunk, not the whole file.
  const body = Readable.fromWeb(file.blob.slice(start, end + 1).stream() as WebReadableStream<Uint8Array>);
  await pipeline(body, response).catch(() => {
    // The client went away mid-file; nothing to answer.
  });
}

/**
 * The sha256 (base64) an upload's `Digest: sha-256=<base64>` header promises; null without the
 * header; "malformed" when it is not that form (Convex: 400 BadHeader).
 */
function digestOf(value: string | string[] | undefined): string | "malformed" | null {
  const header = Array.isArray(value) ? value[0] : value;
  if (header === undefined) return null;
  const match = /^sha-256=([A-Za-z0-9+/]{43}=)$/.exec(header.trim());
  return match?.[1] ?? "malformed";
}

/** A single `bytes=a-b` / `bytes=a-` / `bytes=-n` range; null = whole file (also for forms we do not serve). */
function parseRange(header: string | undefined, size: number): [number, number] | null | "unsatisfiable" {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return null;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return null;
  let start: number;
  let end: number;
  if (from === "") {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  }
  return start > end || start >= size ? "unsatisfiable" : [start, end];
}
