/**
 * The security headers of the built client's pages and files (SECURITY.md, "Headers"): served by
 * the local backend (./static-files.ts) and written at build time into dist/_headers for a static
 * host (scripts/security-headers-file.ts). One builder, so both say the same.
 *
 * The Content-Security-Policy allows only what the app loads:
 * - scripts from its own origin, plus the inline scripts of the page itself by their SHA-256
 *   (index.html's theme script, which must run before the first paint, and the route-preload
 *   list the build writes): no other inline script, no eval;
 * - styles from its own origin and inline ones: sonner (toasts) and Radix's scroll lock insert
 *   <style> elements at run time and the offline page has one; CSS cannot run script;
 * - connections to its own origin and to the Convex deployment (HTTPS and its WebSocket);
 * - pictures from anywhere over HTTPS (a book's cover may be an image URL, the home page's
 *   background comes from a picture service), data: and blob: (previews of a picture being
 *   uploaded);
 * - no plugins, no <base>, forms posting only to itself, and no framing by anyone.
 */
import { createHash } from "node:crypto";

/** Every inline <script> (one without `src`) of an HTML page, as CSP source expressions. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", body = ""] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return hashes;
}

/**
 * The policy for a page whose inline scripts hash to `scriptHashes`, talking to the backend at
 * `connectSources` (origins such as `https://happy-otter-123.convex.cloud`, each also allowed as
 * its WebSocket) besides its own origin.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[], connectSources: readonly string[]): string {
  const sockets = connectSources.flatMap((source) => [source, source.replace(/^http/, "ws")]);
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...scriptHashes]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", "https:"]],
    ["media-src", ["'self'", "blob:"]],
    ["connect-src", ["'self'", ...new Set(sockets)]],
    ["font-src", ["'self'"]],
    ["worker-src", ["'self'"]],
    ["manifest-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}

/** The headers every page and file of the client carries, whatever its type. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // Older browsers that do not read frame-ancestors.
  "X-Frame-Options": "DENY",
  // The app uses none of these; notifications are asked for with the Notifications API, not here.
  "Permissions-Policy":
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), browsing-topics=()",
};

/** All headers for an HTML page (`html` is its text) or, with `html` null, for any other file. */
export function securityHeaders(html: string | null, connectSources: readonly string[]): Record<string, string> {
  if (html === null) return { ...BASE_SECURITY_HEADERS };
  return {
    ...BASE_SECURITY_HEADERS,
    "Content-Security-Policy": contentSecurityPolicy(inlineScriptHashes(html), connectSources),
  };
}

/**
 * The origin a request reached us at, as an http(s) source for connect-src, or null when the Host
 * header is not a plain host[:port] (it must never add anything else to the policy).
 */
export function requestOrigin(host: string | undefined, secure: boolean): string | null {
  if (host === undefined || !/^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(host)) return null;
  return `${secure ? "https" : "http"}://${host.toLowerCase()}`;
}
