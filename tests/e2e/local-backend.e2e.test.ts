/**
 * The local backend under the real app in real Chromium: live updates between two signed-in
 * users, and everything (accounts, sessions, books, uploaded files) surviving a restart.
 */
import { ConvexHttpClient } from "convex/browser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { startApp, type App } from "./harness/app";
import { launchBrowser, screenshot } from "./harness/browser";
import { authStorage, newUserPage, signedInPage, type SignedIn } from "./harness/users";

// A 1×1 PNG: the smallest real image the cover picker accepts.
const COVER_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const LIVE_TIMEOUT_MS = 10_000;

/**
 * Adds a book with a cover through the board's dialog. `untilConnected`: the page may still be
 * reconnecting (after a restart the client retries with a backoff of up to ~24 s), and a picture
 * is refused at once while it is offline, so Add Book is pressed again until the dialog closes
 * (a busy button ignores presses, so nothing is added twice).
 */
async function addBookThroughTheBoard(page: Page, title: string, { untilConnected = false } = {}): Promise<void> {
  await page.getByRole("button", { name: "+ Add Book" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Cover Image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: COVER_PNG });
  const addBook = dialog.getByRole("button", { name: "Add Book", exact: true });
  if (!untilConnected) {
    await addBook.click();
    await dialog.waitFor({ state: "hidden", timeout: LIVE_TIMEOUT_MS });
    return;
  }
  await expect
    .poll(
      async () => {
        if (!(await dialog.isVisible())) return "closed";
        await addBook.click({ timeout: 2_000 }).catch(() => undefined);
        await dialog.waitFor({ state: "hidden", timeout: 2_000 }).catch(() => undefined);
        return (await dialog.isVisible()) ? "open" : "closed";
      },
      { timeout: 45_000 },
    )
    .toBe("closed");
}

async function storedTokens(page: Page, app: App): Promise<{ token: string; refreshToken: string }> {
  const [jwt, refresh] = authStorage(app.url, { token: "", refreshToken: "" }).map((entry) => entry.name);
  const values = await page.evaluate(
    ([jwtKey, refreshKey]) => [localStorage.getItem(jwtKey ?? ""), localStorage.getItem(refreshKey ?? "")],
    [jwt, refresh],
  );
  return { token: values[0] ?? "", refreshToken: values[1] ?? "" };
}

describe("local backend in the browser", () => {
  let app: App;
  let browser: Browser;
  let ann: SignedIn;
  let ben: SignedIn;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    ann = await signedInPage(browser, app, { name: "Ann", email: "ann@example.com" }, "/books");
    ben = await signedInPage(browser, app, { name: "Ben", email: "ben@example.com" }, "/books");
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("shows a book one user adds on another user's open board without a reload", async () => {
    await ben.page.getByRole("button", { name: "+ Add Book" }).first().waitFor();
    await addBookThroughTheBoard(ann.page, "The Left Hand of Darkness");

    await ben.page.getByRole("link", { name: "The Left Hand of Darkness" }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await screenshot(ben.page, "local-backend-live-board");
  });

  it("keeps accounts, sessions, books and uploaded files across a restart on the same data folder", async () => {
    const before = await app.engine.admin.run(async (ctx) => {
      const book = await ctx.db.query("books").first();
      return { book, users: (await ctx.db.query("users").collect()).length };
    });
    if (before.book === null || !("storageId" in before.book.image))
      throw new Error("the first test added no uploaded cover");
    const coverUrl = await app.engine.admin.run(async (ctx) =>
      before.book !== null && "storageId" in before.book.image
        ? await ctx.storage.getUrl(before.book.image.storageId)
        : null,
    );

    await app.restart();

    // The user's stored session token still verifies (the JWKS lives in the data folder).
    const client = new ConvexHttpClient(app.url);
    client.setAuth((await storedTokens(ann.page, app)).token);
    expect(await client.query(api.users.viewer, {})).toMatchObject({ email: "ann@example.com" });
    // The book and its uploaded cover are back.
    const board = await client.query(api.books.page, { cursor: null });
    expect(board.books.map((book) => book.title)).toEqual(["The Left Hand of Darkness"]);
    const cover = await fetch(coverUrl ?? "");
    expect(cover.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await cover.arrayBuffer())).toEqual(COVER_PNG);
    expect(await app.engine.admin.run(async (ctx) => (await ctx.db.query("users").collect()).length)).toBe(
      before.users,
    );

    // The open pages reconnect by themselves and stay live.
    await addBookThroughTheBoard(ben.page, "A Wizard of Earthsea", { untilConnected: true });
    await ann.page.getByRole("link", { name: "A Wizard of Earthsea" }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await screenshot(ann.page, "local-backend-after-restart");
  });

  it("signs a new user up through the register screen and the dev mailbox's link", async () => {
    const cleo = await newUserPage(browser, app, { name: "Cleo", email: "cleo@example.com" });
    await cleo.page.getByRole("button", { name: "Log Out" }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    const account = await app.engine.admin.run(async (ctx) => await ctx.db.get(cleo.userId));
    expect(account).toMatchObject({ email: "cleo@example.com", emailVerificationTime: expect.any(Number) });
    await cleo.context.close();
  });
});
