/**
 * Item 11 of the security review: other websites open in the developer's browser must not
 * read the dev mailbox or use the API through the local backend.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { AllowedOrigins } from "../../local-backend/server/origins";
import { removeTestDataDirs, startTestBackend } from "./server-fixture/protocol-env";

const EVIL = "https://evil.example";
const DEV = "http://localhost:5173";

const mailboxQuery = { path: "devMailbox:list", args: [{}], format: "convex_encoded_json" };

/** The status of a WebSocket upgrade to /api/sync sent with `origin` (101 = accepted). */
function upgradeStatus(url: string, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, "ws")}/api/sync`, origin === undefined ? {} : { origin });
    socket.on("open", () => {
      socket.close();
      resolve(101);
    });
    socket.on("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on("error", (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error);
    });
  });
}

describe("origins", () => {
  let backend: Awaited<ReturnType<typeof startTestBackend>>;

  beforeAll(async () => {
    backend = await startTestBackend({ allowedOrigins: [DEV] });
  }, 30_000);

  afterAll(async () => {
    await backend?.close();
    removeTestDataDirs();
  });

  function query(origin: string | undefined) {
    return fetch(`${backend.url}/api/query`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(origin === undefined ? {} : { Origin: origin }) },
      body: JSON.stringify(mailboxQuery),
    });
  }

  it("refuses API calls and CORS preflights from another website, without CORS headers", async () => {
    const refused = await query(EVIL);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    expect(await refused.json()).toEqual({ code: "OriginNotAllowed", message: AllowedOrigins.refusal(EVIL) });

    const preflight = await fetch(`${backend.url}/api/query`, {
      method: "OPTIONS",
      headers: { Origin: EVIL, "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("refuses WebSocket connections from another website", async () => {
    expect(await upgradeStatus(backend.url, EVIL)).toBe(403);
    expect(await upgradeStatus(backend.url, "null")).toBe(403);
  });

  it("answers its own origin (also as localhost), an allowed one, and clients that send no Origin", async () => {
    const own = new URL(backend.url);
    for (const origin of [own.origin, `http://localhost:${own.port}`, DEV, "http://127.0.0.1:5173", undefined]) {
      const response = await query(origin);
      expect(response.status, String(origin)).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe(origin ?? null);
      expect(await upgradeStatus(backend.url, origin)).toBe(101);
    }
  });
});
