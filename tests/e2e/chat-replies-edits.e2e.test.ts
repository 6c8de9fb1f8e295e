/**
 * Replies, edits and links in real Chromium against the local backend (issue 32, C3), with two
 * people in two browser contexts. In a room: Carol replies to Bob's message and Bob sees the quote
 * live; clicking the quote brings the original into view, lit up; Bob edits his message in place
 * and Carol sees "edited" live; an https address is a link with the user-content rel. In private
 * messages: Bob replies to Carol's message and edits his reply. Screenshots of the reply bar, the
 * quote and the editor at 1280 and 390 px in both themes; axe in both themes.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { startApp, type App } from "./harness/app";
import { seriousAxeViolations } from "./harness/accessibility";
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, screenshot } from "./harness/browser";
import { signedInPage, type SignedIn, signedInClient } from "./harness/users";

const LIVE_TIMEOUT_MS = 10_000;
const BOB = { name: "Bob Baker", email: "bob@example.com" };
const CAROL = { name: "Carol Cruz", email: "carol@example.com" };
const ORIGINAL = "Has anyone read Dune? Notes at https://example.com/dune.";
const PICTURE = readFileSync(path.join(import.meta.dirname, "../../public/icons/icon-512.png"));

function messageBox(page: Page) {
  return page.getByRole("textbox", { name: "Message" });
}

function history(page: Page) {
  return page.getByRole("list", { name: "Messages" });
}

/** On a phone, a message's actions are in its "More actions" menu: opens it and picks `item`. */
async function pickFromMenu(page: Page, whose: string, text: string, item: string) {
  await history(page)
    .getByRole("button", { name: new RegExp(`^Actions for ${whose} “${text}`) })
    .click();
  await page.getByRole("menu").getByRole("menuitem", { name: item }).click();
}

