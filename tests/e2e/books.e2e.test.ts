/**
 * BOOK_CROSS in real Chromium against the local backend (issue #4): an owner adds a book with an
 * uploaded cover, a second user likes and comments and the owner sees both live, the second user
 * can neither see nor use the owner's controls (the server refuses a direct update), and the owner
 * edits and deletes the book.
 */
import { ConvexHttpClient } from "convex/browser";
import { ConvexError } from "convex/values";
import { deflateSync, crc32 } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { startApp, type App } from "./harness/app";
import { seriousAxeViolations } from "./harness/accessibility";
import { launchBrowser, PHONE_VIEWPORT, screenshot } from "./harness/browser";
import { signedInPage, signInTokens, type SignedIn } from "./harness/users";

const LIVE_TIMEOUT_MS = 10_000;
const OWNER = { name: "Olivia", email: "olivia@example.com" };
const READER = { name: "Ravi", email: "ravi@example.com" };
const TITLE = "The Wind in the Willows";

/** A real PNG of width × height with a diagonal two-colour gradient, built in memory. */
function gradientPng(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then RGB
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      row.writeUInt8(Math.round(20 + 200 * t), 1 + x * 3);
      row.writeUInt8(Math.round(120 - 60 * t), 2 + x * 3);
      row.writeUInt8(Math.round(90 + 100 * (1 - t)), 3 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("BOOK_CROSS journey", () => {
  let app: App;
  let browser: Browser;
  let owner: SignedIn;
  let reader: SignedIn;
  let bookId: Id<"books">;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    owner = await signedInPage(browser, app, OWNER, "/books");
    reader = await signedInPage(browser, app, READER, "/books");
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("lets a user add a book with a cover image and shows it on page 1", async () => {
    const page = owner.page;
    await page.getByText(/No books on the board yet/).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await page.getByRole("button", { name: "+ Add Book" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add a Book" });

    // Submitting without a cover is refused with the seed's message.
    await dialog.getByLabel("Title").fill(TITLE);
    await dialog.getByRole("button", { name: "Add Book", exact: true }).click();
    await expect(dialog.getByRole("alert").textContent()).resolves.toBe("Title and image are required");

    await dialog.getByLabel("Description").fill("Riverbank adventures.\nHardcover, like new.");
    await dialog.getByLabel("Contact Info").fill("Ask me at the Thursday book club");
    await dialog
      .getByLabel("Cover Image")
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: gradientPng(120, 160) });
    await dialog.getByRole("button", { name: "Add Book", exact: true }).click();
    await dialog.waitFor({ state: "hidden", timeout: LIVE_TIMEOUT_MS });

    const card = page.getByRole("link", { name: TITLE });
    await card.waitFor();
    // The count is a query of its own (books:totalPages), so it may follow the page by a moment.
    await page.getByText("Page 1 of 1").waitFor({ timeout: LIVE_TIMEOUT_MS });
    // The cover is the uploaded file, served from storage.
    const coverSrc = await page
      .getByRole("listitem")
      .filter({ hasText: TITLE })
      .locator("img")
      .first()
      .getAttribute("src");
    expect(coverSrc).toContain("/api/storage/");
    await screenshot(page, "books-journey-board");

    // The reader's open board shows it without a reload.
    await reader.page.getByRole("link", { name: TITLE }).waitFor({ timeout: LIVE_TIMEOUT_MS });

    await card.click();
    // The board's card has a heading with the title too: wait for the details address itself.
    await page.waitForURL(/\/books\/[^/?#]+$/);
    await page.getByRole("heading", { name: TITLE }).waitFor();
    bookId = new URL(page.url()).pathname.split("/").pop() as Id<"books">;
  });

  it("shows the owner a like and a comment from another user live", async () => {
    // By keyboard: the card's link goes with the board, so the focus moves to the new screen's main.
    await expect(reader.page.title()).resolves.toBe("BOOK_CROSS — DUMY");
    await reader.page.getByRole("link", { name: TITLE }).focus();
    await reader.page.keyboard.press("Enter");
    await reader.page.waitForURL(/\/books\/[^/?#]+$/);
    await reader.page.getByRole("heading", { name: TITLE }).waitFor();
    await expect.poll(() => reader.page.title()).toBe("Book — DUMY");
    await expect.poll(() => reader.page.evaluate(() => document.activeElement?.id)).toBe("main");

    await reader.page.getByRole("button", { name: "Like (0 likes)" }).click();
    await reader.page
      .getByRole("button", { name: "Like (1 like)", pressed: true })
      .waitFor({ timeout: LIVE_TIMEOUT_MS });
    await reader.page.getByLabel("Add a comment").fill("I loved Toad as a child. Is it still free?");
    await reader.page.getByRole("button", { name: "Post Comment" }).click();

    // The owner's details page, open all along, catches up without a reload.
    await owner.page.getByRole("button", { name: "Like (1 like)" }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await owner.page.getByText("I loved Toad as a child. Is it still free?").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await owner.page.getByRole("heading", { name: "Comments (1)" }).waitFor();
    await screenshot(owner.page, "books-journey-details-owner");
    await expect(seriousAxeViolations(owner.page)).resolves.toEqual([]);
  });

  it("gives another user no Edit or Delete, and the server refuses their update", async () => {
    const page = reader.page;
    await page.setViewportSize(PHONE_VIEWPORT);
    await expect(page.getByRole("button", { name: "Edit", exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Delete", exact: true }).count()).resolves.toBe(0);
    await screenshot(page, "books-journey-details-reader-phone");

    const client = new ConvexHttpClient(app.url);
    client.setAuth((await signInTokens(app.engine, READER)).token);
    const refusal = await client.mutation(api.books.update, { bookId, title: "Taken over" }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ConvexError);
    expect((refusal as ConvexError<string>).data).toBe("You are not allowed to change this.");
    expect((await client.query(api.books.get, { bookId }))?.title).toBe(TITLE);

    await page.goto(`${app.url}/books/edit/${bookId}`);
    await page.getByText("You can only edit books you added.").waitFor();
    await expect(page.getByRole("button", { name: "Save Changes" }).count()).resolves.toBe(0);
    await page.goto(`${app.url}/books/${bookId}`);
    await page.getByRole("heading", { name: TITLE }).waitFor();
  });

  it("lets the owner edit the book, and everyone sees the new title", async () => {
    const page = owner.page;
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Book" });
    await dialog.getByLabel("Title").fill(`${TITLE} (illustrated)`);
    await dialog.getByRole("button", { name: "Update Book" }).click();
    await dialog.waitFor({ state: "hidden", timeout: LIVE_TIMEOUT_MS });

    await page.getByRole("heading", { name: `${TITLE} (illustrated)` }).waitFor();
    await reader.page.getByRole("heading", { name: `${TITLE} (illustrated)` }).waitFor({ timeout: LIVE_TIMEOUT_MS });
  });

  it("lets the owner delete the book after confirming, and it is gone for everyone", async () => {
    const page = owner.page;
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this book?" });
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();

    await page.waitForURL(`${app.url}/books`, { timeout: LIVE_TIMEOUT_MS });
    await page.getByText("Book deleted successfully!").waitFor();
    await page.getByText(/No books on the board yet/).waitFor();
    await reader.page.getByText("Book not found").waitFor({ timeout: LIVE_TIMEOUT_MS });

    const leftovers = await app.engine.admin.run(async (ctx) => ({
      books: (await ctx.db.query("books").collect()).length,
      comments: (await ctx.db.query("bookComments").collect()).length,
      storedFiles: (await ctx.db.system.query("_storage").collect()).length,
    }));
    expect(leftovers).toEqual({ books: 0, comments: 0, storedFiles: 0 });
  });

  it("pages the board with Next and Previous, eight books a page, and a new book shows on page 1 live", async () => {
    const page = owner.page;
    const addShelf = async (from: number, to: number) =>
      await app.engine.admin.run(async (ctx) => {
        for (let i = from; i <= to; i++) {
          const image = { url: `${app.url}/avatars/1.webp` };
          await ctx.db.insert("books", {
            title: `Shelf ${i}`,
            image,
            userId: owner.userId,
            updatedAt: 0,
            views: 0,
            likes: 0,
            comments: 0,
          });
        }
      });
    await addShelf(1, 11);
    const titles = async () => await page.locator("main article h2").allTextContents();
    await page.getByText("Page 1 of 2").waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await titles()).toEqual([11, 10, 9, 8, 7, 6, 5, 4].map((i) => `Shelf ${i}`));

    await page.getByRole("button", { name: /Next/ }).click();
    await page.getByText("Page 2 of 2").waitFor();
    await page.getByText("Shelf 3", { exact: true }).waitFor();
    expect(await titles()).toEqual(["Shelf 3", "Shelf 2", "Shelf 1"]);
    expect(await page.getByRole("button", { name: /Next/ }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: /Previous/ }).click();
    await page.getByText("Shelf 11", { exact: true }).waitFor();
    await addShelf(12, 12);
    await page.getByText("Shelf 12").waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await titles()).toEqual([12, 11, 10, 9, 8, 7, 6, 5].map((i) => `Shelf ${i}`));
  });
});
