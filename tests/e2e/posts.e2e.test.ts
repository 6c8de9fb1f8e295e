/**
 * DUMY in real Chromium against the local backend (issue #5): an author adds a post with an
 * uploaded image in 'science', filters the feed to science only (the choice survives a reload),
 * sorts by likes after a second user likes an older post, the second user comments through the
 * comment dialog and edits the comment, and the author edits and then deletes the post.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Id } from "../../convex/_generated/dataModel";
import { seriousAxeViolations } from "./harness/accessibility";
import { startApp, type App } from "./harness/app";
import { launchBrowser, PHONE_VIEWPORT, DESKTOP_VIEWPORT, screenshot } from "./harness/browser";
import { addPostAs, TINY_PNG } from "./harness/content";
import { signedInPage, type SignedIn } from "./harness/users";

const LIVE_TIMEOUT_MS = 10_000;
const AUTHOR = { name: "Ada", email: "ada@example.com" };
const READER = { name: "Rui", email: "rui@example.com" };
const TITLE = "Why leaves change colour";
const OLDER_SCIENCE = "Moon notes";
const ART = "Colour study";

/** Titles of the feed's cards, in the order shown. */
async function cardTitles(page: Page): Promise<string[]> {
  return await page.getByRole("list", { name: "Posts" }).getByRole("heading").allTextContents();
}

