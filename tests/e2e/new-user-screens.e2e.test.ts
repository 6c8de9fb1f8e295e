/**
 * What a new user ran into on the finished screens (issue #17), in real Chromium: the feed
 * keeps its page and sort through a post and Back (and a reload), music stays stopped across
 * pages and reloads, toasts leave the top and bottom bars free on a phone and cover no heading or
 * control (an account page, a chat room, /chats) at 390 and 1280 px, the image picker and its hint
 * fit a phone, the book's dialog leads to the edit page, dates read "just now", Help
 * gives a way to write to the team, and the account link is named after the name it shows.
 * axe finds nothing serious on each screen; screenshots at 1280 and 390 px.
 */
import { ConvexHttpClient } from "convex/browser";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { startApp, type App } from "./harness/app";
import { seriousAxeViolations } from "./harness/accessibility";
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, SCREENSHOT_DIR, screenshot } from "./harness/browser";
import { addPostAs, TINY_PNG } from "./harness/content";
import { createVerifiedUser, signedInPage, signInTokens, type SignedIn } from "./harness/users";

const WAIT_MS = 10_000;
const READER = { name: "Nadia", email: "nadia@example.com" };
const WRITER = { name: "Omar", email: "omar@example.com" };
/** Ten posts: a feed of two pages (eight per page). */
const TITLES = Array.from({ length: 10 }, (_, index) => `Field note ${index + 1}`);

function addressOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

type Box = { x: number; y: number; width: number; height: number };

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The toast saying `text` (once sonner has slid it in), close button included, covers neither bar
 * nor any of `uncovered` (a heading, a control), and is on screen.
 */
