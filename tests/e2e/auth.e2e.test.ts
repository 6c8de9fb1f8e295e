/**
 * The account journey in real Chromium against the local backend: register, read the code in
 * the dev mailbox, verify, land where the guard wanted, log out, log in again, and be sent to
 * /login from a guarded page (and back after logging in). Also the e-mail's link, which names
 * the address and asks for one click, and asks elsewhere for the password (never logging a
 * visitor into somebody else's account).
 * Screenshots of the auth screens at 1280 and 390 px go to /tmp/e2e-shots.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "./harness/accessibility";
import { startApp, type App } from "./harness/app";
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, screenshot } from "./harness/browser";
import { logIn as logInAs, logOut as logOutFromTopBar, mailFromMailbox } from "./harness/auth-pages";
import { createVerifiedUser } from "./harness/users";

const PASSWORD = "journey-pw";
const WAIT_MS = 15_000;

async function register(page: Page, email: string): Promise<void> {
  // Screens load lazily: the previous one stays up until this field exists.
  await page.getByLabel("Confirm password").waitFor({ timeout: WAIT_MS });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Register" }).click();
  await page.waitForURL(/\/verify-email\?/, { timeout: WAIT_MS });
}

async function logIn(page: Page, email: string): Promise<void> {
  await logInAs(page, email, PASSWORD);
}

/** Logs out from the top bar; the app shows a plain /login, not one that returns to the page left. */
async function logOut(page: Page): Promise<void> {
  await logOutFromTopBar(page);
  await page.waitForTimeout(300); // a late guard redirect would add ?redirect= now
  expect(pathOf(page)).toBe("/login");
}

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

describe("accounts in the browser", () => {
  let app: App;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("registers, verifies with the mailed code, logs out, logs in, and returns to guarded pages", async () => {
    const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT });
    const page = await context.newPage();
    const email = "journey@example.com";

    // Logged out, a guarded page sends us to /login with the way back.
    await page.goto(`${app.url}/books`);
    await page.waitForURL(/\/login\?redirect=%2Fbooks$/, { timeout: WAIT_MS });
    await page.getByRole("link", { name: "Register" }).click();
    await register(page, email);
    expect(pathOf(page)).toBe("/verify-email?email=journey%40example.com&redirect=%2Fbooks");

    const { code } = await mailFromMailbox(context, app.url, email);
    expect(code).toMatch(/^\d{8}$/);
    await page.getByLabel("Verification code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${app.url}/books`, { timeout: WAIT_MS });
    await page.getByRole("button", { name: "Log Out" }).waitFor({ timeout: WAIT_MS });

    await logOut(page);
    await logIn(page, email);
    await page.waitForURL(`${app.url}/`, { timeout: WAIT_MS });
    await page.getByRole("button", { name: "Log Out" }).waitFor({ timeout: WAIT_MS });

    await logOut(page);
    await page.goto(`${app.url}/dumy`);
    await page.waitForURL(/\/login\?redirect=%2Fdumy$/, { timeout: WAIT_MS });
    await logIn(page, email);
    await page.waitForURL(`${app.url}/dumy`, { timeout: WAIT_MS });
    await context.close();
  });

  it("tells an unverified user to verify, and the e-mail's link names the address and verifies in one click", async () => {
    const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT });
    const page = await context.newPage();
    const email = "one-click@example.com";
    await page.goto(`${app.url}/register`);
    await register(page, email);

    await page.goto(`${app.url}/login`);
    await logIn(page, email);
    await page.getByText("Please verify your email before logging in").waitFor({ timeout: WAIT_MS });

    // Logging in mailed a fresh code; its link is what the e-mail carries.
    const { link } = await mailFromMailbox(context, app.url, email);
    await page.goto(link);
    await page.getByText(`Verify ${email} and log in as its owner?`).waitFor({ timeout: WAIT_MS });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe("/verify-email"); // nothing happens without the click
    await page.getByRole("button", { name: "Verify" }).click();
    // No page was asked for before login: verification leads to BOOK_CROSS (seed §4).
    await page.waitForURL(`${app.url}/books`, { timeout: WAIT_MS });
    await page.getByRole("button", { name: "Log Out" }).waitFor({ timeout: WAIT_MS });
    await context.close();
  });

  it("a link opened in another browser needs the password, and a logged-in visitor is never switched", async () => {
    const email = "elsewhere@example.com";
    const registering = await browser.newContext({ viewport: DESKTOP_VIEWPORT });
    const registerPage = await registering.newPage();
    await registerPage.goto(`${app.url}/register`);
    await register(registerPage, email);
    const { link } = await mailFromMailbox(registering, app.url, email);

    // Someone already logged in opens the link: their session stays, nothing is verified.
    await createVerifiedUser(app.engine, { name: "Sam", email: "sam@example.com", password: PASSWORD });
    const visitor = await browser.newContext({ viewport: PHONE_VIEWPORT });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${app.url}/login`);
    await logIn(visitorPage, "sam@example.com");
    await visitorPage.waitForURL((url) => url.pathname !== "/login", { timeout: WAIT_MS });
    await visitorPage.goto(link);
    await visitorPage.getByText("You are logged in as sam@example.com.").waitFor({ timeout: WAIT_MS });
    expect(await visitorPage.getByRole("button", { name: "Verify" }).count()).toBe(0);
    await screenshot(visitorPage, "auth-verify-signed-in-phone");

    // A fresh browser (a phone, say) must give the password chosen at registration.
    const phone = await browser.newContext({ viewport: PHONE_VIEWPORT });
    const phonePage = await phone.newPage();
    await phonePage.goto(link);
    await phonePage.getByRole("button", { name: "Verify" }).click();
    await phonePage
      .getByRole("alert")
      .getByText("Enter the password you chose when registering")
      .waitFor({ timeout: WAIT_MS });
    await phonePage.getByLabel("Password").fill(PASSWORD);
    await screenshot(phonePage, "auth-verify-other-browser-phone");
    expect(await seriousAxeViolations(phonePage)).toEqual([]);
    await phonePage.getByRole("button", { name: "Verify" }).click();
    await phonePage.waitForURL(`${app.url}/books`, { timeout: WAIT_MS });
    await Promise.all([registering.close(), visitor.close(), phone.close()]);
  });

  it("shows the seed's messages for a wrong password and an unknown account", async () => {
    await createVerifiedUser(app.engine, { name: "Mia", email: "mia@example.com", password: PASSWORD });
    const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT });
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel("Email").fill("mia@example.com");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("alert").getByText("Incorrect password").waitFor({ timeout: WAIT_MS });
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("alert").getByText("Account not found").waitFor({ timeout: WAIT_MS });
    await context.close();
  });

  it("renders login, register and verify on desktop and phone widths", async () => {
    for (const [label, viewport] of [
      ["desktop", DESKTOP_VIEWPORT],
      ["phone", PHONE_VIEWPORT],
    ] as const) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${app.url}/login`);
      await page.getByRole("button", { name: "Login" }).waitFor({ timeout: WAIT_MS });
      await screenshot(page, `auth-login-${label}`);
      await page.goto(`${app.url}/register`);
      await page.getByRole("button", { name: "Register" }).waitFor({ timeout: WAIT_MS });
      await screenshot(page, `auth-register-${label}`);
      await page.goto(`${app.url}/verify-email?email=shots%40example.com`);
      await page.getByRole("button", { name: "Verify" }).waitFor({ timeout: WAIT_MS });
      await screenshot(page, `auth-verify-${label}`);
      // Nothing may stick out sideways on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await context.close();
    }
  });
});
