/**
 * What a person does on the auth screens, for the journeys that sign in and out through the
 * page (not through tokens, as ./users.ts signedInPage does) and read their mail on /dev/mailbox.
 */
import type { BrowserContext, Page } from "playwright-core";

const WAIT_MS = 15_000;

/**
 * The newest mail to `email` (whose subject is `subject`, when given), read from the /dev/mailbox
 * page like a person would: its code and its link.
 */
export async function mailFromMailbox(
  context: BrowserContext,
  appUrl: string,
  email: string,
  subject?: string,
): Promise<{ code: string; link: string }> {
  const mailbox = await context.newPage();
  await mailbox.goto(`${appUrl}/dev/mailbox`);
  const forEmail = mailbox.getByRole("listitem").filter({ hasText: email });
  const card = (subject === undefined ? forEmail : forEmail.filter({ hasText: subject })).first();
  await card.waitFor({ timeout: WAIT_MS });
  const code = (await card.locator("dd.font-mono").textContent())?.trim() ?? "";
  const link = (await card.getByRole("link").getAttribute("href")) ?? "";
  await mailbox.close();
  return { code, link };
}

/** Fills in /login and presses Login (screens load lazily: waits for the form first). */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole("button", { name: "Login" }).waitFor({ timeout: WAIT_MS });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Logs out from the top bar and waits for /login's form. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Log Out" }).click();
  await page.getByRole("button", { name: "Login" }).waitFor({ timeout: WAIT_MS });
}
