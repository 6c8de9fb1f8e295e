/**
 * The built client (dist/) for `npm start`: files by path, and index.html for the app's own
 * routes (/books/123 …) so a reload on any page works. Hashed assets (under assets/, and Workbox's
 * workbox-<hash>.js) are cached for good; everything else, index.html, the service worker sw.js and
 * manifest.webmanifest above all, is revalidated every time, so a rebuild shows at once (as the
 * update prompt). A file with a brotli or gzip twin made at build time (scripts/precompress.ts) is
 * sent compressed to browsers that accept it. Every answer carries the security headers of
 * ./security-headers.ts; a page's policy allows its own inline scripts by their hash.
 */
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { requestOrigin, securityHeaders } from "./security-headers";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".map": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".mp3": "audio/mpeg",
  ".ogg": "audio/ogg",
  ".wav": "audio/wav",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".txt": "text/plain; charset=utf-8",
};

export class StaticFiles {
  private readonly root: string;
  /** Each HTML file's inline-script text as last read, by path and modification time. */
  private readonly pages = new Map<string, { modified: number; html: string }>();

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** Serves the file at the request's path; false when there is none (the caller goes on). */
  async serveFile(pathname: string, request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const file = this.resolve(pathname);
    if (file === null) return false;
    const info = await stat(file).catch(() => null);
    if (info === null || !info.isFile()) return false;
    await this.send(file, info.size, request, response);
    return true;
  }

  /** index.html, for a page of the single-page app; false when the build has none. */
  async serveApp(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const file = path.join(this.root, "index.html");
    const info = await stat(file).catch(() => null);
    if (info === null || !info.isFile()) return false;
    await this.send(file, info.size, request, response);
    return true;
  }

  /** The file a URL path names inside the root, or null when it would leave the root. */
  private resolve(pathname: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (decoded.includes("\0")) return null;
    const file = path.join(this.root, path.normalize(decoded));
    return file.startsWith(this.root + path.sep) ? file : null;
  }

  private async send(file: string, size: number, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const extension = path.extname(file).toLowerCase();
    const hashedAsset =
      file.startsWith(path.join(this.root, "assets") + path.sep) ||
      (path.dirname(file) === this.root && WORKBOX_RUNTIME.test(path.basename(file)));
    const compressed = await this.compressedTwin(file, request);
    const headers: Record<string, string> = {
      ...(await this.securityHeadersFor(file, extension, request)),
      "Content-Type": CONTENT_TYPES[extension] ?? "application/octet-stream",
      "Content-Length": String(compressed?.size ?? size),
      "Cache-Control": hashedAsset ? "public, max-age=31536000, immutable" : "no-cache",
    };
    if (compressed !== null) headers["Content-Encoding"] = compressed.encoding;
    // Caches must key the answer by what the browser accepts once a twin exists.
    if (compressed !== null || (await this.hasTwin(file))) headers["Vary"] = "Accept-Encoding";
    response.writeHead(200, headers);
    if (request.method === "HEAD") {
      response.end();
      return;
    }
    createReadStream(compressed?.file ?? file)
      .on("error", () => response.destroy())
      .pipe(response);
  }

  /**
   * The security headers for `file`. A page's policy names the origin the browser reached us at
   * (its WebSocket too): the client talks to the backend that served it (src/app/convex-url.ts).
   */
  private async securityHeadersFor(
    file: string,
    extension: string,
    request: IncomingMessage,
  ): Promise<Record<string, string>> {
    const secure = "encrypted" in request.socket && request.socket.encrypted === true;
    const origin = requestOrigin(request.headers.host, secure);
    const connectSources = origin === null ? [] : [origin];
    if (extension !== ".html") return securityHeaders(null, connectSources);
    const modified = (await stat(file)).mtimeMs;
    let page = this.pages.get(file);
    if (page === undefined || page.modified !== modified) {
      page = { modified, html: await readFile(file, "utf8") };
      this.pages.set(file, page);
    }
    return securityHeaders(page.html, connectSources);
  }

  /** The best precompressed twin of `file` that the request accepts, if one was built. */
  private async compressedTwin(
    file: string,
    request: IncomingMessage,
  ): Promise<{ file: string; size: number; encoding: string } | null> {
    const accepted = acceptedEncodings(request.headers["accept-encoding"]);
    for (const { encoding, suffix } of TWINS) {
      if (!accepted.has(encoding)) continue;
      const info = await stat(file + suffix).catch(() => null);
      if (info !== null && info.isFile()) return { file: file + suffix, size: info.size, encoding };
    }
    return null;
  }

  private async hasTwin(file: string): Promise<boolean> {
    for (const { suffix } of TWINS) {
      if (
        await stat(file + suffix).then(
          (info) => info.isFile(),
          () => false,
        )
      )
        return true;
    }
    return false;
  }
}

/** The Workbox runtime the generated service worker imports, named by its content's hash. */
const WORKBOX_RUNTIME = /^workbox-[0-9a-f]{8,}\.js$/;

/** Twins in order of preference: brotli is about 15 % smaller than gzip for scripts. */
const TWINS = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;

/** The codings an Accept-Encoding header allows ("gzip, deflate, br;q=0.9"); `q=0` refuses one. */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  for (const part of value.split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (name === "") continue;
    const quality = params.find((param) => param.startsWith("q="));
    if (quality !== undefined && Number(quality.slice(2)) === 0) continue;
    accepted.add(name);
  }
  if (accepted.has("*")) for (const { encoding } of TWINS) accepted.add(encoding);
  return accepted;
}

/**
 * Whether a GET is for a page of the app (a route) rather than a missing file. A path with the
 * extension of a file type we serve (other than HTML) is a file even when a browser asks for HTML
 * (an address typed in): a missing /sw.js or /manifest.webmanifest must be a 404, never index.html,
 * which a browser would take for the service worker's script or the manifest.
 */
export function wantsAppPage(pathname: string, request: IncomingMessage): boolean {
  const extension = path.extname(pathname).toLowerCase();
  if (extension !== "" && extension !== ".html" && Object.hasOwn(CONTENT_TYPES, extension)) return false;
  const accept = request.headers.accept ?? "";
  return accept.includes("text/html") || extension === "";
}