/** Both themes' screenshots and axe for the screen as it is now (the system's colour scheme, no saved choice). */
async function bothThemes(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBe(scheme);
    await screenshot(page, `${name}-${scheme}`);
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

describe("replies, edits and links journey", () => {
  let app: App;
  let browser: Browser;
  let bob: SignedIn;
  let carol: SignedIn;
  let bobClient: ConvexHttpClient;
  let carolClient: ConvexHttpClient;
  let roomUrl: string;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    [bob, carol] = await Promise.all([signedInPage(browser, app, BOB, "/"), signedInPage(browser, app, CAROL, "/")]);
    [bobClient, carolClient] = await Promise.all([signedInClient(app, BOB), signedInClient(app, CAROL)]);
    const roomId = await bobClient.mutation(api.chats.create, { name: "Dune readers" });
    await bobClient.mutation(api.chatMessages.send, { roomId, text: ORIGINAL });
    for (const text of ["Part two is out", "Anyone for a reading group?"]) {
      await carolClient.mutation(api.chatMessages.send, { roomId, text });
    }
    roomUrl = new URL(`/chats/${roomId}`, app.url).href;
    await Promise.all([bob.page.goto(roomUrl), carol.page.goto(roomUrl)]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("shows an https address as a link that opens a new tab with the user-content rel", async () => {
    const link = history(carol.page).getByRole("link", { name: "https://example.com/dune" });
    await link.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect(link.getAttribute("rel")).resolves.toBe("noopener noreferrer nofollow ugc");
    await expect(link.getAttribute("target")).resolves.toBe("_blank");
    await expect(link.getAttribute("href")).resolves.toBe("https://example.com/dune");
  });

  it("Carol replies to Bob's message: the bar shows above the box, and Bob sees the quote live", async () => {
    const page = carol.page;
    await page.getByRole("button", { name: /^Reply to message “Has anyone read Dune/ }).click();
    await page.getByText("Replying to").waitFor();
    await expect(messageBox(page).evaluate((box) => box === document.activeElement)).resolves.toBe(true);
    await bothThemes(page, "replies-reply-bar-1280");
    await messageBox(page).fill("Yes, twice!");
    await messageBox(page).press("Enter");
    await expect(page.getByText("Replying to").count()).resolves.toBe(0);

    const quote = history(bob.page).getByRole("button", { name: /^In reply to Bob Baker: Has anyone read Dune/ });
    await quote.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await history(bob.page).getByText("Yes, twice!").waitFor();
    await bothThemes(bob.page, "replies-quote-1280");
  });

  it("clicking the quote brings the original into view and lights it up", async () => {
    const page = bob.page;
    await page.getByRole("region", { name: /^Messages in/ }).evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
    await history(page)
      .getByRole("button", { name: /^In reply to Bob Baker/ })
      .click();
    const original = history(page).locator("li[data-highlighted]");
    await original.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect(original.textContent()).resolves.toContain("Has anyone read Dune?");
    await expect(original.isVisible()).resolves.toBe(true);
  });

  it("Bob edits his message in place, and Carol sees the new text and 'edited' live", async () => {
    const page = bob.page;
    await page.getByRole("button", { name: /^Edit message “Has anyone read Dune/ }).click();
    const editor = page.getByRole("textbox", { name: "Edit message" });
    await editor.waitFor();
    await bothThemes(page, "replies-editing-1280");
    await editor.fill("Has anyone read Dune Messiah? Notes at https://example.com/dune.");
    await editor.press("Enter");
    await editor.waitFor({ state: "detached", timeout: LIVE_TIMEOUT_MS });

    const edited = history(carol.page).locator("li", { hasText: "Has anyone read Dune Messiah?" });
    await edited.getByText("edited", { exact: true }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    // The reply's quote follows the edit too.
    await history(carol.page)
      .getByRole("button", { name: /^In reply to Bob Baker: Has anyone read Dune Messiah/ })
      .waitFor({ timeout: LIVE_TIMEOUT_MS });
    // No Edit on someone else's message.
    await expect(carol.page.getByRole("button", { name: /^Edit message “Has anyone/ }).count()).resolves.toBe(0);
  });

  it("fits a 390 px phone: the quote, the reply bar and the editor", async () => {
    const page = carol.page;
    await page.setViewportSize(PHONE_VIEWPORT);
    // The row of action buttons gives way to one menu per message.
    await expect(
      history(page)
        .getByRole("button", { name: /^Reply to message/ })
        .count(),
    ).resolves.toBe(0);
    await pickFromMenu(page, "your message", "Part two is out", "Reply");
    await page.getByText("Replying to").waitFor();
    await bothThemes(page, "replies-room-390");
    await page.getByRole("button", { name: "Cancel reply" }).click();
    await pickFromMenu(page, "your message", "Part two is out", "Edit");
    await page.getByRole("textbox", { name: "Edit message" }).waitFor();
    await bothThemes(page, "replies-editing-390");
    await page.getByRole("textbox", { name: "Edit message" }).press("Escape");
    await page.setViewportSize(DESKTOP_VIEWPORT);
  });

  it("on a phone, the menu reacts; the + shows the picture button; the text keeps the width", async () => {
    const page = carol.page;
    await page.setViewportSize(PHONE_VIEWPORT);
    await pickFromMenu(page, "Bob Baker's message", "Has anyone read Dune", "Add reaction");
    await page.getByRole("dialog", { name: "Add reaction" }).getByRole("button", { name: "Red heart" }).click();
    await history(page).getByRole("button", { name: "Red heart: 1 reaction" }).waitFor({ timeout: LIVE_TIMEOUT_MS });

    await page.getByRole("button", { name: "Emoji and picture" }).click();
    await page.getByRole("button", { name: "Attach picture" }).waitFor();
    await page
      .locator('form input[type="file"]')
      .setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: PICTURE });
    await page.getByRole("img", { name: "Picture to send" }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await page.getByRole("button", { name: "Send" }).click();
    await history(page)
      .getByRole("button", { name: "Picture from Carol Cruz", exact: true })
      .waitFor({ timeout: LIVE_TIMEOUT_MS });

    // Bob's name is whole and his text spans the row, less the avatar (the ⋯ floats beside the name).
    // His message, not Carol's reply that quotes it: the one with his name.
    const bobs = history(page).locator("li", { has: page.getByRole("link", { name: "Bob Baker" }) });
    const name = bobs.getByRole("link", { name: "Bob Baker" });
    await expect(name.evaluate((link) => link.scrollWidth <= link.clientWidth)).resolves.toBe(true);
    const textWidth = await bobs
      .locator("p", { hasText: "Has anyone read" })
      .last()
      .evaluate((p) => p.clientWidth);
    expect(textWidth).toBeGreaterThan(280);

    await history(page)
      .getByRole("button", { name: /^Actions for Bob Baker's message/ })
      .click();
    await page.getByRole("menu").waitFor();
    await bothThemes(page, "message-menu-390");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu").count()).resolves.toBe(0);

    // On a desktop the same room keeps the hover row of buttons.
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await bobs.hover();
    await bobs.getByRole("button", { name: "Add reaction" }).waitFor();
    await bothThemes(page, "message-menu-1280");
  });

  it("in private messages, Bob replies to Carol's message and edits his reply", async () => {
    const conversationId = await carolClient.mutation(api.conversations.openWith, { userId: bob.userId });
    await carolClient.mutation(api.messages.send, { conversationId, text: "Coffee on Friday?" });
    const url = new URL(`/messages/${conversationId}`, app.url).href;
    await Promise.all([bob.page.goto(url), carol.page.goto(url)]);

    const page = bob.page;
    await page.getByRole("button", { name: /^Reply to message “Coffee on Friday/ }).click();
    await messageBox(page).fill("Sure, at ten");
    await messageBox(page).press("Enter");
    await history(carol.page)
      .getByRole("button", { name: /^In reply to Carol Cruz: Coffee on Friday/ })
      .waitFor({ timeout: LIVE_TIMEOUT_MS });

    await page.getByRole("button", { name: /^Edit message “Sure, at ten/ }).click();
    const editor = page.getByRole("textbox", { name: "Edit message" });
    await editor.fill("Sure, at eleven");
    await bothThemes(page, "replies-private-editing-1280");
    await editor.press("Enter");
    const edited = history(carol.page).locator("li", { hasText: "Sure, at eleven" });
    await edited.getByText("edited", { exact: true }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await bothThemes(carol.page, "replies-private-1280");
  });
});
