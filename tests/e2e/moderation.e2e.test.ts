/**
 * Moderation in real Chromium (issue 16): Rui reports Ada's post and her profile; Mo, made an
 * admin with the internal grantRole through the engine (as an operator would from the Convex
 * dashboard), sees the reports arrive live on /moderation and removes the post, which vanishes
 * from Ada's open page; Mo suspends Ada, whose open page turns into the suspended notice and
 * whose next call is refused; Mo lifts it and Ada is back. Screenshots of /moderation and the
 * report dialog at 1280 and 390 px go to /tmp/shots-mod.
 */
import { mkdirSync } from "node:fs";
import { ConvexHttpClient } from "convex/browser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { seriousAxeViolations } from "./harness/accessibility";
import { startApp, type App } from "./harness/app";
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT } from "./harness/browser";
import { addPostAs } from "./harness/content";
import { createVerifiedUser, signedInPage, signInTokens, type SignedIn } from "./harness/users";

const LIVE_TIMEOUT_MS = 10_000;
const SHOTS = "/tmp/shots-mod";
const AUTHOR = { name: "Ada", email: "ada@example.com" };
const REPORTER = { name: "Rui", email: "rui@example.com" };
const MODERATOR = { name: "Mo", email: "mo@example.com" };
const TITLE = "Cheap followers here";

/** A screenshot for a person to look at; a dialog is taken as the screen shows it (fullPage: false). */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/**
 * Takes the same picture at desktop and phone width, then goes back to desktop; at phone width
 * nothing may stick out sideways.
 */
async function shotsAtBothWidths(page: Page, name: string, fullPage = true): Promise<void> {
  await page.setViewportSize(DESKTOP_VIEWPORT);
  await shot(page, `${name}-1280`, fullPage);
  await page.setViewportSize(PHONE_VIEWPORT);
  await shot(page, `${name}-390`, fullPage);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  await page.setViewportSize(DESKTOP_VIEWPORT);
}

