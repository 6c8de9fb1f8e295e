/**
 * Reactions (issue 32) in real Chromium against the local backend, with Alice and Bob in two
 * browser contexts: in a room, Bob sends a message, Alice gives it ❤️ from "Add reaction" and
 * Bob sees the count live; Alice's pill is pressed, Bob's not; Bob adds his and Alice sees 2;
 * hovering a pill names who gave it; Alice takes hers back. Then, shorter, in a private message.
 * Screenshots at 1280 and 390 px in light and dark with the who-list open, axe in both themes.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { seriousAxeViolations } from "./harness/accessibility";
import { startApp, type App } from "./harness/app";
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, screenshot } from "./harness/browser";
import { openInNewRoom, signedInPage, type SignedIn, signedInClient } from "./harness/users";

const LIVE_TIMEOUT_MS = 10_000;
const ALICE = { name: "Alice Adams", email: "alice@example.com" };
const BOB = { name: "Bob Brooks", email: "bob@example.com" };
const ROOM_TEXT = "Who else finished Dune this week?";
const PRIVATE_TEXT = "Coffee on Saturday?";

const LOOKS = [
  ["light", "1280", DESKTOP_VIEWPORT],
  ["dark", "1280", DESKTOP_VIEWPORT],
  ["light", "390", PHONE_VIEWPORT],
  ["dark", "390", PHONE_VIEWPORT],
] as const;

function messageItem(page: Page, text: string): Locator {
  return page.getByRole("listitem").filter({ hasText: text });
}

function pill(item: Locator, name: string): Locator {
  return item.getByRole("group", { name: "Reactions" }).getByRole("button", { name });
}

/** Hovers the message (its actions show on hover) and picks `emoji` from "Add reaction". */
async function react(page: Page, item: Locator, emojiName: string): Promise<void> {
  await item.hover();
  await item.getByRole("button", { name: "Add reaction" }).click();
  await page.getByRole("dialog", { name: "Add reaction" }).getByRole("button", { name: emojiName }).click();
}

/** Waits for the pill, then for its pressed state: which pills are mine arrives apart from the counts. */
async function expectPressed(button: Locator, expected: "true" | "false"): Promise<void> {
  await button.waitFor({ timeout: LIVE_TIMEOUT_MS });
  await expect.poll(() => button.getAttribute("aria-pressed"), { timeout: LIVE_TIMEOUT_MS }).toBe(expected);
}

describe("reactions on messages", () => {
  let app: App;
  let browser: Browser;
  let alice: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    [alice, bob] = await Promise.all([
      signedInPage(browser, app, ALICE, "/chats"),
      signedInPage(browser, app, BOB, "/chats"),
    ]);
    await openInNewRoom(app, BOB, "Readers' corner", [alice, bob]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("in a room: Alice reacts ❤️ to Bob's message and Bob sees the count live; only her pill is pressed", async () => {
    const box = bob.page.getByRole("textbox", { name: "Message" });
    await box.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await box.fill(ROOM_TEXT);
    await box.press("Enter");
    const aliceItem = messageItem(alice.page, ROOM_TEXT);
    await aliceItem.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await react(alice.page, aliceItem, "Red heart");

    await expectPressed(pill(aliceItem, "Red heart: 1 reaction"), "true");
    const bobItem = messageItem(bob.page, ROOM_TEXT);
    await expectPressed(pill(bobItem, "Red heart: 1 reaction"), "false");

    // Bob presses the pill to add his own: Alice sees 2 live.
    await pill(bobItem, "Red heart: 1 reaction").click();
    await expectPressed(pill(bobItem, "Red heart: 2 reactions"), "true");
    await pill(aliceItem, "Red heart: 2 reactions").waitFor({ timeout: LIVE_TIMEOUT_MS });
  });

  it("hovering or focusing a pill names who gave it (screenshots, axe in both themes)", async () => {
    const page = alice.page;
    const heart = pill(messageItem(page, ROOM_TEXT), "Red heart: 2 reactions");
    for (const [scheme, width, viewport] of LOOKS) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await heart.focus();
      const tooltip = page.getByRole("tooltip");
      await tooltip.getByText(/reacted with Red heart/).waitFor({ timeout: LIVE_TIMEOUT_MS });
      const text = (await tooltip.textContent()) ?? "";
      expect(text).toContain("You");
      expect(text).toContain(BOB.name);
      await screenshot(page, `chat-reactions-who-${scheme}-${width}`);
      if (width === "1280") expect(await seriousAxeViolations(page)).toEqual([]);
    }
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await page.emulateMedia({ colorScheme: "light" });
    // The pills by keyboard: Escape hides the names.
    await page.keyboard.press("Escape");
    await page.getByRole("tooltip").waitFor({ state: "detached" });
  });

  it("Alice takes hers back: Bob sees the count go down live", async () => {
    const aliceItem = messageItem(alice.page, ROOM_TEXT);
    await pill(aliceItem, "Red heart: 2 reactions").click();
    await expectPressed(pill(aliceItem, "Red heart: 1 reaction"), "false");
    await pill(messageItem(bob.page, ROOM_TEXT), "Red heart: 1 reaction").waitFor({ timeout: LIVE_TIMEOUT_MS });
  });

  it("in a private message: Bob reacts 👍 and Alice sees it live, then it goes when he takes it back", async () => {
    const client = await signedInClient(app, ALICE);
    const conversationId = await client.mutation(api.conversations.openWith, { userId: bob.userId });
    await client.mutation(api.messages.send, { conversationId, text: PRIVATE_TEXT });
    await Promise.all([
      alice.page.goto(`${app.url}/messages/${conversationId}`),
      bob.page.goto(`${app.url}/messages/${conversationId}`),
    ]);
    const bobItem = messageItem(bob.page, PRIVATE_TEXT);
    await bobItem.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await react(bob.page, bobItem, "Thumbs up");
    await expectPressed(pill(bobItem, "Thumbs up: 1 reaction"), "true");
    const aliceItem = messageItem(alice.page, PRIVATE_TEXT);
    await expectPressed(pill(aliceItem, "Thumbs up: 1 reaction"), "false");
    await screenshot(alice.page, "chat-reactions-private-light-1280");
    await pill(bobItem, "Thumbs up: 1 reaction").click();
    await aliceItem.getByRole("group", { name: "Reactions" }).waitFor({ state: "detached", timeout: LIVE_TIMEOUT_MS });
  });
});
