/**
 * The security headers of the client the local backend serves (SECURITY.md, "Headers"): every
 * route of the app and every static file carries nosniff, the referrer and permissions policies
 * and refuses framing; a page's Content-Security-Policy allows its own inline scripts by hash and
 * nothing else inline; uploaded files keep their stricter sandbox; and the build's dist/_headers
 * says the same for a static host.
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paths } from "../../src/config/paths";
import { startLocalBackend, type LocalBackend } from "../../local-backend/server/start-server";
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  requestOrigin,
} from "../../local-backend/server/http/security-headers";
import { headersFile } from "../../scripts/security-headers-file";

const THEME_SCRIPT = `document.documentElement.setAttribute("data-theme", "dark");`;
const PRELOAD_SCRIPT = `(function(){var t={"/":["assets/home.js"]};})();`;
const PAGE = `<!doctype html><html><head><script>${THEME_SCRIPT}</script>
<script type="module" crossorigin src="/assets/index-abc123.js"></script><script>${PRELOAD_SCRIPT}</script></head>
<body><div id="root"></div></body></html>`;

function sha256(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined> };

function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The directive `name` of a policy, as its list of sources. */
function directive(policy: string, name: string): string[] {
  const found = policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([first]) => first === name);
  return found?.slice(1) ?? [];
}

/** Every route of the app with sample ids, as a browser would open it. */
const APP_ROUTES = Object.values(paths).map((route) => route.pattern.replace(/:[a-zA-Z]+/g, "k57abc"));

describe("security headers of the served client", () => {
  let dir: string;
  let backend: LocalBackend;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "security-headers-"));
    const client = path.join(dir, "client");
    mkdirSync(path.join(client, "assets"), { recursive: true });
    writeFileSync(path.join(client, "index.html"), PAGE);
    writeFileSync(path.join(client, "offline.html"), "<!doctype html><style>p{color:red}</style><p>Offline</p>");
    writeFileSync(path.join(client, "assets", "index-abc123.js"), "export {};");
    writeFileSync(path.join(client, "sw.js"), "self.addEventListener('fetch', () => {});");
    writeFileSync(path.join(client, "manifest.webmanifest"), "{}");
    backend = await startLocalBackend({
      port: 0,
      dataDir: path.join(dir, "data"),
      staticDir: client,
      seed: false,
      log: () => undefined,
    });
    // Opening the engine bundles the app's functions: seconds on a busy 2-core machine.
  }, 60_000);

  afterAll(async () => {
    await backend?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("gives every route of the app a policy that allows only the page's own inline scripts", async () => {
    expect(APP_ROUTES.length).toBeGreaterThan(20);
    for (const route of APP_ROUTES) {
      const answer = await get(`${backend.url}${route}`, { Accept: "text/html" });
      expect(answer.status, route).toBe(200);
      expect(answer.headers["content-type"], route).toBe("text/html; charset=utf-8");
      const policy = String(answer.headers["content-security-policy"]);
      expect(directive(policy, "script-src"), route).toEqual(["'self'", sha256(THEME_SCRIPT), sha256(PRELOAD_SCRIPT)]);
      expect(directive(policy, "frame-ancestors"), route).toEqual(["'none'"]);
      expect(directive(policy, "object-src"), route).toEqual(["'none'"]);
      expect(directive(policy, "default-src"), route).toEqual(["'self'"]);
      expect(answer.headers["x-content-type-options"], route).toBe("nosniff");
      expect(answer.headers["referrer-policy"], route).toBe("strict-origin-when-cross-origin");
      expect(answer.headers["x-frame-options"], route).toBe("DENY");
      expect(String(answer.headers["permissions-policy"]), route).toContain("camera=()");
    }
  });

  it("lets the page talk to the backend that served it, over HTTP and its WebSocket", async () => {
    const answer = await get(`${backend.url}/books`, { Accept: "text/html" });
    const origin = new URL(backend.url).origin;
    const connect = directive(String(answer.headers["content-security-policy"]), "connect-src");
    expect(connect).toEqual(["'self'", origin, origin.replace(/^http/, "ws")]);
  });

  it("puts the same headers on scripts, the service worker, the manifest and the offline page", async () => {
    for (const file of ["/assets/index-abc123.js", "/sw.js", "/manifest.webmanifest", "/offline.html"]) {
      const answer = await get(`${backend.url}${file}`);
      expect(answer.status, file).toBe(200);
      expect(answer.headers["x-content-type-options"], file).toBe("nosniff");
      expect(answer.headers["referrer-policy"], file).toBe("strict-origin-when-cross-origin");
      expect(answer.headers["x-frame-options"], file).toBe("DENY");
    }
    const offline = await get(`${backend.url}/offline.html`);
    // The offline page has no inline script: none is allowed on it.
    expect(directive(String(offline.headers["content-security-policy"]), "script-src")).toEqual(["'self'"]);
  });

  it("never lets a forged Host header add a source to the policy", async () => {
    const answer = await get(`${backend.url}/books`, { Accept: "text/html", Host: "evil.example; script-src *" });
    const policy = String(answer.headers["content-security-policy"]);
    expect(policy).not.toContain("evil");
    expect(directive(policy, "connect-src")).toEqual(["'self'"]);
    expect(requestOrigin("a.example:3000", false)).toBe("http://a.example:3000");
    expect(requestOrigin("a.example 'unsafe-eval'", false)).toBeNull();
  });
});

describe("the policy itself", () => {
  it("hashes inline scripts only, byte for byte", () => {
    expect(inlineScriptHashes(PAGE)).toEqual([sha256(THEME_SCRIPT), sha256(PRELOAD_SCRIPT)]);
    expect(inlineScriptHashes(`<script src="/a.js"></script><script type="module">x()</script>`)).toEqual([
      sha256("x()"),
    ]);
  });

  it("allows no eval and no inline script beyond the hashed ones", () => {
    const policy = contentSecurityPolicy([sha256("x")], ["https://happy-otter-123.convex.cloud"]);
    expect(policy).not.toContain("unsafe-eval");
    expect(directive(policy, "script-src")).not.toContain("'unsafe-inline'");
    expect(directive(policy, "connect-src")).toEqual([
      "'self'",
      "https://happy-otter-123.convex.cloud",
      "wss://happy-otter-123.convex.cloud",
    ]);
  });

  it("writes dist/_headers with the same policy for the deployment the build talks to", () => {
    const client = mkdtempSync(path.join(tmpdir(), "headers-file-"));
    try {
      writeFileSync(path.join(client, "index.html"), PAGE);
      const named = headersFile(client, "https://happy-otter-123.convex.cloud/");
      expect(named).toContain("/*\n");
      expect(named).toContain(
        `  Content-Security-Policy: ${contentSecurityPolicy(
          [sha256(THEME_SCRIPT), sha256(PRELOAD_SCRIPT)],
          ["https://happy-otter-123.convex.cloud"],
        )}\n`,
      );
      expect(named).toContain("  X-Content-Type-Options: nosniff\n");
      expect(headersFile(client, undefined)).toContain(
        "connect-src 'self' https://*.convex.cloud wss://*.convex.cloud;",
      );
    } finally {
      rmSync(client, { recursive: true, force: true });
    }
  });
});