async function expectToastClear(page: Page, text: string, uncovered: Locator[], shot: string): Promise<void> {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: text });
  await toast.waitFor({ timeout: WAIT_MS });
  await page.waitForTimeout(600); // sonner slides a toast in
  // The toast and its close button, which stands out over its corner.
  const [toastBox, closeBox, topBar, bottomBar] = await Promise.all([
    toast.boundingBox(),
    toast.getByRole("button", { name: "Close toast" }).boundingBox(),
    page.getByRole("banner").boundingBox(),
    page.getByRole("contentinfo").boundingBox(),
  ]);
  const top = Math.min(toastBox!.y, closeBox!.y);
  const left = Math.min(toastBox!.x, closeBox!.x);
  const whole: Box = {
    x: left,
    y: top,
    width: toastBox!.x + toastBox!.width - left,
    height: toastBox!.y + toastBox!.height - top,
  };
  expect(whole.y).toBeGreaterThanOrEqual(topBar!.y + topBar!.height);
  expect(whole.y + whole.height).toBeLessThanOrEqual(bottomBar!.y);
  expect(whole.x).toBeGreaterThanOrEqual(0);
  expect(whole.x + whole.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  for (const element of uncovered) {
    const box = (await element.boundingBox())!;
    const covered = overlap(whole, box);
    expect(covered, `${shot}: the toast covers ${await element.evaluate((e) => e.outerHTML.slice(0, 80))}`).toBe(false);
  }
  // What the window shows (a full-page shot would draw the bars and the toast over the wrong part).
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${shot}.png`) });
  await toast.getByRole("button", { name: "Close toast" }).click();
  await toast.waitFor({ state: "hidden" });
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe("a new user's screens", () => {
  let app: App;
  let browser: Browser;
  let reader: SignedIn;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    await createVerifiedUser(app.engine, WRITER);
    for (const title of TITLES) await addPostAs(app, WRITER, title, "science");
    reader = await signedInPage(browser, app, READER, "/dumy");
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("comes back to page 2 of the feed, sorted as it was, after a post and Back, and after a reload", async () => {
    const { page } = reader;
    await page.goto(`${app.url}/dumy?sort=views`);
    await page.getByText("Page 1 of 2").waitFor({ timeout: WAIT_MS });
    expect(await page.getByLabel("Sort by").inputValue()).toBe("views");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Page 2 of 2").waitFor({ timeout: WAIT_MS });
    expect(addressOf(page)).toBe("/dumy?sort=views&page=2");
    // The page number changes at once; page 1's cards stay on screen until page 2's arrive.
    const page2Cards = page.getByRole("list", { name: "Posts" }).getByRole("heading");
    await expect.poll(() => page2Cards.count(), { timeout: WAIT_MS }).toBe(2);

    const firstOnPage2 = (await page.getByRole("list", { name: "Posts" }).getByRole("heading").first().textContent())!;
    await page.getByRole("link", { name: firstOnPage2 }).click();
    await page.getByRole("heading", { name: firstOnPage2, level: 1 }).waitFor({ timeout: WAIT_MS });
    await page.goBack();
    await page.getByText("Page 2 of 2").waitFor({ timeout: WAIT_MS });
    expect(addressOf(page)).toBe("/dumy?sort=views&page=2");

    await page.reload();
    await page.getByText("Page 2 of 2").waitFor({ timeout: WAIT_MS });
    expect(await page.getByLabel("Sort by").inputValue()).toBe("views");
    // New posts say how recent they are, with the full date on hover.
    const time = page.getByRole("list", { name: "Posts" }).locator("time").first();
    expect(await time.textContent()).toMatch(/^(just now|\d+ min ago)$/);
    await time.hover();
    expect(await time.getAttribute("title")).toMatch(/\d{4}/);
    await expectNoSeriousAxeViolations(page);
  });

  it("opens a shared link to page 2 on page 2", async () => {
    const context = await browser.newContext({
      viewport: DESKTOP_VIEWPORT,
      storageState: await reader.context.storageState(),
    });
    const page = await context.newPage();
    await page.goto(`${app.url}/dumy?page=2`);
    await page.getByText("Page 2 of 2").waitFor({ timeout: WAIT_MS });
    expect(await page.getByRole("list", { name: "Posts" }).getByRole("heading").count()).toBe(2);
    await context.close();
  });

  it("keeps the music stopped on every page and after a reload, until Play", async () => {
    const { page } = reader;
    await page.goto(`${app.url}/music`);
    const status = page.getByRole("main").getByRole("status");
    await page.getByRole("heading", { name: "Morning Pages" }).click(); // the first gesture starts the music
    await status.getByText("Now playing: Morning Pages (background music).").waitFor({ timeout: WAIT_MS });
    await page.getByRole("button", { name: "Stop Morning Pages" }).click();
    await status.getByText(/^Music is stopped\./).waitFor();
    const musicLink = page.getByRole("contentinfo").getByRole("link", { name: /^Music/ });
    expect(await musicLink.textContent()).toMatch(/^Music/);

    await page.reload();
    await page.getByRole("heading", { name: "Paper Boats" }).click();
    await status.getByText(/^Music is stopped\./).waitFor({ timeout: WAIT_MS });
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, "music-stopped-desktop");

    await page.getByRole("button", { name: "Play Paper Boats" }).click();
    await status.getByText("Now playing: Paper Boats.").waitFor();
    await page.getByRole("button", { name: "Stop Paper Boats" }).click();
  });

  it("names the account link after the name it shows", async () => {
    const { page } = reader;
    await page.goto(`${app.url}/books`);
    const account = page.getByRole("banner").getByRole("link", { name: /my account$/ });
    await account.waitFor({ timeout: WAIT_MS });
    expect(await account.getAttribute("aria-label")).toMatch(new RegExp(`^${READER.name}\\b`));
    expect((await account.textContent())?.trim()).toBe(READER.name);
  });

  it("gives Help a mailto contact and a way to apply, with no links to unbuilt screens", async () => {
    const { page } = reader;
    await page.goto(`${app.url}/help`);
    const apply = page.getByRole("link", { name: "Apply to join the team" });
    await apply.waitFor({ timeout: WAIT_MS });
    expect(await apply.getAttribute("href")).toMatch(/^mailto:[^?]+@[^?]+\?subject=Joining%20the%20DUMY%20team/);
    const hrefs = await page
      .getByRole("main")
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs.some((href) => href?.startsWith("mailto:"))).toBe(true);
    expect(hrefs).not.toContain("/chats");
    expect(hrefs).not.toContain("/friends");
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, "help-desktop");
  });

  it("on a phone: a whole image hint, toasts clear of both bars, and the edit page from the book dialog", async () => {
    const context = await browser.newContext({
      viewport: PHONE_VIEWPORT,
      storageState: await reader.context.storageState(),
    });
    const page = await context.newPage();
    await page.goto(`${app.url}/books`);
    await page.getByRole("button", { name: "+ Add Book" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add a Book" });
    await dialog.getByRole("button", { name: "Add Book", exact: true }).click();
    await dialog.getByText("Title and image are required").waitFor();
    await dialog.getByLabel("Title").fill("The Hobbit");
    expect(await dialog.getByText("Title and image are required").count()).toBe(0);

    const hint = dialog.getByText(/^JPEG, PNG, WebP or GIF/);
    expect(await hint.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await dialog.getByText("Choose image").isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, "book-dialog-phone");

    await dialog
      .getByLabel("Cover Image")
      .setInputFiles({ name: "hobbit.png", mimeType: "image/png", buffer: TINY_PNG });
    await dialog.getByRole("button", { name: "Add Book", exact: true }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Book added successfully!" });
    await toast.waitFor({ timeout: WAIT_MS });
    await page.waitForTimeout(600); // sonner slides a toast in
    const [toastBox, topBar, bottomBar] = await Promise.all([
      toast.boundingBox(),
      page.getByRole("banner").boundingBox(),
      page.getByRole("contentinfo").boundingBox(),
    ]);
    expect(toastBox!.y).toBeGreaterThanOrEqual(topBar!.y + topBar!.height);
    expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(bottomBar!.y);
    await screenshot(page, "toast-phone");

    await page.getByRole("link", { name: "The Hobbit" }).click();
    await page.getByRole("heading", { name: "The Hobbit", level: 1 }).waitFor({ timeout: WAIT_MS });
    expect(await page.getByText(/^Posted just now$/).count()).toBe(1);
    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByRole("link", { name: "Open the edit page" }).click();
    // The dialog's own title reads "Edit Book": wait for the page's address, then its heading.
    await page.waitForURL(/\/books\/edit\/[^/]+$/, { timeout: WAIT_MS });
    await page.getByRole("heading", { name: "Edit book", exact: true }).waitFor({ timeout: WAIT_MS });
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, "book-edit-phone");
    await context.close();
  });

  it("keeps toasts off headings and controls on an account page, in a chat room and on /chats, at 390 and 1280 px", async () => {
    const writer = new ConvexHttpClient(app.url);
    writer.setAuth((await signInTokens(app.engine, WRITER)).token);
    const roomId = await writer.mutation(api.chats.create, { name: "Night owls", description: "Late talk." });
    const goneRoomId: Id<"chatRooms"> = await writer.mutation(api.chats.create, { name: "Gone soon" });
    await writer.mutation(api.chats.remove, { roomId: goneRoomId });
    // One reporter per width: a room is reported once by each person.
    const reporters = [READER, { name: "Tess", email: "tess@example.com" }];
    for (const [index, [viewport, size]] of (
      [
        [PHONE_VIEWPORT, "390"],
        [DESKTOP_VIEWPORT, "1280"],
      ] as const
    ).entries()) {
      const { page, context, userId } = await signedInPage(browser, app, reporters[index]!, "/");
      await page.setViewportSize(viewport);

      await page.goto(`${app.url}/account/${userId}`);
      await page.getByRole("button", { name: "Edit Profile" }).click();
      const main = page.getByRole("main");
      // The name just under the top bar, as after scrolling back up the long form to Save.
      await main
        .getByRole("heading", { level: 1 })
        .evaluate((heading) => window.scrollBy(0, heading.getBoundingClientRect().top - 72));
      await page.getByRole("button", { name: "Save Profile" }).click();
      await expectToastClear(
        page,
        "Profile updated successfully!",
        [main.getByRole("heading", { level: 1 }), main.getByRole("button", { name: "Edit Profile" })],
        `toast-account-${size}`,
      );

      await page.goto(`${app.url}/chats/${roomId}`);
      await main.getByRole("heading", { name: "Night owls", level: 1 }).waitFor({ timeout: WAIT_MS });
      await page.getByRole("button", { name: "Report chat" }).click();
      const dialog = page.getByRole("dialog", { name: "Report this chat" });
      await dialog.getByRole("radio", { name: "Something else" }).check();
      await dialog.getByRole("button", { name: "Send report" }).click();
      await dialog.waitFor({ state: "hidden", timeout: WAIT_MS });
      await expectToastClear(
        page,
        "Thanks. Your report was sent to the moderators.",
        [
          main.locator("header"), // the room's name, who is here, Report and the way back
          main.getByRole("textbox", { name: "Message" }),
          main.getByRole("button", { name: "Send" }),
        ],
        `toast-chat-room-${size}`,
      );

      await page.goto(`${app.url}/chats/${goneRoomId}`);
      await page.waitForURL(/\/chats$/, { timeout: WAIT_MS });
      await main.getByRole("heading", { name: "Public chats", level: 1 }).waitFor({ timeout: WAIT_MS });
      await expectToastClear(
        page,
        "Chat not found",
        [
          main.getByRole("heading", { name: "Public chats", level: 1 }),
          main.getByRole("button", { name: "Create chat" }).first(),
        ],
        `toast-chat-not-found-${size}`,
      );
      await context.close();
    }
  });

  it("renders the feed, the music page and help at 390 px", async () => {
    const context = await browser.newContext({
      viewport: PHONE_VIEWPORT,
      storageState: await reader.context.storageState(),
    });
    const page = await context.newPage();
    for (const [path, ready, name] of [
      ["/dumy?page=2", "Page 2 of 2", "feed-page2-phone"],
      ["/music", "Slow Orbit", "music-phone"],
      ["/help", "Join the team", "help-phone"],
    ] as const) {
      await page.goto(`${app.url}${path}`);
      await page.getByText(ready).first().waitFor({ timeout: WAIT_MS });
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, name);
    }
    await context.close();
  });
});
