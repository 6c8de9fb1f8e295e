/**
 * Search (issue 33) in real Chromium against the local backend: Alice finds a book by a word of
 * its description from the top bar ("/" focuses the field), opens it and comes Back to the same
 * results; Bob adds a post matching Alice's open search on the Posts tab and it appears live; on a
 * phone (390 px) the top bar's search button opens /search with its field focused, and the top
 * bar fits at 390 and 320 px. Screenshots of the results page at 1280 and 390 px in light and dark
 * (axe-checked) and of the top bar go to /tmp/e2e-shots.
 */
import { ConvexHttpClient } from "convex/browser";
import type { Browser, Page } from "playwright-core";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { seriousAxeViolations } from "./harness/accessibility";
import { startApp, type App } from "./harness/app";
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, screenshot, SCREENSHOT_DIR } from "./harness/browser";
import { addPostAs, TINY_PNG } from "./harness/content";
import { createVerifiedUser, signedInPage, signInTokens, type TestUser } from "./harness/users";

const WAIT_MS = 15_000;
const ALICE = { name: "Alice", email: "alice.search@example.com" };
const BOB = { name: "Bob", email: "bob.search@example.com" };
const BOOK = { title: "Northern Sea Voyages", description: "Stories of lonely lighthouses and their keepers." };

/** Adds a book as `user` with an uploaded cover; returns its id. */
async function addBookAs(app: App, user: TestUser, title: string, description: string): Promise<Id<"books">> {
  const client = new ConvexHttpClient(app.url);
  client.setAuth((await signInTokens(app.engine, user)).token);
  const uploadUrl = await client.mutation(api.files.generateUploadUrl, {});
  const response = await fetch(uploadUrl, { method: "POST", headers: { "Content-Type": "image/png" }, body: TINY_PNG });
  const { storageId } = (await response.json()) as { storageId: Id<"_storage"> };
  await client.action(api.files.confirmUpload, { storageId });
  return await client.mutation(api.books.create, { title, description, image: { storageId } });
}

/** What sticks out past the window's right edge (a sideways scroll): none, or the elements, named. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return [];
    return Array.from(document.querySelectorAll("header *"))
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth)
      .map(
        (element) =>
          `${element.tagName} ${element.getAttribute("aria-label") ?? element.textContent?.slice(0, 20)} ${Math.round(element.getBoundingClientRect().right)}`,
      );
  });
}

const searchPageField = (page: Page) =>
  page.getByRole("searchbox", { name: "Search people, books, posts and chat rooms" });

describe("search in the browser", () => {
  let app: App;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    await createVerifiedUser(app.engine, BOB);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("Alice finds a book by its description from the top bar, opens it and comes Back to the same results", async () => {
    const { page, context } = await signedInPage(browser, app, ALICE, "/");
    await page.setViewportSize(DESKTOP_VIEWPORT);
    const bookId = await addBookAs(app, BOB, BOOK.title, BOOK.description);
    await addBookAs(app, BOB, "Cooking for One", "Simple meals.");

    // "/" from anywhere focuses the top bar's field.
    const topField = page.getByRole("search").getByRole("searchbox", { name: "Search" });
    await topField.waitFor({ timeout: WAIT_MS });
    await page.locator("header").screenshot({ path: path.join(SCREENSHOT_DIR, "search-top-bar-1280.png") });
    await page.locator("body").press("/");
    await expect.poll(() => topField.evaluate((field) => field === document.activeElement)).toBe(true);
    await page.keyboard.type("lighthouses");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${app.url}/search?q=lighthouses`, { timeout: WAIT_MS });

    const result = page.getByRole("link", { name: BOOK.title });
    await result.waitFor({ timeout: WAIT_MS });
    expect(await page.getByRole("link", { name: "Cooking for One" }).count()).toBe(0);

    await result.click();
    await page.waitForURL(`${app.url}/books/${bookId}`, { timeout: WAIT_MS });
    await page.getByRole("heading", { name: BOOK.title }).waitFor({ timeout: WAIT_MS });
    await page.goBack();
    await page.waitForURL(`${app.url}/search?q=lighthouses`, { timeout: WAIT_MS });
    await page.getByRole("link", { name: BOOK.title }).waitFor({ timeout: WAIT_MS });
    expect(await searchPageField(page).inputValue()).toBe("lighthouses");
    await context.close();
  });

  it("a post Bob adds that matches Alice's open search on the Posts tab appears live", async () => {
    const { page, context } = await signedInPage(browser, app, ALICE, "/search?q=lighthouse&type=posts");
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await expect
      .poll(() => page.getByRole("tab", { name: "Posts" }).getAttribute("aria-selected"), { timeout: WAIT_MS })
      .toBe("true");
    await page.getByText("Nothing found. Try other words!").waitFor({ timeout: WAIT_MS });

    await addPostAs(app, BOB, "A lighthouse keeper's diary", "science");
    // No reload: the open search is a live query.
    await page.getByRole("link", { name: "A lighthouse keeper's diary" }).waitFor({ timeout: WAIT_MS });
    await context.close();
  });

  it("on a phone, the top bar's search button opens /search ready to type; the bar fits at 390 and 320 px", async () => {
    const { page, context } = await signedInPage(browser, app, ALICE, "/");
    await page.setViewportSize(PHONE_VIEWPORT);
    const button = page.getByRole("link", { name: "Search" });
    await button.waitFor({ timeout: WAIT_MS });
    await page.getByRole("link", { name: "Alice, my account" }).waitFor({ timeout: WAIT_MS });
    expect(await overflowing(page)).toEqual([]);
    await page.locator("header").screenshot({ path: path.join(SCREENSHOT_DIR, "search-top-bar-390.png") });
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await overflowing(page)).toEqual([]);
    await page.locator("header").screenshot({ path: path.join(SCREENSHOT_DIR, "search-top-bar-320.png") });
    await page.setViewportSize(PHONE_VIEWPORT);

    await button.click();
    await page.waitForURL(`${app.url}/search`, { timeout: WAIT_MS });
    const field = searchPageField(page);
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type("lighthouses");
    await page.getByRole("link", { name: BOOK.title }).waitFor({ timeout: WAIT_MS });
    await context.close();
  });

  it("renders the results at 1280 and 390 px in light and dark with no serious axe finding", async () => {
    for (const scheme of ["light", "dark"] as const) {
      for (const [width, viewport] of [
        ["1280", DESKTOP_VIEWPORT],
        ["390", PHONE_VIEWPORT],
      ] as const) {
        const { page, context } = await signedInPage(browser, app, ALICE, "/search?q=lighthouse");
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        await page.getByRole("link", { name: BOOK.title }).waitFor({ timeout: WAIT_MS });
        await page.getByRole("link", { name: "A lighthouse keeper's diary" }).waitFor({ timeout: WAIT_MS });
        expect(await overflowing(page)).toEqual([]);
        await screenshot(page, `search-results-${scheme}-${width}`);
        expect(await seriousAxeViolations(page)).toEqual([]);
        if (width === "1280") {
          await page.locator("header").screenshot({
            path: path.join(SCREENSHOT_DIR, `search-top-bar-${scheme}-1280.png`),
          });
        }
        await context.close();
      }
    }
  });
});