describe("DUMY journey", () => {
  let app: App;
  let browser: Browser;
  let author: SignedIn;
  let reader: SignedIn;
  let postId: Id<"posts">;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    author = await signedInPage(browser, app, AUTHOR, "/dumy");
    reader = await signedInPage(browser, app, READER, "/dumy");
    await addPostAs(app, AUTHOR, OLDER_SCIENCE, "science");
    await addPostAs(app, AUTHOR, ART, "art");
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("adds a post with an uploaded image in 'science'", async () => {
    const page = author.page;
    await page.getByRole("link", { name: ART }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await page.getByRole("link", { name: "Add post" }).click();
    await page.getByRole("heading", { name: "Add post" }).waitFor();

    // Without an image the seed's message comes up and nothing is saved.
    await page.getByLabel("Title").fill(TITLE);
    await page.getByLabel("Description").fill("Chlorophyll fades in autumn.\nThe yellows were there all along.");
    await page.getByRole("button", { name: "Add Post" }).click();
    await page.getByText("Title, description, and image are required").waitFor();

    // A file the browser cannot read as an image is refused at once, inline, under the picker.
    await page
      .getByLabel("Image")
      .setInputFiles({ name: "broken.png", mimeType: "image/png", buffer: Buffer.from("no") });
    await page.getByRole("alert").getByText("That file is not an image. Choose a JPEG, PNG, WebP or GIF.").waitFor();
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);

    await page.getByLabel("Category").selectOption("science");
    await page.getByLabel("Image").setInputFiles({ name: "leaves.png", mimeType: "image/png", buffer: TINY_PNG });
    await page.getByRole("button", { name: "Add Post" }).click();
    // The new post opens, in place of the form.
    await page.waitForURL(/\/dumy\/(?!add$)[^/?#]+$/, { timeout: LIVE_TIMEOUT_MS });
    await page.getByText("Post added successfully!").waitFor();
    await page.getByRole("heading", { name: TITLE, level: 1 }).waitFor();
    postId = new URL(page.url()).pathname.split("/").pop() as Id<"posts">;

    // The reader's open feed shows it without a reload.
    await reader.page.getByRole("link", { name: TITLE }).waitFor({ timeout: LIVE_TIMEOUT_MS });

    // Back goes to the feed the author came from, not to the form; the post is first there.
    await page.goBack();
    await page.waitForURL(`${app.url}/dumy`);
    await page.getByRole("link", { name: TITLE }).waitFor();
    expect(await cardTitles(page)).toEqual([TITLE, ART, OLDER_SCIENCE]);
    const imageSrc = await page.getByRole("listitem").filter({ hasText: TITLE }).locator("img").getAttribute("src");
    expect(imageSrc).toContain("/api/storage/");
  });

  it("filters the feed to science only, and the choice survives a reload", async () => {
    const page = author.page;
    await page.goto(`${app.url}/dumy`);
    await page.getByRole("button", { name: "None" }).click();
    await page.getByRole("paragraph").filter({ hasText: "No posts match your current filters" }).waitFor();
    // The status line screen readers hear stays on the page and says what each filter found.
    const status = page.getByRole("main").getByRole("status");
    await expect.poll(() => status.textContent()).toBe("No posts match your current filters");
    await page.getByRole("button", { name: "Science" }).click();
    await page.getByRole("link", { name: OLDER_SCIENCE }).waitFor();
    await expect.poll(() => status.textContent()).toBe("2 posts on this page, from 1 category");
    expect(await cardTitles(page)).toEqual([TITLE, OLDER_SCIENCE]);

    await page.reload();
    await page.getByRole("link", { name: OLDER_SCIENCE }).waitFor();
    expect(await cardTitles(page)).toEqual([TITLE, OLDER_SCIENCE]);
    expect(await page.getByRole("button", { name: "Science" }).getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByRole("button", { name: "Art" }).getAttribute("aria-pressed")).toBe("false");
    expect(await page.evaluate(() => localStorage.getItem("selectedCategories"))).toBe('["science"]');
  });

  it("sorts by likes once a second user likes the older post", async () => {
    await reader.page.getByRole("link", { name: OLDER_SCIENCE }).click();
    await reader.page.getByRole("button", { name: "Like (0 likes)" }).click();
    await reader.page
      .getByRole("button", { name: "Like (1 like)", pressed: true })
      .waitFor({ timeout: LIVE_TIMEOUT_MS });
    // Cards and the sort order follow the counts the cron refreshes each minute (itemCounts.ts).
    await app.engine.runMutation("itemCounts:refresh", {}, null, "internal");

    const page = author.page;
    await page.getByLabel("Sort by").selectOption("likes");
    await expect.poll(() => cardTitles(page), { timeout: LIVE_TIMEOUT_MS }).toEqual([OLDER_SCIENCE, TITLE]);
    await screenshot(page, "posts-journey-feed-science-by-likes");
    await page.setViewportSize(PHONE_VIEWPORT);
    await screenshot(page, "posts-journey-feed-phone");
    await page.setViewportSize(DESKTOP_VIEWPORT);
  });

  it("lets the reader comment through the dialog and edit the comment; the author sees the count live", async () => {
    const page = reader.page;
    await page.goto(`${app.url}/dumy/${postId}`);
    await page.getByRole("button", { name: "Comments (0)" }).click();
    const dialog = page.getByRole("dialog", { name: "Comments (0)" });
    await dialog.getByText("No comments yet.", { exact: false }).waitFor();
    await dialog.getByLabel("Add a comment").fill("Beautiful explanation!");
    await dialog.getByRole("button", { name: "Post Comment" }).click();
    const updated = page.getByRole("dialog", { name: "Comments (1)" });
    await updated.getByText("Beautiful explanation!").waitFor({ timeout: LIVE_TIMEOUT_MS });

    await updated.getByRole("button", { name: "Edit comment" }).click();
    const editor = page.getByRole("dialog", { name: "Edit comment" });
    await editor.getByLabel("Comment").fill("Beautiful explanation, thank you!");
    await editor.getByRole("button", { name: "Save" }).click();
    await editor.waitFor({ state: "hidden" });
    await updated.getByText("Beautiful explanation, thank you!").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await updated.getByText("(edited)").waitFor();
    await screenshot(page, "posts-journey-comments-dialog");
    await page.keyboard.press("Escape");

    await author.page.goto(`${app.url}/dumy/${postId}`);
    await author.page.getByRole("button", { name: "Comments (1)" }).waitFor({ timeout: LIVE_TIMEOUT_MS });
  });

  it("lets the author edit the post, loading it by id on a fresh page", async () => {
    const page = author.page;
    await page.goto(`${app.url}/dumy/edit/${postId}`);
    await expect.poll(() => page.getByLabel("Title").inputValue()).toBe(TITLE);
    await page.getByLabel("Title").fill(`${TITLE} in autumn`);
    await page.getByRole("button", { name: "Update Post" }).click();
    await page.waitForURL(`${app.url}/dumy/${postId}`, { timeout: LIVE_TIMEOUT_MS });
    await page.getByText("Post updated successfully!").waitFor();
    await page.getByRole("heading", { name: `${TITLE} in autumn`, level: 1 }).waitFor();
    await reader.page
      .getByRole("heading", { name: `${TITLE} in autumn`, level: 1 })
      .waitFor({ timeout: LIVE_TIMEOUT_MS });
    await screenshot(page, "posts-journey-details-owner");
  });

  it("lets the author delete the post after confirming; its comments and image go with it", async () => {
    const page = author.page;
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this post?" });
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await page.waitForURL(`${app.url}/dumy`, { timeout: LIVE_TIMEOUT_MS });
    await page.getByText("Post deleted successfully!").waitFor();
    await reader.page.getByText("Post not found!").waitFor({ timeout: LIVE_TIMEOUT_MS });

    const leftovers = await app.engine.admin.run(async (ctx) => ({
      posts: (await ctx.db.query("posts").collect()).map((post) => post.title).sort(),
      comments: (await ctx.db.query("postComments").collect()).length,
      storedFiles: (await ctx.db.system.query("_storage").collect()).length,
    }));
    expect(leftovers).toEqual({ posts: [ART, OLDER_SCIENCE], comments: 0, storedFiles: 2 });
  });
});