describe("moderation journey", () => {
  let app: App;
  let browser: Browser;
  let author: SignedIn;
  let reporter: SignedIn;
  let moderator: SignedIn;
  let postId: Id<"posts">;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    await createVerifiedUser(app.engine, MODERATOR);
    await app.engine.admin.call("moderation:grantRole", { email: MODERATOR.email, role: "admin" });
    await createVerifiedUser(app.engine, AUTHOR);
    postId = await addPostAs(app, AUTHOR, TITLE, "science");
    author = await signedInPage(browser, app, AUTHOR, `/dumy/${postId}`);
    reporter = await signedInPage(browser, app, REPORTER, `/dumy/${postId}`);
    moderator = await signedInPage(browser, app, MODERATOR, "/moderation");
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("shows Moderation only to moderators; anyone else is sent away from /moderation", async () => {
    await moderator.page.getByRole("heading", { name: "Moderation", level: 1 }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await moderator.page.getByText("No open reports. All clear!").waitFor();
    await moderator.page.getByRole("link", { name: "Moderation" }).waitFor();

    await reporter.page.getByRole("heading", { name: TITLE, level: 1 }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await reporter.page.getByRole("link", { name: "Moderation" }).count()).toBe(0);
    await reporter.page.goto(`${app.url}/moderation`);
    await reporter.page.waitForURL(`${app.url}/`);
  });

  it("lets a reader report the post (reason required) and the author's profile, with a confirmation", async () => {
    const page = reporter.page;
    await page.goto(`${app.url}/dumy/${postId}`);
    await page.getByRole("button", { name: "Report post" }).click();
    const dialog = page.getByRole("dialog", { name: "Report this post" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Send report" }).click();
    await dialog.getByText("Please choose a reason.").waitFor();
    await dialog.getByRole("radio", { name: "Spam" }).check();
    await dialog.getByLabel("Details (optional)").fill("Sells followers, links to a shop.");
    await shotsAtBothWidths(page, "report-dialog", false);
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    await dialog.getByRole("button", { name: "Send report" }).click();
    await page.getByText("Thanks. Your report was sent to the moderators.").waitFor();
    await dialog.waitFor({ state: "hidden" });

    // The author sees no Report on her own post.
    await author.page.getByRole("heading", { name: TITLE, level: 1 }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await author.page.getByRole("button", { name: "Report post" }).count()).toBe(0);

    await page.goto(`${app.url}/account/${author.userId}`);
    await page.getByRole("button", { name: "Report profile" }).click();
    const profileDialog = page.getByRole("dialog", { name: "Report this profile" });
    await profileDialog.getByRole("radio", { name: "Harassment or bullying" }).check();
    await profileDialog.getByRole("button", { name: "Send report" }).click();
    await profileDialog.waitFor({ state: "hidden" });
  });

  it("shows the reports live on /moderation, with the content in place; axe finds nothing serious", async () => {
    const page = moderator.page;
    const item = page.getByRole("listitem", { name: `Post: ${TITLE}` });
    await item.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await item.getByText("Sells followers, links to a shop.").waitFor();
    await item.getByRole("img", { name: "Image of the reported post" }).waitFor();
    await page.getByRole("listitem", { name: "Profile: Ada" }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await shotsAtBothWidths(page, "moderation");
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
  });

  it("removes the post; the author's open page finds it gone", async () => {
    const page = moderator.page;
    await page
      .getByRole("listitem", { name: `Post: ${TITLE}` })
      .getByRole("button", { name: "Remove", exact: true })
      .click();
    const confirm = page.getByRole("dialog", { name: "Remove this post?" });
    await confirm.getByRole("button", { name: "Remove" }).click();
    await page.getByText("Post removed.").waitFor();
    await author.page.getByText("Post not found!").waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await page.getByRole("listitem", { name: `Post: ${TITLE}` }).count()).toBe(0);
  });

  it("suspends the author: her open page shows the notice and her next action is refused", async () => {
    const page = moderator.page;
    await page.getByRole("listitem", { name: "Profile: Ada" }).getByRole("button", { name: "Suspend author" }).click();
    const dialog = page.getByRole("dialog", { name: "Suspend Ada" });
    await dialog.getByRole("radio", { name: "7 days" }).check();
    await dialog.getByLabel("Reason").fill("Selling followers");
    await dialog.getByRole("button", { name: "Suspend", exact: true }).click();
    await page.getByText("Ada is suspended.").waitFor();

    await author.page.getByRole("heading", { name: "Your account is suspended" }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await author.page.getByText("Selling followers").waitFor();
    await author.page.getByText(/^Until /).waitFor();
    await shot(author.page, "suspended-notice-1280");

    const client = new ConvexHttpClient(app.url);
    client.setAuth((await signInTokens(app.engine, AUTHOR)).token);
    await expect(client.mutation(api.profiles.update, { displayName: "Ada again" })).rejects.toThrow(
      /Your account is suspended until \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC: Selling followers/,
    );

    const suspensions = page.getByRole("list", { name: "Suspensions" });
    await suspensions.getByText("Selling followers").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await shotsAtBothWidths(page, "moderation-after-suspending");
  });

  it("lifts the suspension; the author is back and the audit log has every action", async () => {
    const page = moderator.page;
    await page.getByRole("button", { name: "Lift Ada's suspension" }).click();
    await page.getByText("Ada's suspension is lifted.").waitFor();
    await author.page.getByText("Post not found!").waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await author.page.getByRole("heading", { name: "Your account is suspended" }).count()).toBe(0);

    const log = page.getByRole("list", { name: "Audit log" });
    await log.getByText("lifted the suspension of Ada").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await log.getByText("suspended Ada").waitFor();
    await log.getByText(`removed post “${TITLE}”`).waitFor();
    await log.getByText(/Convex dashboard gave a role to Mo/).waitFor();
  });

  it("removes all of a person's content in batches, with the reason, and says when it is done", async () => {
    const page = moderator.page;
    const spam = ["Followers sale 1", "Followers sale 2", "Followers sale 3"];
    const posts = [];
    for (const title of spam) posts.push(await addPostAs(app, AUTHOR, title, "art"));
    const client = new ConvexHttpClient(app.url);
    client.setAuth((await signInTokens(app.engine, REPORTER)).token);
    await client.mutation(api.reports.report, { target: { kind: "post", id: posts[0]! }, reason: "spam" });

    const item = page.getByRole("listitem", { name: `Post: ${spam[0]}` });
    await item.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await item.getByRole("button", { name: "Remove all content" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove all content of Ada?" });
    await dialog.getByRole("button", { name: "Remove all content" }).click();
    await dialog.getByText("Please give a reason for the removal.").waitFor();
    await dialog.getByLabel("Reason").fill("Spam account");
    await dialog.getByRole("button", { name: "Remove all content" }).click();
    await dialog.waitFor({ state: "hidden" });

    const removals = page.getByRole("list", { name: "Content removals" });
    await removals.getByText(/^Done: \d+ items?: (.*, )?3 posts/).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await removals.getByText(/Spam account/).waitFor();
    await page
      .getByRole("list", { name: "Audit log" })
      .getByText(/Spam account/)
      .first()
      .waitFor();
    await shotsAtBothWidths(page, "moderation-after-removing-all");
    for (const postId of posts) {
      expect(await client.query(api.posts.get, { postId })).toBeNull();
    }
  });
});
