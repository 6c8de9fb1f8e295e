/**
 * Public chat rooms in real Chromium against the local backend (issue #14), with three people in
 * three browser contexts: Ann creates a room with a cover; Ben and Cleo join and everyone sees who
 * is in the room; Ben sees Ann typing; Ann sends a message with an emoji and Ben and Cleo see it
 * live; Ben reports her message and the room; Cleo deletes her own message and it disappears for all; Ann deletes the room and Ben,
 * inside it, is told 'Chat not found' and lands on /chats.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type App } from "./harness/app";
import { seriousAxeViolations } from "./harness/accessibility";
import { TINY_PNG } from "./harness/content";
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, screenshot } from "./harness/browser";
import { signedInPage, type SignedIn } from "./harness/users";

const LIVE_TIMEOUT_MS = 10_000;
const ANN = { name: "Ann Archer", email: "ann@example.com" };
const BEN = { name: "Ben Brooks", email: "ben@example.com" };
const CLEO = { name: "Cleo Cole", email: "cleo@example.com" };
const ROOM = "Sci-fi readers";

function messageBox(page: Page) {
  return page.getByRole("textbox", { name: "Message" });
}

function history(page: Page) {
  return page.getByRole("list", { name: "Messages" });
}

function peopleHere(page: Page) {
  return page.getByRole("group", { name: /^In the room now:/ });
}

describe("public chat rooms journey", () => {
  let app: App;
  let browser: Browser;
  let ann: SignedIn;
  let ben: SignedIn;
  let cleo: SignedIn;
  let roomPath: string;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    [ann, ben, cleo] = await Promise.all([
      signedInPage(browser, app, ANN, "/chats"),
      signedInPage(browser, app, BEN, "/chats"),
      signedInPage(browser, app, CLEO, "/chats"),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("shows an empty list with a way to create the first room", async () => {
    const page = ann.page;
    await page.getByText("No chat rooms yet. Start the first one!").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await screenshot(page, "chats-empty-1280");
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
  });

  it("asks for a name, then Ann creates a room with a cover and is taken into it", async () => {
    const page = ann.page;
    await page.getByRole("button", { name: "Create chat" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create a chat" });
    await dialog.getByLabel("Name").fill("   ");
    await dialog.getByRole("button", { name: "Create chat" }).click();
    await dialog.getByRole("alert").getByText("Please enter a chat name.").waitFor();
    // The message goes once the field it is about changes.
    await dialog.getByLabel("Name").fill(ROOM);
    await expect(dialog.getByRole("alert").count()).resolves.toBe(0);
    await dialog.getByLabel("Description").fill("Dune, Solaris and everything in between.");
    await dialog
      .getByLabel("Cover image (optional)")
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: TINY_PNG });
    await screenshot(page, "chats-create-dialog-1280");
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    await dialog.getByRole("button", { name: "Create chat" }).click();

    await page.waitForURL(/\/chats\/[^/]+$/, { timeout: LIVE_TIMEOUT_MS });
    roomPath = new URL(page.url()).pathname;
    await page.getByRole("heading", { level: 1, name: ROOM }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await page.getByText("No messages yet. Say hello!").waitFor();
    const roomHeader = page.locator("header", { has: page.getByRole("heading", { level: 1, name: ROOM }) });
    // The cover is the header's decorative picture; the avatars of who is here have names.
    const cover = roomHeader.locator('img[alt=""]');
    await expect(cover.getAttribute("src")).resolves.toMatch(/\/api\/storage\//);
  });

  it("lists the room live for the others, with its cover, description and who is in it", async () => {
    const page = ben.page;
    const card = page.getByRole("list", { name: "Chat rooms" }).getByRole("listitem").filter({ hasText: ROOM });
    await card.getByText("Dune, Solaris and everything in between.").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await card.getByText("1 here now").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await card.getByText("No messages yet").waitFor();
    // Only the creator is offered Delete.
    await expect(card.getByRole("button", { name: `Delete ${ROOM}` }).count()).resolves.toBe(0);
    await screenshot(page, "chats-list-1280");
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
  });

  it("Ben and Cleo join, and everyone sees the three of them in the room", async () => {
    await ben.page.getByRole("link", { name: ROOM }).click();
    await ben.page.getByRole("heading", { level: 1, name: ROOM }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await cleo.page.goto(new URL(roomPath, app.url).href);
    for (const person of [ann, ben, cleo]) {
      const here = peopleHere(person.page);
      await person.page.waitForFunction(
        (names) => {
          const label = document
            .querySelector('[role="group"][aria-label^="In the room now:"]')
            ?.getAttribute("aria-label");
          return names.every((name) => label?.includes(name));
        },
        [ANN.name, BEN.name, CLEO.name],
        { timeout: LIVE_TIMEOUT_MS },
      );
      await expect(here.count()).resolves.toBe(1);
    }
  });

  it("Ben sees Ann typing, and the line goes once she stops", async () => {
    await messageBox(ann.page).pressSequentially("A message for everyone");
    await ben.page.getByText(`${ANN.name} is typing…`).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await messageBox(ann.page).fill("");
    await ben.page.getByText(`${ANN.name} is typing…`).waitFor({ state: "detached", timeout: LIVE_TIMEOUT_MS });
  });

  it("Ann sends a message with an emoji inserted at the cursor; Ben and Cleo see it live", async () => {
    const page = ann.page;
    await messageBox(page).fill("Welcome  aboard");
    // The cursor between the two spaces: the emoji goes there, not at the end.
    await messageBox(page).evaluate((box: HTMLTextAreaElement) => box.setSelectionRange(8, 8));
    await page.getByRole("button", { name: "Insert emoji" }).click();
    await page.getByRole("button", { name: "Books" }).click();
    await expect(messageBox(page).inputValue()).resolves.toBe("Welcome 📚 aboard");
    await messageBox(page).press("Enter");
    await history(page).getByText("Welcome 📚 aboard").waitFor({ timeout: LIVE_TIMEOUT_MS });
    for (const reader of [ben, cleo]) {
      const message = history(reader.page).getByRole("listitem").filter({ hasText: "Welcome 📚 aboard" });
      await message.waitFor({ timeout: LIVE_TIMEOUT_MS });
      await expect(message.textContent()).resolves.toContain(ANN.name);
    }
    // Blank text is ignored.
    await messageBox(page).fill("  \n ");
    await expect(page.getByRole("button", { name: "Send" }).isDisabled()).resolves.toBe(true);
    await screenshot(page, "chats-room-1280");
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
  });

  it("Ben reports Ann's message and the room, and Ann is offered no Report on her own", async () => {
    const page = ben.page;
    const annsMessage = history(page).getByRole("listitem").filter({ hasText: "Welcome 📚 aboard" });
    await annsMessage.hover();
    await annsMessage.getByRole("button", { name: "Report message" }).click();
    const dialog = page.getByRole("dialog", { name: "Report this message" });
    await dialog.getByRole("radio", { name: "Spam" }).check();
    await dialog.getByRole("button", { name: "Send report" }).click();
    await page
      .getByText("Thanks. Your report was sent to the moderators.")
      .first()
      .waitFor({ timeout: LIVE_TIMEOUT_MS });
    await dialog.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: "Report chat" }).click();
    const roomDialog = page.getByRole("dialog", { name: "Report this chat" });
    await roomDialog.getByRole("radio", { name: "Something else" }).check();
    await roomDialog.getByRole("button", { name: "Send report" }).click();
    await roomDialog.waitFor({ state: "hidden", timeout: LIVE_TIMEOUT_MS });

    await expect(history(ann.page).getByRole("button", { name: "Report message" }).count()).resolves.toBe(0);
    await expect(ann.page.getByRole("button", { name: "Report chat" }).count()).resolves.toBe(0);
  });

  it("Cleo deletes her own message after confirming, and it disappears for everyone", async () => {
    const page = cleo.page;
    await messageBox(page).fill("Oops, wrong room");
    await messageBox(page).press("Enter");
    for (const person of [ann, ben, cleo]) {
      await history(person.page).getByText("Oops, wrong room").waitFor({ timeout: LIVE_TIMEOUT_MS });
    }
    // Only her own message offers Delete.
    await expect(history(page).getByRole("button", { name: "Delete message" }).count()).resolves.toBe(1);
    await history(page).getByRole("listitem").filter({ hasText: "Oops, wrong room" }).hover();
    await history(page).getByRole("button", { name: "Delete message" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete message?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    for (const person of [ann, ben, cleo]) {
      await history(person.page).getByText("Oops, wrong room").waitFor({ state: "detached", timeout: LIVE_TIMEOUT_MS });
    }
    await history(page).getByText("Welcome 📚 aboard").waitFor();
  });

  it("fits a 390 px phone: the room and the list", async () => {
    const page = cleo.page;
    await page.setViewportSize(PHONE_VIEWPORT);
    await screenshot(page, "chats-room-390");
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    const box = await messageBox(page).boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    await page.getByRole("link", { name: "Back to Public chats" }).click();
    await page.getByRole("list", { name: "Chat rooms" }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await screenshot(page, "chats-list-390");
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    await page.setViewportSize(DESKTOP_VIEWPORT);
  });

  it("Ann deletes the room after confirming; Ben, inside it, is told 'Chat not found' and lands on /chats", async () => {
    const page = ann.page;
    await page.getByRole("link", { name: "Back to Public chats" }).click();
    await page.getByRole("button", { name: `Delete ${ROOM}` }).click({ timeout: LIVE_TIMEOUT_MS });
    const confirm = page.getByRole("dialog", { name: "Delete this chat?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("No chat rooms yet. Start the first one!").waitFor({ timeout: LIVE_TIMEOUT_MS });

    await ben.page.getByText("Chat not found").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await ben.page.waitForURL((url) => url.pathname === "/chats", { timeout: LIVE_TIMEOUT_MS });
    // A stale address says the same.
    await cleo.page.goto(new URL(roomPath, app.url).href);
    await cleo.page.getByText("Chat not found").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await cleo.page.waitForURL((url) => url.pathname === "/chats", { timeout: LIVE_TIMEOUT_MS });
  });
});
