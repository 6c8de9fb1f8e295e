/**
 * Private messages in real Chromium against the local backend (issue #13), with two people in two
 * browser contexts: Ann opens Ben's profile, presses Message and sends two messages; Ben sees the top
 * bar's unread badge and the conversation's badge appear live, opens it (both clear) and replies;
 * Ann sees the reply live, and a newer message moves its conversation to the top. A long history
 * pages back with "Load older", a message arriving while Ben reads older ones offers "New
 * messages", and Ann deletes a message after confirming. Cleo, who is not in the conversation, is
 * refused by address and by calling the functions directly.
 */
import { ConvexError } from "convex/values";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { startApp, type App } from "./harness/app";
import { seriousAxeViolations } from "./harness/accessibility";
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, screenshot } from "./harness/browser";
import { signedInPage, type SignedIn, signedInClient } from "./harness/users";

const LIVE_TIMEOUT_MS = 10_000;
const ANN = { name: "Ann Archer", email: "ann@example.com" };
const BEN = { name: "Ben Brooks", email: "ben@example.com" };
const CLEO = { name: "Cleo Cole", email: "cleo@example.com" };
const NOT_AUTHORIZED = "You are not authorized to access this conversation.";

function messageBox(page: Page) {
  return page.getByRole("textbox", { name: "Message" });
}

function conversationRow(page: Page, name: string) {
  return page.getByRole("list", { name: "Conversations" }).getByRole("link", { name: new RegExp(name) });
}

function history(page: Page) {
  return page.getByRole("list", { name: "Messages" });
}

async function serverError(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error instanceof ConvexError ? error.data : error;
  }
  return "no error";
}

