/**
 * Writes dist/_headers (the format Netlify and Cloudflare Pages read) when the client is built,
 * so a static host of dist/ sends the same security headers as the local backend does
 * (local-backend/server/http/security-headers.ts; docs/deployment.md). The policy's script hashes
 * come from the built pages themselves; its connect-src names the Convex deployment the build
 * talks to (VITE_CONVEX_URL), or any *.convex.cloud deployment when the build names none.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin, ResolvedConfig } from "vite";
import {
  BASE_SECURITY_HEADERS,
  contentSecurityPolicy,
  inlineScriptHashes,
} from "../local-backend/server/http/security-headers.ts";

/** Pages of dist/ whose inline scripts the one policy must allow. */
const PAGES = ["index.html", "offline.html"];
const ANY_CONVEX_DEPLOYMENT = "https://*.convex.cloud";

/** The _headers file for the build in `outDir`, talking to `convexUrl` (empty: any deployment). */
export function headersFile(outDir: string, convexUrl: string | undefined): string {
  const hashes = PAGES.filter((page) => existsSync(path.join(outDir, page))).flatMap((page) =>
    inlineScriptHashes(readFileSync(path.join(outDir, page), "utf8")),
  );
  const backend = convexUrl !== undefined && convexUrl !== "" ? new URL(convexUrl).origin : ANY_CONVEX_DEPLOYMENT;
  const headers = { ...BASE_SECURITY_HEADERS, "Content-Security-Policy": contentSecurityPolicy(hashes, [backend]) };
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  return `# Written by the build (scripts/security-headers-file.ts); do not edit.\n/*\n${lines.join("\n")}\n`;
}

export function securityHeadersFilePlugin(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: "dumy:security-headers-file",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      if (config === undefined || config.build.write === false) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      writeFileSync(
        path.join(outDir, "_headers"),
        headersFile(outDir, config.env.VITE_CONVEX_URL as string | undefined),
      );
    },
  };
}
