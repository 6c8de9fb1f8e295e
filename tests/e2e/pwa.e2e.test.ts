/**
 * The installable app in Chromium: the service worker registers after the page's load, the
 * manifest installs (Chromium's own installability check), pages of the app open from the cache
 * while the backend is down and the backend's own addresses show the offline page, and after a
 * rebuild the page offers the new version and switches only when Reload is pressed.
 *
 * The journey serves a copy of the run's client build, so that it can turn the copy into "the next
 * build" without touching what the other journeys serve, and uses a browser profile of its own:
 * Chromium does not install apps from incognito contexts (those of launchBrowser()).
 */
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousAxeViolations } from "./harness/accessibility";
import { startApp, type App } from "./harness/app";
import { launchProfileBrowser, screenshot } from "./harness/browser";

const WAIT_MS = 15_000;

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string };
type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
};

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The scripts and preloads index.html makes the browser fetch: the first download. */
function firstDownload(clientDir: string): string[] {
  const html = readFileSync(path.join(clientDir, "index.html"), "utf8");
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? "");
}

/** The chunk with the registration code (the one that tells a waiting worker to take over). */
function registrationChunk(clientDir: string): string {
  const chunks = readdirSync(path.join(clientDir, "assets")).filter((file) => file.endsWith(".js"));
  const found = chunks.filter((file) =>
    readFileSync(path.join(clientDir, "assets", file), "utf8").includes("SKIP_WAITING"),
  );
  expect(found).toHaveLength(1);
  return `assets/${found[0]}`;
}

/**
 * What a rebuild with a changed page does to the build: a new index.html, and a new sw.js whose
 * precache list carries that page's new revision (their compressed twins would be stale: gone).
 */
function makeNextBuild(clientDir: string): void {
  const file = (name: string) => path.join(clientDir, name);
  const page = readFileSync(file("index.html"), "utf8");
  const nextPage = page.replace("<head>", '<head>\n    <meta name="dumy-build" content="next" />');
  expect(nextPage).not.toBe(page);
  const revision = (text: string) => createHash("md5").update(text).digest("hex");
  const worker = readFileSync(file("sw.js"), "utf8");
  // The page's revision is the MD5 of its bytes; it appears once, in the page's precache entry.
  expect(worker.split(revision(page))).toHaveLength(2);
  writeFileSync(file("index.html"), nextPage);
  writeFileSync(file("sw.js"), worker.replace(revision(page), revision(nextPage)));
  for (const twin of ["index.html.br", "index.html.gz", "sw.js.br", "sw.js.gz"]) rmSync(file(twin), { force: true });
}

/** The script URL of the worker that is active for the page's origin, once there is one. */
async function activeWorker(page: Page): Promise<string | undefined> {
  return await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
}