describe("private messages journey", () => {
  let app: App;
  let browser: Browser;
  let ann: SignedIn;
  let ben: SignedIn;
  let cleo: SignedIn;
  let conversationId: Id<"conversations">;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    ann = await signedInPage(browser, app, ANN, "/");
    ben = await signedInPage(browser, app, BEN, "/messages");
    cleo = await signedInPage(browser, app, CLEO, "/messages");
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("shows a friendly empty list pointing to Friends", async () => {
    const page = ben.page;
    await page.getByText("No conversations yet").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect(page.getByRole("link", { name: "Go to Friends" }).getAttribute("href")).resolves.toBe("/friends");
    await expect(page.getByRole("link", { name: "Messages", exact: true }).count()).resolves.toBe(1);
    await screenshot(page, "messages-journey-empty");
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
  });

  it("Ann opens Ben's profile, presses Message and sends two messages (Enter sends, Shift+Enter is a new line)", async () => {
    const page = ann.page;
    await page.goto(new URL(`/account/${ben.userId}`, app.url).href);
    await page.getByRole("button", { name: `Message (${BEN.name})` }).click({ timeout: LIVE_TIMEOUT_MS });
    await page.waitForURL(/\/messages\/[^/]+$/);
    conversationId = new URL(page.url()).pathname.split("/").pop() as Id<"conversations">;
    await page.getByRole("heading", { level: 1, name: BEN.name }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    // The button found-or-created the pair's one conversation: asking again gives the same one.
    await expect(
      (await signedInClient(app, ANN)).mutation(api.conversations.openWith, { userId: ben.userId }),
    ).resolves.toBe(conversationId);
    await page.getByText(`No messages yet. Say hello to ${BEN.name}!`).waitFor();

    // Blank text is ignored: Send stays off and Enter sends nothing.
    await messageBox(page).fill("   ");
    await expect(page.getByRole("button", { name: "Send" }).isDisabled()).resolves.toBe(true);
    await messageBox(page).press("Enter");

    await messageBox(page).fill("Hi Ben!");
    await messageBox(page).press("Enter");
    await history(page).getByText("Hi Ben!").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect(messageBox(page).inputValue()).resolves.toBe("");

    await messageBox(page).pressSequentially("Still have the book?");
    await messageBox(page).press("Shift+Enter");
    await messageBox(page).pressSequentially("I can pick it up tomorrow.");
    await expect(messageBox(page).inputValue()).resolves.toBe("Still have the book?\nI can pick it up tomorrow.");
    await page.getByRole("button", { name: "Send" }).click();
    await history(page).getByText("I can pick it up tomorrow.").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect(history(page).getByRole("listitem").filter({ hasText: "You:" }).count()).resolves.toBe(2);
  });

  it("Ben sees the top bar badge and the conversation's badge appear live", async () => {
    const page = ben.page;
    await page.getByRole("link", { name: "Messages, 2 unread" }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    const row = conversationRow(page, ANN.name);
    await row.getByText("2 unread").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect(row.textContent()).resolves.toContain("Still have the book? I can pick it up tomorrow.");
    await screenshot(page, "messages-journey-list-unread");
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    await page.setViewportSize(PHONE_VIEWPORT);
    await screenshot(page, "messages-journey-list-unread-phone");
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    await page.setViewportSize(DESKTOP_VIEWPORT);
  });

  it("Ben opens it, the badges clear, and he replies; Ann sees the reply live", async () => {
    const page = ben.page;
    await conversationRow(page, ANN.name).click();
    await page.waitForURL(`**/messages/${conversationId}`);
    await history(page).getByText("Hi Ben!").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await page.getByRole("link", { name: "Messages", exact: true }).waitFor({ timeout: LIVE_TIMEOUT_MS });

    await messageBox(page).fill("Yes! Come by after 5.");
    await page.getByRole("button", { name: "Send" }).click();
    await history(ann.page).getByText("Yes! Come by after 5.").waitFor({ timeout: LIVE_TIMEOUT_MS });
    // Ann had the conversation open, so Ben's reply is read at once and leaves her no badge.
    await ann.page.getByRole("link", { name: "Messages", exact: true }).waitFor({ timeout: LIVE_TIMEOUT_MS });

    await screenshot(page, "messages-journey-conversation");
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    await page.setViewportSize(PHONE_VIEWPORT);
    await screenshot(page, "messages-journey-conversation-phone");
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    await page.setViewportSize(DESKTOP_VIEWPORT);

    await page.getByRole("link", { name: "Back to Messages" }).click();
    await page.waitForURL((url) => url.pathname === "/messages");
    const row = conversationRow(page, ANN.name);
    await expect(row.textContent()).resolves.toContain("You: Yes! Come by after 5.");
    await expect(row.getByText(/unread/).count()).resolves.toBe(0);
  });

  it("refuses Cleo, by address and by calling the functions directly", async () => {
    const page = cleo.page;
    await page.goto(new URL(`/messages/${conversationId}`, app.url).href);
    await page.getByText(NOT_AUTHORIZED).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await page.waitForURL((url) => url.pathname === "/messages");
    await expect(page.getByText("Hi Ben!").count()).resolves.toBe(0);

    const client = await signedInClient(app, CLEO);
    await expect(
      serverError(client.query(api.messages.list, { conversationId, paginationOpts: { numItems: 10, cursor: null } })),
    ).resolves.toBe(NOT_AUTHORIZED);
    await expect(serverError(client.mutation(api.messages.send, { conversationId, text: "hi" }))).resolves.toBe(
      NOT_AUTHORIZED,
    );

    await page.goto(new URL("/messages/not-a-conversation", app.url).href);
    await page.getByText("Conversation not found.").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await page.waitForURL((url) => url.pathname === "/messages");
  });

  it("moves the conversation with the newest message to the top of Ben's list, live", async () => {
    const page = ben.page;
    const rows = page.getByRole("list", { name: "Conversations" }).getByRole("link");
    const cleoClient = await signedInClient(app, CLEO);
    const withCleo = await cleoClient.mutation(api.conversations.openWith, { userId: ben.userId });
    await cleoClient.mutation(api.messages.send, { conversationId: withCleo, text: "Hello from Cleo" });
    await expect.poll(() => rows.first().textContent(), { timeout: LIVE_TIMEOUT_MS }).toContain("Hello from Cleo");
    await page.getByRole("link", { name: "Messages, 1 unread" }).waitFor({ timeout: LIVE_TIMEOUT_MS });

    await (await signedInClient(app, ANN)).mutation(api.messages.send, { conversationId, text: "One more thing" });
    await expect.poll(() => rows.first().textContent(), { timeout: LIVE_TIMEOUT_MS }).toContain("One more thing");
    await expect(rows.nth(1).textContent()).resolves.toContain("Hello from Cleo");
    await page.getByRole("link", { name: "Messages, 2 unread" }).waitFor({ timeout: LIVE_TIMEOUT_MS });
  });

  it("pages back with Load older, and offers New messages while Ben reads older ones", async () => {
    const annClient = await signedInClient(app, ANN);
    // A long backlog, written straight to the table (sending it would take Ann's allowance of
    // twenty messages at once); the last part is sent, so previews and counts move as usual.
    await app.engine.admin.run(async (ctx) => {
      for (let i = 1; i <= 44; i++) {
        await ctx.db.insert("messages", { conversationId, senderId: ann.userId, text: `Catching up, part ${i}` });
      }
    });
    await annClient.mutation(api.messages.send, { conversationId, text: "Catching up, part 45" });
    const page = ben.page;
    await page.goto(new URL(`/messages/${conversationId}`, app.url).href);
    await history(page).getByText("Catching up, part 45").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect(history(page).getByText("Hi Ben!").count()).resolves.toBe(0);

    await page.getByRole("button", { name: "Load older" }).click();
    await history(page).getByText("Hi Ben!").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect(page.getByRole("button", { name: "Load older" }).count()).resolves.toBe(0);

    // Reading the start of the conversation: a new message does not pull Ben down.
    const box = page.getByRole("region", { name: `Conversation with ${ANN.name}` });
    await box.evaluate((element) => element.scrollTo({ top: 0 }));
    await annClient.mutation(api.messages.send, { conversationId, text: "Did you see this?" });
    await page.getByRole("button", { name: "New messages" }).click({ timeout: LIVE_TIMEOUT_MS });
    await page.getByRole("button", { name: "New messages" }).waitFor({ state: "detached" });
    await expect
      .poll(() => box.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight))
      .toBeLessThan(80);

    // At the bottom it stays pinned: the next message scrolls into view by itself.
    await annClient.mutation(api.messages.send, { conversationId, text: "Pinned to the newest" });
    await history(page).getByText("Pinned to the newest").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect(history(page).getByText("Pinned to the newest").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "New messages" }).count()).resolves.toBe(0);
  });

  it("Ann deletes her own message after confirming, and it disappears for Ben too", async () => {
    const page = ann.page;
    await page.goto(new URL(`/messages/${conversationId}`, app.url).href);
    const mine = history(page).getByRole("listitem").filter({ hasText: "Pinned to the newest" });
    await mine.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await mine.hover();
    await mine.getByRole("button", { name: "Delete message" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete message?" });
    await dialog.waitFor();
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await dialog.waitFor({ state: "detached" });
    await history(page).getByText("Pinned to the newest").waitFor({ state: "detached", timeout: LIVE_TIMEOUT_MS });
    // The Delete button went with the message: the focus is back in the history, not on the page.
    await expect(page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).resolves.toBe(
      `Conversation with ${BEN.name}`,
    );
    await history(ben.page).getByText("Pinned to the newest").waitFor({ state: "detached", timeout: LIVE_TIMEOUT_MS });
    // Ben's own reply has no Delete for Ann.
    const bens = history(page).getByRole("listitem").filter({ hasText: "Yes! Come by after 5." });
    await expect(bens.getByRole("button", { name: "Delete message" }).count()).resolves.toBe(0);
  });
});
