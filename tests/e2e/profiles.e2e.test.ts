/**
 * Profiles and friends in real Chromium against the local backend (issue #12): A edits every kind
 * of field (texts, selects, sliders, the compass by keyboard), picks an avatar and saves; B opens
 * A's profile and sees all of it read-only; B adds A, A adds B back and both see "Friends with you"
 * live; B presses Message and lands in the conversation; B unfriends A. Also the one-time name step
 * after a first sign-in (issue #17), saved and skipped.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type App } from "./harness/app";
import { seriousAxeViolations } from "./harness/accessibility";
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, screenshot } from "./harness/browser";
import { signedInPage, type SignedIn } from "./harness/users";

const LIVE_TIMEOUT_MS = 10_000;
const ANA = { name: "Ana", email: "ana@example.com" };
const BEN = { name: "Ben", email: "ben@example.com" };
const ANA_NEW_NAME = "Ana Lima";

/** Screenshots at both widths (to be looked at) and no serious axe finding at either. */
async function checkScreen(page: Page, name: string) {
  for (const [label, viewport] of [
    ["desktop", DESKTOP_VIEWPORT],
    ["phone", PHONE_VIEWPORT],
  ] as const) {
    await page.setViewportSize(viewport);
    await screenshot(page, `${name}-${label}`);
    await expect(seriousAxeViolations(page), `${name} at ${label} width`).resolves.toEqual([]);
  }
  await page.setViewportSize(DESKTOP_VIEWPORT);
}

