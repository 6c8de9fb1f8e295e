/**
 * Back keeps the reader's place (issue #28), in real Chromium: scrolled down the feed, the board,
 * /friends and /messages, a reader opens an item and comes back with Back to the same scroll
 * position, although each list loads live again after the screen comes back; a reload keeps it
 * too. A new page, and a list opened anew (by its address or from the top bar), start at the top.
 */
import { ConvexHttpClient } from "convex/browser";
import type { Locator, Page } from "playwright-core";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { startApp, type App } from "./harness/app";
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, screenshot } from "./harness/browser";
import { addPostAs, TINY_PNG } from "./harness/content";
import { createVerifiedUser, signedInPage, signInTokens, type SignedIn, type TestUser } from "./harness/users";

const WAIT_MS = 10_000;
const READER = { name: "Rosa", email: "rosa@example.com" };
const WRITER = { name: "Wang", email: "wang@example.com" };
/** A little more than a page of people on /friends (twelve a page), all of them Rosa's friends. */
const PEOPLE = Array.from({ length: 13 }, (_, index) => ({
  name: `Person ${String(index + 1).padStart(2, "0")}`,
  email: `person${index + 1}@example.com`,
}));
/** In pixels: the position restored may differ by a rounding. */
const TOLERANCE = 3;

async function clientAs(app: App, user: TestUser): Promise<ConvexHttpClient> {
  const client = new ConvexHttpClient(app.url);
  client.setAuth((await signInTokens(app.engine, user)).token);
  return client;
}

