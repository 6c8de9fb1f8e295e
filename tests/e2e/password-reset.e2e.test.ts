/**
 * Forgotten password (issue 30) in real Chromium against the local backend: from /login to
 * /forgot-password, the code read from /dev/mailbox, a new password, signed in; then the new
 * password logs in and the old one does not, and the used link opened while signed in asks to
 * log out first. Screenshots of both screens at 1280 and 390 px in light and dark go to
 * /tmp/e2e-shots, each checked with axe.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "./harness/accessibility";
import { startApp, type App } from "./harness/app";
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, screenshot } from "./harness/browser";
import { logIn, logOut, mailFromMailbox } from "./harness/auth-pages";
import { createVerifiedUser } from "./harness/users";

const OLD_PASSWORD = "old-password";
const NEW_PASSWORD = "new-password";
const RESET_SUBJECT = "Reset your DUMY password";
const WAIT_MS = 15_000;

describe("forgotten password in the browser", () => {
  let app: App;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("resets through the mailed code, signs in, and only the new password works afterwards", async () => {
    const email = "rita@example.com";
    await createVerifiedUser(app.engine, { name: "Rita", email, password: OLD_PASSWORD });
    const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT });
    const page = await context.newPage();

    await page.goto(`${app.url}/login`);
    await page.getByRole("button", { name: "Login" }).waitFor({ timeout: WAIT_MS });
    await page.getByLabel("Email").fill(email);
    await screenshot(page, "login-forgot-link-1280");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("button", { name: "Send code" }).waitFor({ timeout: WAIT_MS });
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.waitForURL(/\/reset-password\?email=rita%40example\.com$/, { timeout: WAIT_MS });
    await page.getByText("If an account exists for this address, we sent a code to it.").waitFor({ timeout: WAIT_MS });

    const { code, link } = await mailFromMailbox(context, app.url, email, RESET_SUBJECT);
    expect(code).toMatch(/^\d{8}$/);
    expect(link).toBe(`${app.url}/reset-password?email=rita%40example.com&code=${code}`);
    await page.getByLabel("Reset code").fill(code);
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL(`${app.url}/`, { timeout: WAIT_MS });
    await page.getByText("Password changed").waitFor({ timeout: WAIT_MS });
    await page.getByRole("button", { name: "Log Out" }).waitFor({ timeout: WAIT_MS });

    // The used link, opened while signed in, never swaps the session: it asks to log out first.
    await page.goto(link);
    await page.getByText(`You are logged in as ${email}. Log out first to reset a password.`).waitFor({
      timeout: WAIT_MS,
    });
    await screenshot(page, "reset-password-signed-in-1280");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto(`${app.url}/`);

    await logOut(page);
    await logIn(page, email, NEW_PASSWORD);
    await page.waitForURL(`${app.url}/`, { timeout: WAIT_MS });
    await page.getByRole("button", { name: "Log Out" }).waitFor({ timeout: WAIT_MS });
    await logOut(page);
    await logIn(page, email, OLD_PASSWORD);
    await page.getByRole("alert").getByText("Incorrect password").waitFor({ timeout: WAIT_MS });
    await context.close();
  });

  it("renders both screens at 1280 and 390 px in light and dark with no serious axe finding", async () => {
    for (const scheme of ["light", "dark"] as const) {
      for (const [width, viewport] of [
        ["1280", DESKTOP_VIEWPORT],
        ["390", PHONE_VIEWPORT],
      ] as const) {
        const context = await browser.newContext({ viewport, colorScheme: scheme });
        const page = await context.newPage();
        await page.goto(`${app.url}/forgot-password?email=shots%40example.com`);
        await page.getByRole("button", { name: "Send code" }).waitFor({ timeout: WAIT_MS });
        await screenshot(page, `forgot-password-${scheme}-${width}`);
        expect(await seriousAxeViolations(page)).toEqual([]);

        await page.goto(`${app.url}/reset-password?email=shots%40example.com&code=12345678`);
        await page.getByRole("button", { name: "Set new password" }).waitFor({ timeout: WAIT_MS });
        // The link's code stays for the page (Convex Auth's provider would take any ?code= as OAuth's).
        expect(await page.getByLabel("Reset code").inputValue()).toBe("12345678");
        expect(new URL(page.url()).searchParams.get("code")).toBe("12345678");
        await page.getByRole("button", { name: "Set new password" }).click(); // shows the form's message
        await page.getByRole("alert").getByText("Password should be at least 6 characters").waitFor({
          timeout: WAIT_MS,
        });
        await screenshot(page, `reset-password-${scheme}-${width}`);
        expect(await seriousAxeViolations(page)).toEqual([]);
        // Nothing may stick out sideways on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await context.close();
      }
    }
  });
});