describe("profiles and friends journey", () => {
  let app: App;
  let browser: Browser;
  let ana: SignedIn;
  let ben: SignedIn;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    ana = await signedInPage(browser, app, ANA, "/account");
    ben = await signedInPage(browser, app, BEN, "/books");
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("lets A edit every kind of field, move the compass by keyboard and save", async () => {
    const page = ana.page;
    await page.getByRole("heading", { level: 1, name: ANA.name }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(new URL(page.url()).pathname).toBe(`/account/${ana.userId}`);
    await checkScreen(page, "profile-owner-empty");

    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByRole("textbox", { name: /Display name/ }).fill(ANA_NEW_NAME);
    await page.getByRole("textbox", { name: "About me" }).fill("Potter and night-owl reader.\nLisbon born.");
    await page.getByRole("textbox", { name: "Hometown" }).fill("Lisbon");
    await page.getByRole("textbox", { name: "Favorite music" }).fill("Fado, Nick Drake");
    await page.getByRole("combobox", { name: "Religion" }).selectOption("Buddhism");
    await page.getByRole("combobox", { name: "Views on alcohol" }).selectOption("Socially");
    await page.getByRole("combobox", { name: "MBTI type" }).selectOption("INFP");
    await page.getByRole("combobox", { name: "Temperament" }).selectOption("Phlegmatic");
    const introvert = page.getByRole("slider", { name: "Introvert – Extrovert" });
    await introvert.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("PageDown"); // range inputs: 10 % a press
    await expect(introvert.inputValue()).resolves.toBe("20");

    await page.getByRole("slider", { name: "Political compass" }).focus();
    await page.keyboard.press("Shift+ArrowLeft");
    await page.keyboard.press("Shift+ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Shift+ArrowUp");
    await page.keyboard.press("Shift+ArrowUp");
    await expect(page.getByTestId("compass-economic").textContent()).resolves.toBe("Economic: Left (29)");
    await expect(page.getByTestId("compass-social").textContent()).resolves.toBe("Social: Authoritarian (70)");
    await checkScreen(page, "profile-owner-editing");

    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.getByText("Profile updated successfully!").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await page.getByRole("heading", { level: 1, name: ANA_NEW_NAME }).waitFor();
    await expect(page.getByRole("button", { name: "Edit Profile" }).isVisible()).resolves.toBe(true);
    await page.getByText("INFP – The Dreamer").waitFor();
    // The top bar follows the new name at once.
    await page.getByRole("banner").first().getByText(ANA_NEW_NAME).waitFor({ timeout: LIVE_TIMEOUT_MS });
  });

  it("lets A pick a preset avatar, saved at once, and the top bar's avatar follows", async () => {
    const page = ana.page;
    await page.getByRole("button", { name: "Change avatar" }).click();
    const dialog = page.getByRole("dialog", { name: "Choose your avatar" });
    await dialog.waitFor();
    await expect(dialog.getByRole("button", { name: / avatar$/ }).count()).resolves.toBe(12);
    await checkScreen(page, "profile-avatar-picker");
    await dialog.getByRole("button", { name: "Owl avatar" }).click();
    await dialog.waitFor({ state: "detached", timeout: LIVE_TIMEOUT_MS });
    const topBarAvatar = page
      .locator("header")
      .first()
      .getByRole("img", { name: `${ANA_NEW_NAME}'s avatar` });
    await expect.poll(() => topBarAvatar.getAttribute("src"), { timeout: LIVE_TIMEOUT_MS }).toBe("/avatars/2.svg");
    await checkScreen(page, "profile-owner-saved");
  });

  it("shows B all of A's profile read-only, with no owner controls", async () => {
    const page = ben.page;
    await page.goto(new URL(`/account/${ana.userId}`, app.url).href);
    const main = page.locator("main");
    await main.getByRole("heading", { level: 1, name: ANA_NEW_NAME }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    for (const text of ["Lisbon", "Fado, Nick Drake", "Buddhism", "Socially", "INFP – The Dreamer", "Phlegmatic"]) {
      await main.getByText(text, { exact: true }).waitFor();
    }
    await main.getByText(/Potter and night-owl reader/).waitFor();
    await main.getByRole("img", { name: "Political compass: Left (29), Authoritarian (70)" }).waitFor();
    await main.getByRole("img", { name: /^Introvert – Extrovert: 20 of 100/ }).waitFor();
    await expect(main.getByRole("img", { name: `${ANA_NEW_NAME}'s avatar` }).getAttribute("src")).resolves.toBe(
      "/avatars/2.svg",
    );
    for (const name of ["Edit Profile", "Save Profile", "Log Out", "Change avatar"]) {
      await expect(main.getByRole("button", { name }).count()).resolves.toBe(0);
    }
    await expect(main.getByRole("textbox").count()).resolves.toBe(0);
    await expect(main.getByRole("slider").count()).resolves.toBe(0);
    await expect(main.getByText(ANA.email).count()).resolves.toBe(0);
    await main.getByRole("button", { name: `Add Friend (${ANA_NEW_NAME})` }).waitFor();
    await checkScreen(page, "profile-visitor");
  });

  it("lets B add A, and once A adds B back both see 'Friends with you' live", async () => {
    await ben.page.goto(new URL("/friends", app.url).href);
    await ana.page.goto(new URL("/friends", app.url).href);
    const benEveryone = ben.page.getByRole("region", { name: "Everyone" });
    await benEveryone.getByRole("button", { name: `Add Friend (${ANA_NEW_NAME})` }).waitFor();
    // On a phone the buttons wrap under a person rather than squeezing their name to "A…".
    await ben.page.setViewportSize(PHONE_VIEWPORT);
    const clippedNames = await benEveryone
      .getByRole("listitem")
      .evaluateAll((items) =>
        items.flatMap((item) =>
          [...item.querySelectorAll("a span span")]
            .filter((name) => name.scrollWidth > name.clientWidth)
            .map((name) => name.textContent),
        ),
      );
    expect(clippedNames).toEqual([]);
    await ben.page.setViewportSize(DESKTOP_VIEWPORT);
    await benEveryone.getByRole("button", { name: `Add Friend (${ANA_NEW_NAME})` }).click();
    const benFriends = ben.page.getByRole("region", { name: "Your Friends" });
    await benFriends.getByRole("link", { name: new RegExp(ANA_NEW_NAME) }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    // One-way so far: nobody is "friends with you" yet.
    await expect(ben.page.getByText("Friends with you").count()).resolves.toBe(0);

    const anaEveryone = ana.page.getByRole("region", { name: "Everyone" });
    await anaEveryone.getByRole("button", { name: "Add Friend (Ben)" }).click();
    await anaEveryone.getByText("Friends with you").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await ana.page.getByRole("region", { name: "Your Friends" }).getByText("Friends with you").waitFor();
    // Ben's page, open all along, catches up without a reload.
    await benFriends.getByText("Friends with you").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await checkScreen(ana.page, "friends-mutual");

    await ana.page.getByPlaceholder("Search people by name").fill("be");
    await expect
      .poll(() => anaEveryone.getByRole("listitem").allTextContents(), { timeout: LIVE_TIMEOUT_MS })
      .toEqual([expect.stringContaining("Ben")]);
  });

  it("takes B from Message into the conversation with A", async () => {
    const page = ben.page;
    await page
      .getByRole("region", { name: "Your Friends" })
      .getByRole("button", { name: `Message (${ANA_NEW_NAME})` })
      .click();
    await page.waitForURL(/\/messages\/[^/]+$/, { timeout: LIVE_TIMEOUT_MS });
    // The same person's Message on the profile page opens the same conversation.
    const conversationUrl = page.url();
    await page.goto(new URL(`/account/${ana.userId}`, app.url).href);
    await page.getByRole("button", { name: `Message (${ANA_NEW_NAME})` }).click();
    await page.waitForURL(conversationUrl, { timeout: LIVE_TIMEOUT_MS });
  });

  it("lets B unfriend A: gone from B's list, and A no longer sees it both ways", async () => {
    const page = ben.page;
    await page.goto(new URL("/friends", app.url).href);
    const benFriends = page.getByRole("region", { name: "Your Friends" });
    await benFriends.getByRole("button", { name: `Unfriend (${ANA_NEW_NAME})` }).click();
    await benFriends.getByText("You have not added anyone yet.").waitFor({ timeout: LIVE_TIMEOUT_MS });
    const anaFriends = ana.page.getByRole("region", { name: "Your Friends" });
    await expect.poll(() => anaFriends.getByText("Friends with you").count(), { timeout: LIVE_TIMEOUT_MS }).toBe(0);
    // A still has B in A's own list: adding is one-way.
    await anaFriends.getByRole("button", { name: "Unfriend (Ben)" }).waitFor();
  });
});

describe("the name step after the first sign-in", () => {
  let app: App;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("asks a new user once for the name others see, and uses it everywhere", async () => {
    const { page, userId } = await signedInPage(
      browser,
      app,
      { name: "New User", email: "nadia@example.com" },
      "/books",
    );
    const step = page.getByRole("region", { name: "What should others call you?" });
    await step.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await checkScreen(page, "name-step");
    await step.getByRole("textbox", { name: "Your name" }).fill("  Nadia  ");
    await step.getByRole("button", { name: "Save name" }).click();
    await step.waitFor({ state: "detached", timeout: LIVE_TIMEOUT_MS });
    await page.getByRole("banner").first().getByText("Nadia").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await page.goto(new URL(`/account/${userId}`, app.url).href);
    await page.getByRole("heading", { level: 1, name: "Nadia" }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Nadia" }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect(page.getByRole("region", { name: "What should others call you?" }).count()).resolves.toBe(0);
  });

  it("can be skipped, and is not asked again", async () => {
    const { page } = await signedInPage(browser, app, { name: "New User", email: "sam@example.com" }, "/books");
    const step = page.getByRole("region", { name: "What should others call you?" });
    await step.getByRole("button", { name: "Not now" }).click({ timeout: LIVE_TIMEOUT_MS });
    await step.waitFor({ state: "detached", timeout: LIVE_TIMEOUT_MS });
    await page.reload();
    await page.getByRole("banner").first().getByText("New User").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect(step.count()).resolves.toBe(0);
  });

  it("keeps /friends within a phone's width when someone's name is long, cutting the name instead", async () => {
    const longName = "Maximiliana Alexandrova-Konstantinopolous";
    await signedInPage(browser, app, { name: longName, email: "maxi@example.com" }, "/books");
    const { page } = await signedInPage(browser, app, { name: "Vera", email: "vera@example.com" }, "/books");
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.goto(new URL("/friends", app.url).href);
    const row = page.getByRole("region", { name: "Everyone" }).getByRole("listitem").filter({ hasText: longName });
    await row.waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    // The top bar's round buttons are big enough to tap; Log Out is on the account page, one tap away.
    const banner = page.getByRole("banner");
    for (const name of ["Search", "Messages"]) {
      const button = await banner.getByRole("link", { name, exact: false }).first().boundingBox();
      expect(Math.min(button!.width, button!.height), name).toBeGreaterThanOrEqual(36);
    }
    expect(await banner.getByRole("button", { name: "Log Out" }).isVisible()).toBe(false);
    // Its buttons are whole on screen.
    const message = row.getByRole("button", { name: /^Message/ });
    const box = await message.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    await screenshot(page, "friends-long-name-phone");
  });
});
