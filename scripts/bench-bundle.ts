/**
 * Budget check (ARCHITECTURE.md): the JavaScript a first visit downloads before any lazy screen,
 * i.e. the entry chunk and the chunks index.html preloads, measured gzip-compressed from dist/.
 * Run after `vite build` (npm run bench does both). Prints figures; never fails on them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 130;
const distDir = join(import.meta.dirname, "..", "dist");
const html = readFileSync(join(distDir, "index.html"), "utf8");
const initialScripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);

let totalGzip = 0;
console.log("Initial JavaScript (loaded by index.html):");
for (const file of initialScripts) {
  const bytes = readFileSync(join(distDir, file));
  const gzip = gzipSync(bytes, { level: 9 }).length;
  totalGzip += gzip;
  console.log(
    `  ${file.padEnd(40)} ${(bytes.length / 1024).toFixed(1).padStart(8)} KB raw ${(gzip / 1024).toFixed(1).padStart(7)} KB gzip`,
  );
}
const totalKb = totalGzip / 1024;
console.log(
  `Total: ${totalKb.toFixed(1)} KB gzip, ${totalGzip.toLocaleString("en")} bytes (budget ${BUDGET_KB} KB = ${(BUDGET_KB * 1024).toLocaleString("en")} bytes: ${totalKb <= BUDGET_KB ? "within" : "OVER"})`,
);
