/**
 * Account settings (issue 30) in real Chromium against the local backend: a password changed in
 * one browser signs a second browser of the same person out live (it lands on /login and says
 * why); an e-mail change through the code on /dev/mailbox, after which the new address logs in
 * and the old one does not. Screenshots of /settings at 1280 and 390 px in light and dark go to
 * /tmp/e2e-shots, each checked with axe.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "./harness/accessibility";
import { startApp, type App } from "./harness/app";
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, screenshot } from "./harness/browser";
import { logIn, logOut } from "./harness/auth-pages";
import { signedInPage } from "./harness/users";

const PASSWORD = "e2e-password";
const NEW_PASSWORD = "brand-new-password";
const WAIT_MS = 15_000;

describe("account settings in the browser", () => {
  let app: App;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("a password change signs the person's other browser out live", async () => {
    const user = { name: "Pia", email: "pia@example.com" };
    const laptop = await signedInPage(browser, app, user, "/settings");
    const phone = await signedInPage(browser, app, user, "/settings");
    await phone.page.getByRole("heading", { name: "Password" }).waitFor({ timeout: WAIT_MS });
    await laptop.page.getByText("You are signed in on 2 devices, this one included.").waitFor({ timeout: WAIT_MS });

    await laptop.page.getByLabel("Current password").fill(PASSWORD);
    await laptop.page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await laptop.page.getByLabel("Repeat the new password").fill(NEW_PASSWORD);
    await laptop.page.getByRole("button", { name: "Change password" }).click();
    await laptop.page
      .getByText("Your password was changed. Your other devices were signed out.")
      .waitFor({ timeout: WAIT_MS });

    // The other browser, without a reload: its session is gone, so it goes to /login and says why.
    await phone.page.waitForURL(`${app.url}/login`, { timeout: WAIT_MS });
    await phone.page.getByText("You were signed out on this device.").waitFor({ timeout: WAIT_MS });
    await screenshot(phone.page, "account-settings-signed-out-1280");
    // This browser stays, alone now.
    await laptop.page.getByText("You are signed in on this device only.").waitFor({ timeout: WAIT_MS });
    expect(new URL(laptop.page.url()).pathname).toBe("/settings");

    await logIn(phone.page, user.email, NEW_PASSWORD);
    await phone.page.waitForURL(`${app.url}/`, { timeout: WAIT_MS });
    await laptop.context.close();
    await phone.context.close();
  });

  it("changes the e-mail address with the code from /dev/mailbox; the new address logs in", async () => {
    const user = { name: "Emil", email: "emil@example.com" };
    const newEmail = "emil.new@example.com";
    const { page, context } = await signedInPage(browser, app, user, "/settings");
    await page.getByText(user.email, { exact: true }).waitFor({ timeout: WAIT_MS });

    await page.getByLabel("New e-mail address").fill(newEmail);
    await page.getByRole("button", { name: "Send a code" }).click();
    await page.getByLabel("Code from the e-mail").waitFor({ timeout: WAIT_MS });

    const mailbox = await context.newPage();
    await mailbox.goto(`${app.url}/dev/mailbox`);
    const card = mailbox.getByRole("listitem").filter({ hasText: newEmail }).first();
    await card.waitFor({ timeout: WAIT_MS });
    const code = (await card.locator("dd.font-mono").textContent())?.trim() ?? "";
    expect(code).toMatch(/^\d{8}$/);
    await mailbox.close();

    await page.getByLabel("Code from the e-mail").fill(code);
    await page.getByRole("button", { name: "Change e-mail" }).click();
    await page.getByText("Your e-mail address was changed. Use it the next time you log in.").waitFor({
      timeout: WAIT_MS,
    });
    await page.getByText(newEmail, { exact: true }).waitFor({ timeout: WAIT_MS });

    await logOut(page);
    await logIn(page, user.email, PASSWORD);
    await page.getByRole("alert").getByText("Account not found").waitFor({ timeout: WAIT_MS });
    await logIn(page, newEmail, PASSWORD);
    await page.waitForURL(`${app.url}/`, { timeout: WAIT_MS });
    await page.getByRole("button", { name: "Log Out" }).waitFor({ timeout: WAIT_MS });
    await context.close();
  });

  it("renders /settings at 1280 and 390 px in light and dark with no serious axe finding", async () => {
    const user = { name: "Shay", email: "shay@example.com" };
    for (const scheme of ["light", "dark"] as const) {
      for (const [width, viewport] of [
        ["1280", DESKTOP_VIEWPORT],
        ["390", PHONE_VIEWPORT],
      ] as const) {
        const { page, context } = await signedInPage(browser, app, user, "/settings");
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        await page.getByRole("button", { name: "Change password" }).waitFor({ timeout: WAIT_MS });
        await page.getByRole("button", { name: "Send a code" }).waitFor({ timeout: WAIT_MS });
        await page.getByText(/You are signed in on/).waitFor({ timeout: WAIT_MS });
        await screenshot(page, `settings-${scheme}-${width}`);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await context.close();
      }
    }
  });
});
