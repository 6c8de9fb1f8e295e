/**
 * "Download my data" in real Chromium against the local backend (issue 30): a member with a
 * post opens Settings, clicks Download my data, watches the progress until the ZIP is ready,
 * downloads it, and the ZIP's posts.json names their post and holds its image. The section is
 * checked with axe and photographed at 1280 and 390 px in both themes.
 */
import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "./harness/accessibility";
import { startApp, type App } from "./harness/app";
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, screenshot } from "./harness/browser";
import { addPostAs } from "./harness/content";
import { signedInPage, type SignedIn } from "./harness/users";

const LIVE_TIMEOUT_MS = 20_000;
const MEMBER = { name: "Ines", email: "ines@example.com" };
const TITLE = "Notes on a slow morning";

describe("download my data", () => {
  let app: App;
  let browser: Browser;
  let member: SignedIn;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    member = await signedInPage(browser, app, MEMBER, "/settings");
    await addPostAs(app, MEMBER, TITLE, "productivity");
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("makes the ZIP, shows it ready, and downloads it with the member's post in it", async () => {
    const page = member.page;
    const section = page.getByRole("region", { name: "Download my data" });
    await section.getByRole("button", { name: "Download my data" }).click();

    const download = section.getByRole("button", { name: /^Download \(ZIP, .+\)$/ });
    await download.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await section.getByText(/Your data is ready\. The link works until/).waitFor();

    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^dumy-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(await file.path())));
    const posts = JSON.parse(strFromU8(files["posts.json"]!)) as { title: string; image: string }[];
    expect(posts.map((post) => post.title)).toEqual([TITLE]);
    expect(Object.keys(files)).toContain(posts[0]!.image);
    expect(JSON.parse(strFromU8(files["profile.json"]!))).toMatchObject({ profile: { displayName: MEMBER.name } });
  });

  it("has no axe violations and is photographed in both themes at 1280 and 390 px", async () => {
    const page = member.page;
    const section = page.getByRole("region", { name: "Download my data" });
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBe(theme);
      for (const viewport of [DESKTOP_VIEWPORT, PHONE_VIEWPORT]) {
        await page.setViewportSize(viewport);
        await section.scrollIntoViewIfNeeded();
        await expect(seriousAxeViolations(page)).resolves.toEqual([]);
        await screenshot(page, `data-export-ready-${theme}-${viewport.width}`);
      }
    }
    await page.setViewportSize(DESKTOP_VIEWPORT);
  });
});
