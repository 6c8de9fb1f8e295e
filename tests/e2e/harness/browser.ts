/**
 * Real Chromium for the browser journeys: Debian's /usr/bin/chromium driven by playwright-core
 * (no browser download). Screenshots go to /tmp/e2e-shots/<name>.png for a person to look at.
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SCREENSHOT_DIR = "/tmp/e2e-shots";
export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };

const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function launchBrowser(): Promise<Browser> {
  checkChromium();
  return await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

/**
 * Chromium with a profile of its own in `userDataDir`, as one person's browser: unlike the
 * contexts of launchBrowser(), which are incognito, it can install the app (Chromium reports
 * "in-incognito" among the installability errors otherwise).
 */
export async function launchProfileBrowser(userDataDir: string): Promise<BrowserContext> {
  checkChromium();
  return await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: DESKTOP_VIEWPORT,
  });
}

function checkChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
}

/** Saves a full-page screenshot as /tmp/e2e-shots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, "-")}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
