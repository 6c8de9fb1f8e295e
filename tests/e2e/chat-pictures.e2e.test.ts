/**
 * Pictures in a chat room (issue 32) in real Chromium against the local backend: a text file
 * renamed .png is refused inline; Bob attaches a real PNG with alt text and sends it; Carol sees
 * the thumbnail live and opens it full size in the dialog, which Escape closes. Screenshots at
 * 1280 and 390 px in light and dark, with axe in both themes.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "./harness/accessibility";
import { startApp, type App } from "./harness/app";
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, screenshot } from "./harness/browser";
import { openInNewRoom, signedInPage, type SignedIn } from "./harness/users";

const LIVE_TIMEOUT_MS = 10_000;
const BOB = { name: "Bob Brooks", email: "bob@example.com" };
const CAROL = { name: "Carol Cruz", email: "carol@example.com" };
const ALT = "The community's round app icon";
const PICTURE = readFileSync(path.join(import.meta.dirname, "../../public/icons/icon-512.png"));

const LOOKS = [
  ["light", "1280", DESKTOP_VIEWPORT],
  ["dark", "1280", DESKTOP_VIEWPORT],
  ["light", "390", PHONE_VIEWPORT],
  ["dark", "390", PHONE_VIEWPORT],
] as const;

/** The composer's file input: hidden, opened by "Attach picture", filled directly here. */
function pictureInput(page: Page) {
  return page.locator('form input[type="file"]');
}

describe("pictures in a chat room", () => {
  let app: App;
  let browser: Browser;
  let bob: SignedIn;
  let carol: SignedIn;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    [bob, carol] = await Promise.all([
      signedInPage(browser, app, BOB, "/chats"),
      signedInPage(browser, app, CAROL, "/chats"),
    ]);
    await openInNewRoom(app, BOB, "Photo corner", [bob, carol]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("refuses a text file renamed .png inline", async () => {
    const page = bob.page;
    await page.getByRole("button", { name: "Attach picture" }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await pictureInput(page).setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("Shopping list: milk, eggs"),
    });
    await page.getByRole("alert").getByText("That file is not an image.").waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await page.getByRole("img", { name: "Picture to send" }).count()).toBe(0);
    await expect(page.getByRole("button", { name: "Send" }).isDisabled()).resolves.toBe(true);
  });

  it("Bob attaches a picture with alt text and sends it without words; Carol sees it live", async () => {
    const page = bob.page;
    await pictureInput(page).setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: PICTURE });
    await page.getByRole("img", { name: "Picture to send" }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await page.getByRole("alert").count()).toBe(0);
    await page.getByLabel("Alt text (optional)").fill(ALT);
    for (const [scheme, width, viewport] of LOOKS) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, `chat-pictures-composer-${scheme}-${width}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await page.emulateMedia({ colorScheme: "light" });
    await page.getByRole("button", { name: "Send" }).click();
    // Sent: the preview goes, and the message shows in Bob's history too.
    await page.getByRole("button", { name: ALT, exact: true }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await page.getByRole("img", { name: "Picture to send" }).count()).toBe(0);
    await carol.page.getByRole("button", { name: ALT, exact: true }).waitFor({ timeout: LIVE_TIMEOUT_MS });
  });

  it("Carol opens it full size in a dialog with the alt text as caption, and Escape closes it", async () => {
    const page = carol.page;
    const thumbnail = page.getByRole("button", { name: ALT, exact: true });
    for (const [scheme, width, viewport] of LOOKS) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      // The thumbnail has loaded (a broken picture has no natural width).
      await page.waitForFunction(
        (alt) =>
          [...document.querySelectorAll<HTMLImageElement>(`img[alt="${alt}"]`)].some((img) => img.naturalWidth > 0),
        ALT,
      );
      await screenshot(page, `chat-pictures-message-${scheme}-${width}`);
      await thumbnail.click();
      const dialog = page.getByRole("dialog", { name: `Picture from ${BOB.name}` });
      await dialog.waitFor({ timeout: LIVE_TIMEOUT_MS });
      await dialog.getByText(ALT).waitFor();
      await dialog.getByRole("img", { name: ALT }).waitFor();
      await screenshot(page, `chat-pictures-dialog-${scheme}-${width}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached", timeout: LIVE_TIMEOUT_MS });
      // The focus goes back to the thumbnail that opened it (once the dialog's closing has run).
      await expect
        .poll(() => thumbnail.evaluate((element) => element === document.activeElement), { timeout: LIVE_TIMEOUT_MS })
        .toBe(true);
    }
  });
});
