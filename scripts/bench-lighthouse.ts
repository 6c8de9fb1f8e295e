/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset, cold HTTP cache) on /login, / and /dumy
 * of the built client served by the local backend with the demo content, driving Debian's
 * Chromium (`/usr/bin/chromium`, or CHROMIUM_PATH). /login is measured signed out, as a first
 * visit; / and /dumy signed in as the demo user Alice (her Convex Auth tokens in localStorage,
 * which Lighthouse keeps while it empties the HTTP cache before every run). Each page runs
 * RUNS times (env LIGHTHOUSE_RUNS, default 3); the table shows the median run by performance
 * score. LIGHTHOUSE_REPORT_DIR=/some/folder keeps every run's full JSON report there. Budget (ARCHITECTURE.md): performance ≥ 95, accessibility 100, best practices 100.
 * Prints figures; never fails on them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import puppeteer, { type Browser } from "puppeteer-core";
import { buildClient } from "../local-backend/cli/build-client";
import { startLocalBackend } from "../local-backend/server/start-server";
import { DEMO_PASSWORD, DEMO_USERS } from "../local-backend/seed/users";
import { authStorage, signInTokens } from "../tests/e2e/harness/users";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const PAGES = [
  { path: "/login", signedIn: false },
  { path: "/", signedIn: true },
  { path: "/dumy", signedIn: true },
] as const;

type Run = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  scriptKB: number;
  totalKB: number;
  /** Lighthouse's measure of this machine's speed during the run (a quiet desktop is ~1000–2000). */
  benchmarkIndex: number;
  failing: string[];
};

async function main(): Promise<void> {
  const clientDir = mkdtempSync(path.join(tmpdir(), "lighthouse-client-"));
  const dataDir = mkdtempSync(path.join(tmpdir(), "lighthouse-data-"));
  console.log("Building the client…");
  await buildClient(clientDir);
  const backend = await startLocalBackend({ port: 0, dataDir, staticDir: clientDir, log: () => undefined });
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-dev-shm-usage"],
    });
    console.log(`Lighthouse ${RUNS}× per page, mobile, cold cache, against ${backend.url}\n`);
    const rows: { path: string; signedIn: boolean; median: Run }[] = [];
    for (const { path: pagePath, signedIn } of PAGES) {
      if (signedIn) await signIn(browser, backend.url, await demoTokens(backend));
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await measure(browser, `${backend.url}${pagePath}`));
      runs.sort((a, b) => a.performance - b.performance);
      rows.push({ path: pagePath, signedIn, median: runs[Math.floor(runs.length / 2)]! });
      const scores = runs.map((one) => `${one.performance} (TBT ${Math.round(one.tbt)} ms)`).join(", ");
      console.log(`${pagePath}: performance of each run ${scores}`);
    }
    printTable(rows);
  } finally {
    await browser?.close();
    await backend.close();
    rmSync(clientDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function demoTokens(backend: Awaited<ReturnType<typeof startLocalBackend>>) {
  const alice = DEMO_USERS[0];
  return await signInTokens(backend.engine, { name: alice.displayName, email: alice.email, password: DEMO_PASSWORD });
}

/**
 * Puts the tokens where ConvexAuthProvider looks for them and lets the app start once, as a
 * returning user's browser would have it (Lighthouse then empties the HTTP cache, not storage).
 */
async function signIn(browser: Browser, url: string, tokens: Awaited<ReturnType<typeof demoTokens>>): Promise<void> {
  const page = await browser.newPage();
  await page.goto(`${url}/help`, { waitUntil: "networkidle0" });
  await page.evaluate(
    (entries) => {
      for (const { name, value } of entries) localStorage.setItem(name, value);
    },
    authStorage(url, tokens),
  );
  await page.goto(`${url}/`, { waitUntil: "networkidle0" });
  await page.close();
}

async function measure(browser: Browser, url: string): Promise<Run> {
  const page = await browser.newPage();
  try {
    const result = await lighthouse(url, { logLevel: "error", output: "json" }, undefined, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      const name = new URL(url).pathname.replace(/\W+/g, "_") || "_";
      writeFileSync(path.join(REPORT_DIR, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const transfer = lhr.audits["resource-summary"]?.details as
      { items?: { resourceType: string; transferSize: number }[] } | undefined;
    const bytes = (type: string) => transfer?.items?.find((item) => item.resourceType === type)?.transferSize ?? 0;
    const failing = ["accessibility", "best-practices"].flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    );
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      fcp: value("first-contentful-paint"),
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      speedIndex: value("speed-index"),
      scriptKB: bytes("script") / 1024,
      totalKB: bytes("total") / 1024,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      failing,
    };
  } finally {
    await page.close();
  }
}

function printTable(rows: { path: string; signedIn: boolean; median: Run }[]): void {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    "\n| page | signed in | performance | accessibility | best practices | FCP | LCP | TBT | CLS | Speed Index | script / all transferred | machine (benchmarkIndex) |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const { path: pagePath, signedIn, median: run } of rows) {
    console.log(
      `| ${pagePath} | ${signedIn ? "yes" : "no"} | ${run.performance} | ${run.accessibility} | ${run.bestPractices} | ` +
        `${seconds(run.fcp)} | ${seconds(run.lcp)} | ${Math.round(run.tbt)} ms | ${run.cls.toFixed(3)} | ` +
        `${seconds(run.speedIndex)} | ${run.scriptKB.toFixed(0)} KB / ${run.totalKB.toFixed(0)} KB | ${Math.round(run.benchmarkIndex)} |`,
    );
  }
  const failing = [...new Set(rows.flatMap((row) => row.median.failing))];
  if (failing.length > 0) console.log(`\nFailing accessibility / best-practice audits: ${failing.join(", ")}`);
}

await main();
