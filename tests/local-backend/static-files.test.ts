/**
 * The built client as the local backend serves it: precompressed twins made at build time
 * (brotli first, then gzip) for browsers that accept them, the plain file for the rest, hashed
 * assets cached for good and index.html, the service worker and the manifest revalidated on every
 * load, and a missing script or manifest never answered with index.html.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IncomingMessage } from "node:http";
import { acceptedEncodings, StaticFiles, wantsAppPage } from "../../local-backend/server/http/static-files";
import { precompressFolder } from "../../scripts/precompress";

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word number ${i}`))};\n`;
const MANIFEST = JSON.stringify({ name: "app", icons: [] });
const PAGE = `<!doctype html><html><head><title>app</title></head><body>${"<p>hello</p>".repeat(200)}</body></html>`;

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A raw GET (fetch would undo the compression we want to see). */
function get(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("precompressing the build", () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "precompress-"));
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "index.html"), PAGE);
    writeFileSync(path.join(dir, "assets", "main-abc123.js"), SCRIPT);
    writeFileSync(path.join(dir, "assets", "tiny-abc123.js"), "export {};");
    writeFileSync(path.join(dir, "assets", "cover-abc123.png"), Buffer.alloc(4096, 7));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes smaller brotli and gzip twins that decompress to the original, for text files only", async () => {
    const result = await precompressFolder(dir);
    expect(result.files).toBe(2);
    const script = path.join(dir, "assets", "main-abc123.js");
    const br = readFileSync(`${script}.br`);
    const gz = readFileSync(`${script}.gz`);
    expect(br.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(br).toString()).toBe(SCRIPT);
    expect(gunzipSync(gz).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(path.join(dir, "index.html.gz"))).toString()).toBe(PAGE);
    // Too small to be worth it, and already-compressed formats are left alone.
    expect(existsSync(path.join(dir, "assets", "tiny-abc123.js.br"))).toBe(false);
    expect(existsSync(path.join(dir, "assets", "cover-abc123.png.br"))).toBe(false);
  });
});

describe("serving the built client", () => {
  let dir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "static-files-"));
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "index.html"), PAGE);
    writeFileSync(path.join(dir, "assets", "main-abc123.js"), SCRIPT);
    writeFileSync(path.join(dir, "assets", "cover-abc123.png"), Buffer.alloc(4096, 7));
    writeFileSync(path.join(dir, "sw.js"), SCRIPT);
    writeFileSync(path.join(dir, "workbox-88cdaffe.js"), SCRIPT);
    writeFileSync(path.join(dir, "manifest.webmanifest"), MANIFEST);
    await precompressFolder(dir);
    const files = new StaticFiles(dir);
    server = createServer((req, res) => {
      const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
      void files.serveFile(pathname, req, res).then(async (served) => {
        if (!served && !(await files.serveApp(req, res))) {
          res.writeHead(404);
          res.end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends brotli to a browser that accepts it, with the compressed length", async () => {
    const answer = await get(`${base}/assets/main-abc123.js`, { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["vary"]).toBe("Accept-Encoding");
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it("sends gzip when brotli is not accepted, and the plain file when nothing is", async () => {
    const gzipped = await get(`${base}/assets/main-abc123.js`, { "Accept-Encoding": "gzip, br;q=0" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toBe(SCRIPT);

    const plain = await get(`${base}/assets/main-abc123.js`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["vary"]).toBe("Accept-Encoding");
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it("caches hashed assets for good and makes index.html revalidate, compressed or not", async () => {
    const script = await get(`${base}/assets/main-abc123.js`, { "Accept-Encoding": "br" });
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const image = await get(`${base}/assets/cover-abc123.png`, { "Accept-Encoding": "br" });
    expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect(image.headers["vary"]).toBeUndefined();

    const page = await get(`${base}/index.html`, { "Accept-Encoding": "br" });
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(page.body).toString()).toBe(PAGE);
    const route = await get(`${base}/books/123`, { "Accept-Encoding": "gzip", Accept: "text/html" });
    expect(route.headers["cache-control"]).toBe("no-cache");
    expect(route.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(route.body).toString()).toBe(PAGE);
  });

  it("makes the service worker and the manifest revalidate, and caches the hashed Workbox runtime for good", async () => {
    const worker = await get(`${base}/sw.js`, { "Accept-Encoding": "br" });
    expect(worker.status).toBe(200);
    expect(worker.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(worker.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(worker.body).toString()).toBe(SCRIPT);

    const runtime = await get(`${base}/workbox-88cdaffe.js`);
    expect(runtime.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(runtime.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    const manifest = await get(`${base}/manifest.webmanifest`);
    expect(manifest.headers["content-type"]).toBe("application/manifest+json");
    expect(manifest.headers["cache-control"]).toBe("no-cache");
    expect(JSON.parse(manifest.body.toString())).toEqual({ name: "app", icons: [] });
  });

  it("answers HEAD with the headers of the compressed file and no body", async () => {
    const answer = await get(`${base}/assets/main-abc123.js`, { "Accept-Encoding": "br" }, "HEAD");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(Number(answer.headers["content-length"])).toBeGreaterThan(0);
    expect(answer.body.length).toBe(0);
  });
});

describe("telling pages of the app from missing files", () => {
  const asking = (accept?: string) => ({ headers: accept === undefined ? {} : { accept } }) as IncomingMessage;

  it("gives the app to routes, whatever they accept, and to other paths a browser opens as a page", () => {
    expect(wantsAppPage("/books/123", asking())).toBe(true);
    expect(wantsAppPage("/dev/mailbox", asking("text/html,application/xhtml+xml"))).toBe(true);
    expect(wantsAppPage("/index.html", asking("text/html"))).toBe(true);
    expect(wantsAppPage("/books/some.thing", asking("text/html"))).toBe(true);
  });

  it("never answers a missing script, manifest or picture with index.html, even when HTML is asked for", () => {
    expect(wantsAppPage("/sw.js", asking("*/*"))).toBe(false);
    expect(wantsAppPage("/sw.js", asking("text/html,application/xhtml+xml"))).toBe(false);
    expect(wantsAppPage("/workbox-88cdaffe.js", asking("text/html"))).toBe(false);
    expect(wantsAppPage("/manifest.webmanifest", asking("text/html"))).toBe(false);
    expect(wantsAppPage("/icons/icon-512.png", asking("text/html"))).toBe(false);
    expect(wantsAppPage("/assets/gone-abc123.js", asking())).toBe(false);
  });
});

describe("reading Accept-Encoding", () => {
  it("takes the listed codings, drops those with q=0, and reads * as any", () => {
    expect([...acceptedEncodings("gzip, deflate, br")]).toEqual(["gzip", "deflate", "br"]);
    expect(acceptedEncodings("br;q=0, gzip;q=0.5").has("br")).toBe(false);
    expect(acceptedEncodings("br;q=0, gzip;q=0.5").has("gzip")).toBe(true);
    expect(acceptedEncodings("*").has("br")).toBe(true);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });
});