async function addBookAs(client: ConvexHttpClient, title: string): Promise<void> {
  const uploadUrl = await client.mutation(api.files.generateUploadUrl, {});
  const response = await fetch(uploadUrl, { method: "POST", headers: { "Content-Type": "image/png" }, body: TINY_PNG });
  const { storageId } = (await response.json()) as { storageId: Id<"_storage"> };
  await client.action(api.files.confirmUpload, { storageId });
  await client.mutation(api.books.create, { title, description: "A good read.", image: { storageId } });
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls the window to about `fraction` of the way down and returns where it is. */
async function scrollPartWay(page: Page, fraction: number): Promise<number> {
  const target = await page.evaluate(
    (part) => Math.round((document.documentElement.scrollHeight - window.innerHeight) * part),
    fraction,
  );
  expect(target).toBeGreaterThan(100); // the list is taller than the window
  await page.evaluate((y) => window.scrollTo(0, y), target);
  await expect.poll(() => scrollY(page)).toBe(target);
  await page.waitForTimeout(200); // let the page see the scroll (a scroll event comes on the next frame)
  return target;
}

/** The first of `links` wholly on screen between the two bars: clicking it scrolls nothing. */
async function linkInView(page: Page, links: Locator): Promise<Locator> {
  const [top, bottom] = await Promise.all([
    page.getByRole("banner").boundingBox(),
    page.getByRole("contentinfo").boundingBox(),
  ]);
  const count = await links.count();
  for (let index = 0; index < count; index++) {
    const box = await links.nth(index).boundingBox();
    if (box && box.y >= top!.y + top!.height && box.y + box.height <= bottom!.y) return links.nth(index);
  }
  throw new Error("no link of the list is wholly on screen");
}

/** After Back: the list is there again and the window comes to rest where it was left. */
async function expectBackAt(page: Page, list: Locator, left: number): Promise<void> {
  await list.waitFor({ timeout: WAIT_MS });
  await expect
    .poll(async () => Math.abs((await scrollY(page)) - left), { timeout: WAIT_MS })
    .toBeLessThanOrEqual(TOLERANCE);
  // …and stays there (no late jump once images or the rest of the page arrive).
  await page.waitForTimeout(500);
  expect(Math.abs((await scrollY(page)) - left)).toBeLessThanOrEqual(TOLERANCE);
}

describe("scroll position on Back", () => {
  let app: App;
  let browser: Browser;
  let reader: SignedIn;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    await createVerifiedUser(app.engine, WRITER);
    for (let index = 1; index <= 8; index++) await addPostAs(app, WRITER, `Long read ${index}`, "science");
    const writer = await clientAs(app, WRITER);
    for (let index = 1; index <= 8; index++) await addBookAs(writer, `Shelf book ${index}`);
    reader = await signedInPage(browser, app, READER, "/dumy");
    const client = await clientAs(app, READER);
    for (const person of PEOPLE) {
      const userId = await createVerifiedUser(app.engine, person);
      await client.mutation(api.friends.add, { userId });
      await client.mutation(api.conversations.openWith, { userId });
    }
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  for (const [viewport, size] of [
    [PHONE_VIEWPORT, "390"],
    [DESKTOP_VIEWPORT, "1280"],
  ] as const) {
    it(`comes back to the same place in the feed and on the board after Back, at ${size} px`, async () => {
      const { page } = reader;
      await page.setViewportSize(viewport);
      for (const [path, listName, heading] of [
        ["/dumy", "Posts", "Long read"],
        ["/books", "Books", "Shelf book"],
      ] as const) {
        await page.goto(`${app.url}${path}`);
        const list = page.getByRole("list", { name: listName });
        await list.getByRole("heading").nth(7).waitFor({ timeout: WAIT_MS });
        const left = await scrollPartWay(page, 0.6);
        const link = await linkInView(page, list.getByRole("link", { name: heading }));
        const title = (await link.textContent())!;
        await link.click();
        await page.getByRole("heading", { name: title, level: 1 }).waitFor({ timeout: WAIT_MS });
        // A new page opens at its top.
        expect(await scrollY(page)).toBe(0);
        await page.goBack();
        await expectBackAt(page, list.getByRole("heading").nth(7), left);
        await screenshot(page, `back-${listName.toLowerCase()}-${size}`);
      }
    });
  }

  it("comes back to the same place on /friends after a profile, and on /messages after a conversation", async () => {
    const { page } = reader;
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.goto(`${app.url}/friends`);
    const friends = page.getByRole("region", { name: "Your Friends" });
    await friends.getByRole("link").nth(9).waitFor({ timeout: WAIT_MS });
    let left = await scrollPartWay(page, 0.5);
    const person = await linkInView(page, page.getByRole("main").getByRole("link", { name: /^Person/ }));
    const name = (await person.textContent())!.trim();
    await person.click();
    await page.getByRole("heading", { name, level: 1 }).waitFor({ timeout: WAIT_MS });
    await page.goBack();
    await expectBackAt(page, friends.getByRole("link").nth(9), left);
    await screenshot(page, "back-friends-390");

    await page.goto(`${app.url}/messages`);
    const conversations = page.getByRole("list", { name: "Conversations" });
    await conversations.getByRole("link").nth(12).waitFor({ timeout: WAIT_MS });
    left = await scrollPartWay(page, 0.7);
    const conversation = await linkInView(page, conversations.getByRole("link"));
    await conversation.click();
    await page.waitForURL(/\/messages\/[^/]+$/, { timeout: WAIT_MS });
    await page.getByRole("textbox", { name: "Message" }).waitFor({ timeout: WAIT_MS });
    await page.goBack();
    await expectBackAt(page, conversations.getByRole("link").nth(12), left);
  });

  it("keeps the place through a reload, and opens the list anew at the top, by its address or from the top bar", async () => {
    const { page } = reader;
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.goto(`${app.url}/dumy`);
    const posts = page.getByRole("list", { name: "Posts" });
    await posts.getByRole("heading").nth(7).waitFor({ timeout: WAIT_MS });
    const left = await scrollPartWay(page, 0.8);
    await page.reload();
    await expectBackAt(page, posts.getByRole("heading").nth(7), left);
    // The same address opened anew (typed, a bookmark) is a new visit: the top, not the place kept for the tab.
    await page.goto(`${app.url}/dumy`);
    await posts.getByRole("heading").nth(7).waitFor({ timeout: WAIT_MS });
    await page.waitForTimeout(500);
    expect(await scrollY(page)).toBe(0);

    await page.goto(`${app.url}/books`);
    await page.getByRole("list", { name: "Books" }).getByRole("heading").nth(7).waitFor({ timeout: WAIT_MS });
    await scrollPartWay(page, 0.8);
    await page.getByRole("banner").getByRole("link", { name: "DUMY" }).click();
    await posts.getByRole("heading").nth(7).waitFor({ timeout: WAIT_MS });
    await page.waitForTimeout(500);
    expect(await scrollY(page)).toBe(0);
  });
});
