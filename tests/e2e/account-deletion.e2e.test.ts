/**
 * "Delete my account" (issue 30) in real Chromium against the local backend: the person deletes
 * their account in one browser while a second browser of theirs is open (it is signed out live
 * and lands on /login), the deleting browser lands on /login saying so, and a friend's /friends,
 * open all along, no longer lists them. Screenshots of the section and of the dialog at 1280 and
 * 390 px in light and dark go to /tmp/e2e-shots, each checked with axe.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Id } from "../../convex/_generated/dataModel";
import { seriousAxeViolations } from "./harness/accessibility";
import { startApp, type App } from "./harness/app";
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, screenshot } from "./harness/browser";
import { signedInPage } from "./harness/users";

const PASSWORD = "e2e-password";
const WAIT_MS = 20_000;

/** `userId` adds `friendId` as a friend, as friends.add does (the row and the count). */
async function addFriend(app: App, userId: Id<"users">, friendId: Id<"users">): Promise<void> {
  await app.engine.admin.run(async (ctx) => {
    await ctx.db.insert("friends", { userId, friendId });
    const profile = await ctx.db
      .query("profiles")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .unique();
    if (profile !== null) await ctx.db.patch(profile._id, { friendCount: (profile.friendCount ?? 0) + 1 });
  });
}

async function openDialog(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Delete my account…" }).click();
  await page.getByRole("dialog", { name: "Delete your account?" }).waitFor({ timeout: WAIT_MS });
}

describe("deleting an account in the browser", () => {
  let app: App;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("signs out the person's other browser live and takes them off a friend's /friends", async () => {
    const dana = { name: "Dana Leaving", email: "dana@example.com" };
    const laptop = await signedInPage(browser, app, dana, "/settings");
    const phone = await signedInPage(browser, app, dana, "/settings");
    const fred = await signedInPage(browser, app, { name: "Fred Staying", email: "fred@example.com" }, "/friends");
    await addFriend(app, fred.userId, laptop.userId);
    await addFriend(app, laptop.userId, fred.userId);
    const fredsFriends = fred.page.getByRole("region", { name: "Your Friends" });
    await fredsFriends.getByRole("link", { name: new RegExp(dana.name) }).waitFor({ timeout: WAIT_MS });
    await phone.page.getByRole("heading", { name: "Delete my account" }).waitFor({ timeout: WAIT_MS });

    await openDialog(laptop.page);
    const dialog = laptop.page.getByRole("dialog", { name: "Delete your account?" });
    const confirm = dialog.getByRole("button", { name: "Delete my account" });
    await dialog.getByLabel("Your password").fill("not-the-password");
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Type DELETE to confirm").fill("DELETE");
    await confirm.click();
    await dialog.getByText("Your password is incorrect.").waitFor({ timeout: WAIT_MS });

    await dialog.getByLabel("Your password").fill(PASSWORD);
    await confirm.click();
    await laptop.page.waitForURL(`${app.url}/login`, { timeout: WAIT_MS });
    await laptop.page.getByText("Your account was deleted.").waitFor({ timeout: WAIT_MS });

    // The other browser, without a reload: its session is gone, so it is signed out.
    await phone.page.waitForURL(`${app.url}/login`, { timeout: WAIT_MS });
    await phone.page.getByRole("button", { name: "Login" }).waitFor({ timeout: WAIT_MS });
    // Fred's page, open all along: Dana is in neither of its lists any more.
    await fredsFriends
      .getByRole("link", { name: new RegExp(dana.name) })
      .waitFor({ state: "detached", timeout: WAIT_MS });
    await expect(fred.page.getByText(dana.name).count()).resolves.toBe(0);

    // The password no longer signs in.
    await phone.page.getByLabel("Email").fill(dana.email);
    await phone.page.getByLabel("Password").fill(PASSWORD);
    await phone.page.getByRole("button", { name: "Login" }).click();
    await phone.page.getByRole("alert").waitFor({ timeout: WAIT_MS });
    expect(new URL(phone.page.url()).pathname).toBe("/login");

    await laptop.context.close();
    await phone.context.close();
    await fred.context.close();
  });

  it("renders the section and the dialog at 1280 and 390 px in light and dark with no serious axe finding", async () => {
    const user = { name: "Shay Staying", email: "shay.delete@example.com" };
    for (const scheme of ["light", "dark"] as const) {
      for (const [width, viewport] of [
        ["1280", DESKTOP_VIEWPORT],
        ["390", PHONE_VIEWPORT],
      ] as const) {
        const { page, context } = await signedInPage(browser, app, user, "/settings");
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        const section = page.getByRole("region", { name: "Delete my account" });
        await section.waitFor({ timeout: WAIT_MS });
        await section.scrollIntoViewIfNeeded();
        await section.screenshot({ path: `/tmp/e2e-shots/delete-account-section-${scheme}-${width}.png` });
        expect(await seriousAxeViolations(page)).toEqual([]);
        await openDialog(page);
        await page.getByLabel("Type DELETE to confirm").fill("DEL");
        await screenshot(page, `delete-account-dialog-${scheme}-${width}`);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await context.close();
      }
    }
  });
});
