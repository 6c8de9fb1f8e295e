/** Small helpers between node:http and the web Request/Response the engine speaks. */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestBody } from "./request-body";

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  response.end(text);
}

export function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
  });
  response.end(text);
}

/**
 * CORS for an allowed page on another origin (the Vite dev server calling this backend).
 * Preflights (OPTIONS) are answered with these too. Never called for a refused origin.
 * Credentials are allowed because navigator.sendBeacon always sends in credentials mode (the
 * presence hook's tab-close disconnect); the backend reads no cookies, logins are bearer tokens.
 */
export function allowOrigin(request: IncomingMessage, response: ServerResponse): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  response.setHeader("Access-Control-Allow-Origin", origin);
  response.setHeader("Access-Control-Allow-Credentials", "true");
  response.setHeader("Vary", "Origin");
  response.setHeader("Access-Control-Allow-Methods", "GET, HEAD, POST, OPTIONS");
  response.setHeader(
    "Access-Control-Allow-Headers",
    request.headers["access-control-request-headers"] ?? "Content-Type, Authorization, Convex-Client",
  );
  response.setHeader("Access-Control-Max-Age", "86400");
}

/** The bearer token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(request: IncomingMessage): string | null {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The incoming request as a web Request on `origin` (for the engine's http actions). */
export async function toWebRequest(
  request: IncomingMessage,
  body: RequestBody,
  origin: string,
  bodyLimit: number,
): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = request.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const bytes = hasBody ? new Uint8Array(await body.read(bodyLimit)) : undefined;
  return new Request(new URL(request.url ?? "/", origin), { method, headers, ...(bytes ? { body: bytes } : {}) });
}

export async function sendWebResponse(response: ServerResponse, web: Response, headOnly: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  web.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = web.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  const body = headOnly ? null : Buffer.from(await web.arrayBuffer());
  response.writeHead(web.status, web.statusText, headers);
  response.end(body);
}
