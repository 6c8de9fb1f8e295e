/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset, cold HTTP cache) on every route of the
 * built client, served by the local backend with the demo content and ids of the screenshots
 * (scripts/screenshots/demo-app.ts), driving Debian's Chromium (`/usr/bin/chromium`, or
 * CHROMIUM_PATH). The auth pages are measured signed out; the others signed in as the demo user
 * Alice, /moderation as Carol made a moderator (./bench-lighthouse/routes.ts). Each in the light
 * and the dark theme: saved in localStorage as the app does, and as prefers-color-scheme.
 *
 * Environment: LIGHTHOUSE_RUNS (default 3; the table shows the median run by performance score),
 * LIGHTHOUSE_ROUTES (comma-separated names or path prefixes, e.g. "/login,/duma,book"),
 * LIGHTHOUSE_THEMES (default "light,dark"), LIGHTHOUSE_REPORT_DIR (keep every run's JSON report).
 *
 * Budget (docs/architecture.md): performance ≥ 95, accessibility 100, best practices 100. Prints
 * figures and never fails on them; exits 1 when a route could not be measured.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import puppeteer, { type Browser } from "puppeteer-core";
import { buildClient } from "../local-backend/cli/build-client";
import { startDemoApp, type DemoApp } from "./screenshots/demo-app";
import { measure, prepareStorage, type Run, type Theme } from "./bench-lighthouse/measure";
import { printFailures, printTable, type Row } from "./bench-lighthouse/report";
import { benchRoutes, selectRoutes, userOf } from "./bench-lighthouse/routes";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const RUNS = runs(process.env.LIGHTHOUSE_RUNS);

function runs(value: string | undefined): number {
  const count = Number(value ?? 3);
  return Number.isFinite(count) ? Math.max(1, Math.floor(count)) : 3;
}

function themes(): Theme[] {
  const wanted = (process.env.LIGHTHOUSE_THEMES ?? "light,dark").split(",").map((theme) => theme.trim());
  const unknown = wanted.filter((theme) => theme !== "light" && theme !== "dark");
  if (unknown.length > 0) throw new Error(`LIGHTHOUSE_THEMES: unknown theme ${unknown.join(", ")} (light, dark)`);
  return [...new Set(wanted as Theme[])];
}

const load = () =>
  loadavg()
    .map((average) => average.toFixed(2))
    .join(" / ");

async function main(): Promise<number> {
  const chosenThemes = themes();
  console.log(`${new Date().toISOString()}: load average (1 / 5 / 15 min) ${load()} on ${cpus().length} cores`);
  const clientDir = mkdtempSync(path.join(tmpdir(), "lighthouse-client-"));
  let app: DemoApp | undefined;
  let browser: Browser | undefined;
  try {
    console.log("Building the client…");
    await buildClient(clientDir);
    app = await startDemoApp(clientDir);
    const routes = selectRoutes(benchRoutes(app), process.env.LIGHTHOUSE_ROUTES);
    if (routes.length === 0) {
      console.error(`LIGHTHOUSE_ROUTES="${process.env.LIGHTHOUSE_ROUTES}" names no route`);
      return 1;
    }
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-dev-shm-usage"],
    });
    console.log(
      `Lighthouse ${RUNS}× per page and theme (${chosenThemes.join(", ")}), mobile, cold cache, against ${app.url}\n`,
    );
    const rows: Row[] = [];
    for (const route of routes) {
      for (const theme of chosenThemes) {
        const row = await measureRoute(browser, app, route, theme);
        rows.push(row);
        const figures = "error" in row ? `not measured: ${row.error}` : row.runs.map((run) => describe(run)).join("; ");
        console.log(`${route.label} (${route.viewer}, ${theme}): ${figures}`);
      }
    }
    console.log(`\n${new Date().toISOString()}: load average (1 / 5 / 15 min) ${load()}`);
    printTable(rows);
    printFailures(rows);
    const unmeasured = rows.filter((row) => "error" in row).length;
    if (unmeasured > 0) console.error(`\n${unmeasured} route × theme could not be measured.`);
    return unmeasured > 0 ? 1 : 0;
  } finally {
    await browser?.close();
    await app?.close();
    rmSync(clientDir, { recursive: true, force: true });
  }
}

async function measureRoute(
  browser: Browser,
  app: DemoApp,
  route: ReturnType<typeof benchRoutes>[number],
  theme: Theme,
): Promise<Row> {
  const { label } = route;
  if (typeof route.path !== "string") return { label, theme, error: route.path.missing };
  const url = `${app.url}${route.path}`;
  try {
    await prepareStorage(browser, app, theme, userOf(route.viewer, app));
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measure(browser, url, theme, REPORT_DIR));
    return { label, theme, runs };
  } catch (error) {
    return { label, theme, error: error instanceof Error ? error.message : String(error) };
  }
}

function describe(run: Run): string {
  return `${run.performance} / ${run.accessibility} / ${run.bestPractices} (TBT ${Math.round(run.tbt)} ms)`;
}

process.exitCode = await main();
