/**
 * Offline and reconnecting (issue #28), in real Chromium with the backend stopped and started
 * again under an open page: after a moment the calm banner says the app is offline; a comment
 * written meanwhile waits visibly (its button busy, the banner counting it) and arrives exactly
 * once when the backend is back, and the banner goes by itself. A page opened while the backend is
 * down (the app from the service worker's cache) says its data will come back instead of spinning.
 */
import { ConvexHttpClient } from "convex/browser";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { seriousAxeViolations } from "./harness/accessibility";
import { startApp, type App } from "./harness/app";
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, screenshot } from "./harness/browser";
import { TINY_PNG } from "./harness/content";
import { signedInPage, signInTokens, type SignedIn, type TestUser } from "./harness/users";

const WAIT_MS = 10_000;
/** The client retries with a growing back-off (up to 16 s, give or take half), so coming back can take a while. */
const RECONNECT_MS = 40_000;
const JOURNEY_MS = 120_000;
const OWNER = { name: "Olga", email: "olga@example.com" };
const COMMENT = "Is it still free? I would pick it up on Friday.";
const OFFLINE_TEXT = "Can't load this while offline. It will appear when you're back online.";

/** Adds a book with a cover as `user`, through the public API as the browser would. */
async function addBookAs(app: App, user: TestUser, title: string): Promise<Id<"books">> {
  const client = new ConvexHttpClient(app.url);
  client.setAuth((await signInTokens(app.engine, user)).token);
  const uploadUrl = await client.mutation(api.files.generateUploadUrl, {});
  const response = await fetch(uploadUrl, { method: "POST", headers: { "Content-Type": "image/png" }, body: TINY_PNG });
  const { storageId } = (await response.json()) as { storageId: Id<"_storage"> };
  await client.action(api.files.confirmUpload, { storageId });
  return await client.mutation(api.books.create, { title, description: "A good read.", image: { storageId } });
}

/** The connection banner: the status region under the top bar (a page has others, e.g. "Loading..."). */
function banner(page: Page): Locator {
  return page.locator("header + [role=status]");
}

/** The banner's height as it gives it to full-height screens (connection-banner-body.tsx), and as it is. */
async function bannerHeights(page: Page): Promise<{ given: string; shown: number | undefined }> {
  return await page.evaluate(() => ({
    given: getComputedStyle(document.documentElement).getPropertyValue("--connection-banner-height"),
    shown: document.querySelector<HTMLElement>("header + [role=status]")?.offsetHeight,
  }));
}

/** The comments with `text` in the database (the engine is a new one after start()). */
async function commentsSaying(app: App, text: string): Promise<number> {
  return await app.engine.admin.run(
    async (ctx) => (await ctx.db.query("bookComments").collect()).filter((comment) => comment.text === text).length,
  );
}

/** Screenshots in both themes at 1280 and 390 px (from the top: the bars stay in place), with axe on each. */
async function lookAt(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    // The theme follows the system's (index.html); then two frames, so that the colour transitions
    // it starts are running when axe waits for them to settle.
    await page.waitForFunction((theme) => document.documentElement.getAttribute("data-theme") === theme, colorScheme);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    for (const [width, viewport] of [
      [1280, DESKTOP_VIEWPORT],
      [390, PHONE_VIEWPORT],
    ] as const) {
      await page.setViewportSize(viewport);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `${name}-${width}-${colorScheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: null });
  await page.setViewportSize(DESKTOP_VIEWPORT);
}

describe("offline and reconnecting", () => {
  let app: App;
  let browser: Browser;
  let owner: SignedIn;
  let bookId: Id<"books">;
  let otherBookId: Id<"books">;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    owner = await signedInPage(browser, app, OWNER, "/books");
    bookId = await addBookAs(app, OWNER, "The Wind in the Willows");
    otherBookId = await addBookAs(app, OWNER, "Moominsummer Madness");
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it(
    "says it is offline when the backend stops, keeps a comment waiting, sends it once when it is back, and clears",
    async () => {
      const page = owner.page;
      await page.goto(`${app.url}/books/${bookId}`);
      await page.getByRole("heading", { name: "The Wind in the Willows", level: 1 }).waitFor({ timeout: WAIT_MS });
      // The banner's text comes in a chunk of its own, fetched while the connection is there; and
      // the service worker, which later opens the app with the backend down, is in place.
      await page.waitForFunction(() =>
        performance.getEntriesByType("resource").some((entry) => entry.name.includes("/connection-banner-body-")),
      );
      await page.evaluate(async () => void (await navigator.serviceWorker.ready));
      await expect(banner(page).textContent()).resolves.toBe("");

      await app.stop();
      await banner(page).getByText("You're offline.").waitFor({ timeout: WAIT_MS });
      await expect(banner(page).textContent()).resolves.toBe(
        "You're offline. Reconnecting... Changes you make will be sent when you're back.",
      );
      const { given, shown } = await bannerHeights(page);
      expect(shown).toBeGreaterThan(0);
      expect(given).toBe(`${shown}px`);

      // A comment written now waits: its button stays busy, the banner counts it.
      await page.getByLabel("Add a comment").fill(COMMENT);
      await page.getByRole("button", { name: "Post Comment" }).click();
      await page.getByRole("button", { name: "Posting..." }).waitFor();
      await banner(page).getByText("1 change is waiting and will be sent when you're back.").waitFor();
      await lookAt(page, "offline-banner");
      await expect(page.getByRole("button", { name: "Posting..." }).count()).resolves.toBe(1);

      await app.start();
      await banner(page).getByText("Back online.").waitFor({ timeout: RECONNECT_MS });
      await page.getByText(COMMENT).waitFor({ timeout: WAIT_MS });
      await page.getByRole("heading", { name: "Comments (1)" }).waitFor({ timeout: WAIT_MS });
      await page.getByRole("button", { name: "Post Comment" }).waitFor();
      await expect(commentsSaying(app, COMMENT)).resolves.toBe(1);
      // "Back online" goes by itself, and nothing more is sent.
      await expect.poll(() => banner(page).textContent(), { timeout: WAIT_MS }).toBe("");
      await expect(bannerHeights(page)).resolves.toEqual({ given: "", shown: 0 });
      await expect(commentsSaying(app, COMMENT)).resolves.toBe(1);
      await expect(page.getByText(COMMENT).count()).resolves.toBe(1);
    },
    JOURNEY_MS,
  );

  it(
    "opens a page with the backend down from the cache, and says its data will come instead of spinning",
    async () => {
      const page = owner.page;
      await app.stop();
      try {
        await page.goto(`${app.url}/books/${otherBookId}`);
        await page.getByText(OFFLINE_TEXT).waitFor({ timeout: WAIT_MS });
        await banner(page).getByText("You're offline.").waitFor();
        await expect(page.getByText("Loading...").count()).resolves.toBe(0);
        await lookAt(page, "offline-fresh-page");
      } finally {
        await app.start();
      }
      // Back online, the page fills in by itself.
      await page.getByRole("heading", { name: "Moominsummer Madness", level: 1 }).waitFor({ timeout: RECONNECT_MS });
      await expect(page.getByText(OFFLINE_TEXT).count()).resolves.toBe(0);
    },
    JOURNEY_MS,
  );
});
