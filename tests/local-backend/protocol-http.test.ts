/**
 * The HTTP side of the local backend: ConvexHttpClient's endpoints, file upload and storage
 * URLs, CORS for a dev server on another origin, convex/http.ts routes, the built client with
 * its single-page fallback, and a clear error for a busy port.
 */
import { ConvexHttpClient } from "convex/browser";
import { ConvexError } from "convex/values";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { TITLE_AND_IMAGE_REQUIRED } from "../../convex/books";
import { startLocalBackend } from "../../local-backend/server/start-server";
import { removeTestDataDirs, signInToken, startTestBackend, newClient } from "./server-fixture/protocol-env";

const cover = { url: "https://example.com/cover.png" };
const PNG_BYTES = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

describe("HTTP endpoints", () => {
  let backend: Awaited<ReturnType<typeof startTestBackend>>;
  let staticDir: string;
  let http: ConvexHttpClient;

  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(tmpdir(), "protocol-static-"));
    mkdirSync(path.join(staticDir, "assets"));
    writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><title>app</title>");
    writeFileSync(path.join(staticDir, "assets", "main-abc123.js"), "console.log('app')");
    backend = await startTestBackend({ staticDir, allowedOrigins: ["http://localhost:5173"] });
    const signIn = newClient(backend.url);
    const token = await signInToken(signIn.client, "alice@example.com");
    await signIn.client.close();
    http = new ConvexHttpClient(backend.url, { logger: false });
    http.setAuth(token);
  }, 30_000);

  afterAll(async () => {
    await backend?.close();
    removeTestDataDirs();
  });

  it("runs queries, mutations and actions for ConvexHttpClient", async () => {
    expect(await http.query(api.users.viewer, {})).toMatchObject({ email: "alice@example.com" });
    const bookId = await http.mutation(api.books.create, { title: "Over HTTP", image: cover });
    expect(await http.query(api.books.get, { bookId })).toMatchObject({ title: "Over HTTP", isOwner: true });
    // Signed out: a sign-in by a signed-in caller replaces (deletes) the caller's session, which
    // ends alice's token at once (convex/lib/auth.ts, sessionUser).
    const anonymous = new ConvexHttpClient(backend.url, { logger: false });
    const signIn = (await anonymous.action(api.auth.signIn, {
      provider: "password",
      params: { email: "bob@example.com", password: "demo-password", flow: "signIn" },
    })) as { tokens?: { token: string } };
    expect(signIn.tokens?.token).toMatch(/^ey/);
    // consistentQuery asks /api/query_ts first, then /api/query_at_ts.
    expect(await http.consistentQuery(api.books.get, { bookId })).toMatchObject({ title: "Over HTTP" });
  });

  it("runs a function of any kind through /api/function", async () => {
    const call = async (path: string) => {
      const response = await fetch(`${backend.url}/api/function`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ path, args: {}, format: "convex_encoded_json" }),
      });
      return (await response.json()) as { status: string; value?: unknown };
    };
    expect(await call("users:viewer")).toEqual({ status: "success", value: null, logLines: [] });
    expect(await call("users:signInOptions")).toMatchObject({ status: "success" });
    // A mutation: it runs (as one) and refuses the anonymous caller with its ConvexError.
    expect(await call("files:generateUploadUrl")).toMatchObject({ status: "error", errorData: expect.any(String) });
  });

  it("passes a thrown ConvexError's data over HTTP", async () => {
    const failure = await http
      .mutation(api.books.create, { title: " ", image: cover })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConvexError);
    expect((failure as ConvexError<string>).data).toBe(TITLE_AND_IMAGE_REQUIRED);
  });

  it("refuses an invalid bearer token", async () => {
    const forged = new ConvexHttpClient(backend.url, { logger: false });
    forged.setAuth("not-a-token");
    await expect(forged.query(api.users.viewer, {})).rejects.toThrow(/Unauthenticated|verify/);
  });

  it("stores an uploaded file and serves it with its content type", async () => {
    const uploadUrl = await http.mutation(api.files.generateUploadUrl, {});
    const upload = await fetch(uploadUrl, {
      method: "POST",
      headers: { "Content-Type": "image/png" },
      body: PNG_BYTES,
    });
    expect(upload.status).toBe(200);
    const { storageId } = (await upload.json()) as { storageId: Id<"_storage"> };
    await http.action(api.files.confirmUpload, { storageId });

    const bookId = await http.mutation(api.books.create, { title: "With a cover", image: { storageId } });
    const book = await http.query(api.books.get, { bookId });
    expect(book?.imageUrl).toBe(`${backend.url}/api/storage/${storageId}`);
    const served = await fetch(book?.imageUrl ?? "");
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG_BYTES);

    const part = await fetch(book?.imageUrl ?? "", { headers: { Range: "bytes=1-3" } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(PNG_BYTES.subarray(1, 4));
  });

  it("streams a large stored file whole, in ranges, and as HEAD (length only)", async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024 + 17).map((_, index) => index % 251);
    const storageId = await backend.engine.storeFile(new Blob([bytes], { type: "audio/mpeg" }));
    const url = `${backend.url}/api/storage/${storageId}`;
    const whole = await fetch(url);
    expect(whole.headers.get("content-length")).toBe(String(bytes.length));
    // Buffer.equals: toEqual walks 3 MB element by element for seconds.
    expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    const tail = await fetch(url, { headers: { Range: "bytes=-10" } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe(`bytes ${bytes.length - 10}-${bytes.length - 1}/${bytes.length}`);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 10));
    const head = await fetch(url, { method: "HEAD" });
    expect(head.headers.get("content-length")).toBe(String(bytes.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("refuses uploads without a valid upload token, and answers 404 for a missing file", async () => {
    const forged = await fetch(`${backend.url}/api/storage/upload?token=123.abc`, { method: "POST", body: "x" });
    expect(forged.status).toBe(401);
    expect((await fetch(`${backend.url}/api/storage/kg2nothing`)).status).toBe(404);
  });

  it("answers CORS preflights so an allowed dev server on another origin can call the API", async () => {
    const preflight = await devServerPreflight(`${backend.url}/api/storage/upload?token=x`);
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type");
    const query = await fetch(`${backend.url}/api/query`, {
      method: "POST",
      headers: { Origin: "http://localhost:5173", "Content-Type": "application/json" },
      body: JSON.stringify({ path: "users:viewer", args: [{}], format: "convex_encoded_json" }),
    });
    expect(query.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(await query.json()).toEqual({ status: "success", value: null, logLines: [] });
  });

  it("takes the presence hook's tab-close beacon: a credentialed JSON blob without a login, from the dev origin", async () => {
    const roomId = await http.mutation(api.chats.create, { name: "Beacon room" });
    const me = await http.query(api.users.viewer, {});
    const { roomToken, sessionToken } = await http.mutation(api.chatPresence.heartbeat, {
      roomId,
      userId: me!.userId,
      sessionId: "closing-tab",
      interval: 10_000,
    });
    // What Chromium sends for navigator.sendBeacon(url, new Blob([json], { type: "application/json" })).
    const preflight = await devServerPreflight(`${backend.url}/api/mutation`);
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-credentials")).toBe("true");
    const beacon = await fetch(`${backend.url}/api/mutation`, {
      method: "POST",
      headers: { Origin: "http://localhost:5173" },
      body: new Blob([JSON.stringify({ path: "chatPresence:disconnect", args: { sessionToken } })], {
        type: "application/json",
      }),
    });
    expect(await beacon.json()).toEqual({ status: "success", value: null, logLines: [] });
    expect(await http.query(api.chatPresence.list, { roomToken })).toMatchObject([
      { userId: me!.userId, online: false },
    ]);
  });

  it("serves the convex/http.ts routes on the same origin", async () => {
    const jwks = await fetch(`${backend.url}/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    expect(await jwks.json()).toEqual(JSON.parse(backend.engine.env.JWKS ?? ""));
    const openid = await fetch(`${backend.url}/.well-known/openid-configuration`);
    expect(await openid.json()).toMatchObject({ issuer: backend.url });
  });

  it("serves the built client, with index.html for the app's own routes", async () => {
    const home = await fetch(`${backend.url}/`);
    expect(home.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await home.text()).toContain("<title>app</title>");
    const deepLink = await fetch(`${backend.url}/books/123`, { headers: { Accept: "text/html" } });
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain("<title>app</title>");
    const script = await fetch(`${backend.url}/assets/main-abc123.js`);
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(script.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${backend.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${backend.url}/..%2f..%2fetc%2fpasswd`)).status).not.toBe(500);
  });

  it("refuses to start on a busy port with a message naming the port", async () => {
    const port = new URL(backend.url).port;
    await expect(
      startLocalBackend({ port: Number(port), dataDir: path.join(tmpdir(), "busy-port-never-opened"), seed: false }),
    ).rejects.toThrow(`port ${port} is already in use`);
  });
});

/** The CORS preflight a browser sends before a page on the Vite dev server POSTs JSON to `url`. */
async function devServerPreflight(url: string): Promise<Response> {
  return await fetch(url, {
    method: "OPTIONS",
    headers: {
      Origin: "http://localhost:5173",
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "content-type",
    },
  });
}