describe("the installable app", () => {
  let app: App;
  let context: BrowserContext;
  let page: Page;
  let clientDir: string;
  let profileDir: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), "e2e-pwa-client-"));
    cpSync(inject("clientDir"), clientDir, { recursive: true });
    profileDir = mkdtempSync(path.join(tmpdir(), "e2e-pwa-profile-"));
    [app, context] = await Promise.all([startApp({ staticDir: clientDir }), launchProfileBrowser(profileDir)]);
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close();
    await app?.close();
    for (const dir of [clientDir, profileDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("registers the service worker after the page's load, from a chunk outside the first download", async () => {
    const chunk = registrationChunk(clientDir);
    expect(firstDownload(clientDir)).not.toContain(chunk);

    await page.goto(`${app.url}/login`);
    expect(await activeWorker(page)).toBe(`${app.url}/sw.js`);
    const timing = await page.evaluate((file) => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const loaded = performance.getEntriesByType("resource").find((entry) => entry.name.endsWith(file));
      return { loadEventStart: navigation.loadEventStart, chunkStart: loaded?.startTime };
    }, chunk);
    expect(timing.chunkStart).toBeGreaterThanOrEqual(timing.loadEventStart);
    // A first visit's page is not taken over: it runs as it was loaded (the worker serves the next loads).
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  });

  it("serves a manifest Chromium can install from, with the icons and both themes' colours", async () => {
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    const answer = await fetch(new URL(href ?? "", app.url));
    expect(answer.headers.get("content-type")).toBe("application/manifest+json");
    expect(answer.headers.get("cache-control")).toBe("no-cache");
    const manifest = (await answer.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: "DUMY community",
      short_name: "DUMY",
      start_url: "/",
      display: "standalone",
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);

    const icons = await Promise.all(
      manifest.icons.map(async (icon) => {
        const image = await fetch(new URL(icon.src, answer.url));
        expect(image.headers.get("content-type")).toBe("image/png");
        const { width, height } = pngSize(Buffer.from(await image.arrayBuffer()));
        expect(`${width}x${height}`).toBe(icon.sizes);
        return `${icon.sizes} ${icon.purpose ?? "any"}`;
      }),
    );
    expect(icons).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));

    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    const touch = await fetch(new URL(touchIcon ?? "", app.url));
    expect(pngSize(Buffer.from(await touch.arrayBuffer()))).toEqual({ width: 180, height: 180 });

    const themeColors = await page
      .locator('meta[name="theme-color"]')
      .evaluateAll((metas) => metas.map((meta) => meta.getAttribute("media")));
    expect(themeColors).toEqual(["(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"]);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    await cdp.detach();
  });

  it("opens the app from the cache while the backend is down, and the offline page for the backend's own addresses", async () => {
    await app.stop();
    try {
      // A page of the app: the shell from the precache, then the app itself (signed out: the login form).
      await page.goto(`${app.url}/books`);
      await page.getByRole("button", { name: "Login" }).waitFor({ timeout: WAIT_MS });
      expect(new URL(page.url()).pathname).toBe("/login");

      // An address the backend answers itself (here Convex Auth's OpenID document): nothing to show but the offline page.
      await page.goto(`${app.url}/.well-known/openid-configuration`);
      await page.getByRole("heading", { name: "You are offline" }).waitFor({ timeout: WAIT_MS });
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await seriousAxeViolations(page)).toEqual([]);
        await screenshot(page, `pwa-offline-page-${colorScheme}`);
      }
      await page.emulateMedia({ colorScheme: null });
    } finally {
      await app.start();
    }
    // Back online, "Try again" loads the same address from the network.
    await page.getByRole("link", { name: "Try again" }).click();
    await page.getByText('"issuer"').waitFor({ timeout: WAIT_MS });
    expect(page.url()).toBe(`${app.url}/.well-known/openid-configuration`);
  });

  it("offers the new version after a rebuild and switches to it only when Reload is pressed", async () => {
    await page.goto(`${app.url}/login`);
    await page.getByRole("button", { name: "Login" }).waitFor({ timeout: WAIT_MS });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${app.url}/sw.js`);
    await page.evaluate(() => Object.assign(window, { beforeTheUpdate: true }));

    makeNextBuild(clientDir);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });

    const prompt = page.getByRole("listitem").filter({ hasText: "New version available" });
    await prompt.waitFor({ timeout: WAIT_MS });
    // Nothing changed behind the person's back: the same page, the new version waiting.
    expect(await page.evaluate(() => "beforeTheUpdate" in window)).toBe(true);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(
      true,
    );
    expect(await page.locator('meta[name="dumy-build"]').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "pwa-update-prompt");

    const reloaded = page.waitForEvent("load", { timeout: WAIT_MS });
    await prompt.getByRole("button", { name: "Reload" }).click();
    await reloaded;
    await page.locator('meta[name="dumy-build"]').waitFor({ state: "attached", timeout: WAIT_MS });
    expect(await page.evaluate(() => "beforeTheUpdate" in window)).toBe(false);
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: registration?.waiting ?? null, active: registration?.active?.state };
      }),
    ).toEqual({ waiting: null, active: "activated" });
    await page.getByRole("button", { name: "Login" }).waitFor({ timeout: WAIT_MS });
    expect(await page.getByText("New version available").count()).toBe(0);
  });
});
