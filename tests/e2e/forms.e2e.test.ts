/**
 * The forms' rough edges (issue 28), in real Chromium: leaving the post edit page with unsaved
 * changes asks first (Stay keeps them, Back asks too, Leave goes, the browser asks before the tab
 * closes), a comment box posts on Ctrl+Enter and makes a line on Enter, and the image picker
 * refuses a text file renamed .png, which only a real browser can fail to decode.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Id } from "../../convex/_generated/dataModel";
import { seriousAxeViolations } from "./harness/accessibility";
import { startApp, type App } from "./harness/app";
import { launchBrowser, screenshot } from "./harness/browser";
import { addPostAs, TINY_PNG } from "./harness/content";
import { signedInPage, type SignedIn } from "./harness/users";

const WAIT_MS = 10_000;
const AUTHOR = { name: "Iris", email: "iris@example.com" };
const TITLE = "Tide tables";

describe("forms", () => {
  let app: App;
  let browser: Browser;
  let author: SignedIn;
  let postId: Id<"posts">;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    author = await signedInPage(browser, app, AUTHOR, "/dumy");
    postId = await addPostAs(app, AUTHOR, TITLE, "science");
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("asks before leaving the post edit page with unsaved changes; Stay keeps them", async () => {
    const { page } = author;
    await page.goto(`${app.url}/dumy/${postId}`);
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await page.waitForURL(`${app.url}/dumy/edit/${postId}`);
    const title = page.getByLabel("Title");
    await expect.poll(() => title.inputValue(), { timeout: WAIT_MS }).toBe(TITLE);
    await title.fill(`${TITLE} for May`);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "DUMY" }).click();
    const prompt = page.getByRole("dialog", { name: "Leave without saving?" });
    await prompt.getByText("Your changes to this post will be lost.").waitFor();
    expect(page.url()).toBe(`${app.url}/dumy/edit/${postId}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "forms-unsaved-changes-prompt");
    await prompt.getByRole("button", { name: "Stay" }).click();
    await prompt.waitFor({ state: "hidden" });
    expect(page.url()).toBe(`${app.url}/dumy/edit/${postId}`);
    expect(await title.inputValue()).toBe(`${TITLE} for May`);

    // The browser's Back asks too; Leave goes on with it, unsaved.
    await page.goBack();
    await prompt.waitFor();
    await prompt.getByRole("button", { name: "Leave" }).click();
    await page.waitForURL(`${app.url}/dumy/${postId}`, { timeout: WAIT_MS });
    await page.getByRole("heading", { name: TITLE, level: 1 }).waitFor({ timeout: WAIT_MS });
  });

  it("has the browser ask before the tab closes while there are changes", async () => {
    const page = await author.context.newPage();
    await page.goto(`${app.url}/dumy/edit/${postId}`);
    const title = page.getByLabel("Title");
    await expect.poll(() => title.inputValue(), { timeout: WAIT_MS }).toBe(TITLE);
    await title.fill(`${TITLE}!`);
    const asked = new Promise<string>((resolve) =>
      page.once("dialog", (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe("beforeunload");
  });

  it("posts a comment on Ctrl+Enter; Enter makes a new line", async () => {
    const { page } = author;
    await page.goto(`${app.url}/dumy/${postId}`);
    await page.getByRole("button", { name: "Comments (0)" }).click();
    const dialog = page.getByRole("dialog", { name: "Comments (0)" });
    const box = dialog.getByLabel("Add a comment");
    await dialog.getByText("Ctrl+Enter to send").waitFor();
    await dialog.getByText("0/1,000").waitFor();
    await box.pressSequentially("High at six.");
    await box.press("Enter");
    await box.pressSequentially("Low at noon.");
    expect(await box.inputValue()).toBe("High at six.\nLow at noon.");
    await box.press("Control+Enter");
    const updated = page.getByRole("dialog", { name: "Comments (1)" });
    await updated.getByText("Low at noon.", { exact: false }).waitFor({ timeout: WAIT_MS });
    expect(await updated.getByLabel("Add a comment").inputValue()).toBe("");
    await page.keyboard.press("Escape");
  });

  it("refuses a text file renamed .png inline, and keeps the picture chosen before", async () => {
    const { page } = author;
    await page.goto(`${app.url}/dumy/add`);
    const picker = page.getByLabel("Image");
    await picker.setInputFiles({ name: "waves.png", mimeType: "image/png", buffer: TINY_PNG });
    await page.getByText("waves.png").waitFor();
    await page.getByRole("img", { name: "Selected image preview" }).waitFor();

    await picker.setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
    await page.getByRole("alert").getByText("That file is not an image. Choose a JPEG, PNG, WebP or GIF.").waitFor();
    expect(await page.getByText("waves.png").count()).toBe(1);
    const preview = page.getByRole("img", { name: "Selected image preview" });
    expect(await preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
