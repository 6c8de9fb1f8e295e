/**
 * Read state in real Chromium (issue 32), Alice and Bob in two browser contexts. Private
 * messages: Alice's message shows no "Seen" until Bob opens the conversation, then "Seen" under it,
 * live; while Bob types Alice sees "Bob Brooks is typing…". Chat rooms: Alice reads a room to the
 * end and leaves; Bob writes there; /chats marks the room "New" for Alice until she opens it,
 * and it opens at the "New" divider above Bob's first new message. Screens at 1280 and 390 px in
 * light and dark, axe in both themes.
 */
import { ConvexHttpClient } from "convex/browser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { startApp, type App } from "./harness/app";
import { seriousAxeViolations } from "./harness/accessibility";
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, screenshot } from "./harness/browser";
import { signedInPage, type SignedIn, signedInClient } from "./harness/users";

const LIVE_TIMEOUT_MS = 10_000;
const ALICE = { name: "Alice Archer", email: "alice@example.com" };
const BOB = { name: "Bob Brooks", email: "bob@example.com" };
const ROOM = "Night owls";

/** The screen at 1280 and 390 px in light and dark; axe in both themes (at 1280). */
async function screensAndAxe(page: Page, name: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, viewport] of [
      ["1280", DESKTOP_VIEWPORT],
      ["390", PHONE_VIEWPORT],
    ] as const) {
      await page.setViewportSize(viewport);
      await screenshot(page, `${name}-${scheme}-${width}`);
    }
    await page.setViewportSize(DESKTOP_VIEWPORT);
    expect(await seriousAxeViolations(page)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

function roomCard(page: Page) {
  return page.getByRole("list", { name: "Chat rooms" }).getByRole("listitem").filter({ hasText: ROOM });
}

describe("read state journey", () => {
  let app: App;
  let browser: Browser;
  let alice: SignedIn;
  let bob: SignedIn;
  let bobClient: ConvexHttpClient;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    alice = await signedInPage(browser, app, ALICE, "/");
    bob = await signedInPage(browser, app, BOB, "/");
    bobClient = await signedInClient(app, BOB);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("private messages: Seen once Bob opens Alice's message, and Bob's typing shows to Alice", async () => {
    const aliceClient = await signedInClient(app, ALICE);
    const conversationId = await aliceClient.mutation(api.conversations.openWith, { userId: bob.userId });
    const page = alice.page;
    await page.goto(`${app.url}/messages/${conversationId}`);
    const box = page.getByRole("textbox", { name: "Message" });
    await box.fill("Hi Bob, are you coming tonight?");
    await box.press("Enter");
    const history = page.getByRole("list", { name: "Messages" });
    await history.getByText("Hi Bob, are you coming tonight?").waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await history.getByText(/^Seen/).count()).toBe(0);

    await bob.page.goto(`${app.url}/messages/${conversationId}`);
    await bob.page.getByText("Hi Bob, are you coming tonight?").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await history.getByText("Seen by Bob Brooks").waitFor({ timeout: LIVE_TIMEOUT_MS });

    await bob.page.getByRole("textbox", { name: "Message" }).pressSequentially("Yes, see you", { delay: 40 });
    await page.getByText("Bob Brooks is typing…").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await screensAndAxe(page, "read-state-conversation");
    // Sent: the stop clears the line at once.
    await bob.page.getByRole("textbox", { name: "Message" }).press("Enter");
    await history.getByText("Yes, see you").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await page.getByText("Bob Brooks is typing…").waitFor({ state: "detached", timeout: LIVE_TIMEOUT_MS });
  });

  it("/chats marks a room New after Bob writes there, until Alice opens it at the New divider", async () => {
    const roomId: Id<"chatRooms"> = await bobClient.mutation(api.chats.create, { name: ROOM });
    // An older history, so the room has somewhere to scroll to.
    await app.engine.admin.run(async (ctx) => {
      for (let i = 1; i <= 30; i++)
        await ctx.db.insert("chatMessages", { roomId, userId: bob.userId, text: `Old ${i}` });
    });

    const page = alice.page;
    await page.goto(`${app.url}/chats/${roomId}`);
    await page.getByText("Old 30").waitFor({ timeout: LIVE_TIMEOUT_MS });
    // Read to the end, then back to the list: nothing is new for her.
    await page.getByRole("link", { name: "Back to Public chats" }).click();
    await roomCard(page).waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await roomCard(page).getByText("New", { exact: true }).count()).toBe(0);

    // Within a minute of the room's last message time: the room's lastMessageAt does not move.
    for (const text of ["Who is up?", "The owls are out", "Tea anyone?"]) {
      await bobClient.mutation(api.chatMessages.send, { roomId, text });
    }
    // And more than a screenful after them, so opening at the divider is not opening at the bottom.
    await app.engine.admin.run(async (ctx) => {
      for (let i = 1; i <= 20; i++)
        await ctx.db.insert("chatMessages", { roomId, userId: bob.userId, text: `More ${i}` });
    });
    await roomCard(page).getByText("New", { exact: true }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await page.getByRole("link", { name: `${ROOM} (new messages since your last visit)` }).waitFor();
    await screensAndAxe(page, "read-state-chats");

    await roomCard(page).getByRole("link").click();
    const divider = page.getByRole("listitem").filter({ hasText: "New messages since your last visit" });
    await divider.waitFor({ timeout: LIVE_TIMEOUT_MS });
    // The divider sits right above Bob's first new message, and the room opened there.
    const following = await divider.evaluate((item) => item.nextElementSibling?.textContent ?? "");
    expect(following).toContain("Who is up?");
    const region = await page.getByRole("region", { name: `Messages in ${ROOM}` }).boundingBox();
    const dividerBox = await divider.boundingBox();
    const newestBox = await page.getByText("More 20").boundingBox();
    // The divider near the top of the history, the newest message still below its fold.
    expect(dividerBox!.y).toBeGreaterThanOrEqual(region!.y);
    expect(dividerBox!.y).toBeLessThan(region!.y + 40);
    expect(newestBox!.y).toBeGreaterThan(region!.y + region!.height);
    await screensAndAxe(page, "read-state-room");

    await page.getByRole("link", { name: "Back to Public chats" }).click();
    await roomCard(page).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await roomCard(page).getByText("New", { exact: true }).waitFor({ state: "detached", timeout: LIVE_TIMEOUT_MS });
  });
});
