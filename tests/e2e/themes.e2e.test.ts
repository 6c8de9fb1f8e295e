/**
 * The colour theme (issue 28): chosen per device as System, Light or Dark on the account page,
 * applied before the first paint, following the system while the choice is System; and every
 * screen of the demo community has no axe violation in the dark theme at 1280 and 390 px
 * (scripts/screenshots walks them; the light theme's screens are checked by the other journeys).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { capture } from "../../scripts/screenshots/capture";
import { startApp, type App } from "./harness/app";
import { seriousAxeViolations } from "./harness/accessibility";
import { launchBrowser, PHONE_VIEWPORT, screenshot } from "./harness/browser";
import { signedInPage } from "./harness/users";

const WAIT_MS = 10_000;
const READER = { name: "Theo", email: "theo@example.com" };

function themeOf(page: Page): Promise<string | null> {
  return page.evaluate(() => document.documentElement.getAttribute("data-theme"));
}

describe("the colour theme", () => {
  let app: App;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("follows a dark system before the first paint, with no choice saved", async () => {
    const context = await browser.newContext({ colorScheme: "dark" });
    const page = await context.newPage();
    // Read as the HTML arrives, before the app's script or style sheet could paint anything.
    await page.addInitScript(() => {
      document.addEventListener("readystatechange", () => {
        if (document.readyState === "interactive") {
          (window as unknown as { themeAtParse: string | null }).themeAtParse =
            document.documentElement.getAttribute("data-theme");
        }
      });
    });
    await page.goto(`${app.url}/login`);
    expect(await page.evaluate(() => (window as unknown as { themeAtParse: string | null }).themeAtParse)).toBe("dark");
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => themeOf(page)).toBe("light");
    await context.close();
  });

  it("keeps the choice made on the account page for this device, over the system's", async () => {
    const { page, context } = await signedInPage(browser, app, READER, "/account");
    await page.emulateMedia({ colorScheme: "light" });
    const appearance = page.getByRole("group", { name: "Appearance" });
    await appearance.waitFor({ timeout: WAIT_MS });
    expect(await appearance.getByRole("radio", { name: "System" }).isChecked()).toBe(true);

    await appearance.getByRole("radio", { name: "Dark" }).check();
    await expect.poll(() => themeOf(page)).toBe("dark");
    // The browser's own bars follow the app's theme, not only the system's.
    const barColours = await page
      .locator('meta[name="theme-color"]')
      .evaluateAll((metas) => metas.map((meta) => meta.getAttribute("content")));
    expect(barColours).toEqual(["#1c1917", "#1c1917"]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "theme-account-dark-1280");

    await page.reload();
    await page.getByRole("group", { name: "Appearance" }).waitFor({ timeout: WAIT_MS });
    expect(await themeOf(page)).toBe("dark");
    expect(await page.getByRole("radio", { name: "Dark" }).isChecked()).toBe(true);

    // Light stays light when the system turns dark; System follows it again.
    await page.getByRole("radio", { name: "Light" }).check();
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => themeOf(page)).toBe("light");
    await page.getByRole("radio", { name: "System" }).check();
    await expect.poll(() => themeOf(page)).toBe("dark");
    await page.setViewportSize(PHONE_VIEWPORT);
    await screenshot(page, "theme-account-system-dark-390");
    await context.close();
  });

  it("switches between light and dark with the top bar's toggle, kept over a reload", async () => {
    const { page, context } = await signedInPage(browser, app, READER, "/books");
    await page.emulateMedia({ colorScheme: "light" });
    const toDark = page.getByRole("button", { name: "Switch to the dark theme" });
    await toDark.click({ timeout: WAIT_MS });
    await expect.poll(() => themeOf(page)).toBe("dark");
    await page.reload();
    await page.getByRole("button", { name: "Switch to the light theme" }).click({ timeout: WAIT_MS });
    await expect.poll(() => themeOf(page)).toBe("light");
    await context.close();

    // Signed out on a phone, the sign-in pages have room for it too.
    const phone = await browser.newContext({ viewport: PHONE_VIEWPORT, colorScheme: "light" });
    const loginPage = await phone.newPage();
    await loginPage.goto(`${app.url}/login`);
    await loginPage.getByRole("button", { name: "Switch to the dark theme" }).click({ timeout: WAIT_MS });
    await expect.poll(() => themeOf(loginPage)).toBe("dark");
    expect(await seriousAxeViolations(loginPage)).toEqual([]);
    await screenshot(loginPage, "theme-login-dark-390");
    await phone.close();
  });

  it("has no axe violation and no Content-Security-Policy violation on any screen in the dark theme, at 1280 and 390 px", async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), "e2e-dark-screens-"));
    try {
      const { failures, axeFindings, cspViolations } = await capture({
        outDir,
        clientDir: inject("clientDir"),
        theme: "dark",
        axe: true,
        noShots: true,
      });
      expect(failures).toBe(0);
      expect(axeFindings).toEqual([]);
      expect(cspViolations).toEqual([]);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 300_000);
});
