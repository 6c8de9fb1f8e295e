/**
 * Notifications (issue 31) in real Chromium against the local backend, three people each in their
 * own browser context: Bob adds Alice → Alice's bell shows 1 without a reload, and the
 * notification opens Bob's profile with Add Friend (add back); Carol @mentions Alice in a chat room
 * → the bell counts it and the link opens the room; Alice turns likes off on her account page →
 * Bob's like adds nothing; Mark all as read → 0. Every screen visited is axe-clean at 1280 and
 * 390 px in light and dark, with screenshots of the bell, /notifications and the preferences.
 *
 * Carol's first mention goes through the chat composer's @-picker; the two later ones (only there
 * to have something to mark read) through `chatMessages.send` with their mention spans.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { startApp, type App } from "./harness/app";
import { seriousAxeViolations } from "./harness/accessibility";
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, screenshot } from "./harness/browser";
import { addPostAs } from "./harness/content";
import { signedInPage, type SignedIn, signedInClient } from "./harness/users";

const LIVE_TIMEOUT_MS = 10_000;
const ALICE = { name: "Alice Adams", email: "alice@example.com" };
const BOB = { name: "Bob Brooks", email: "bob@example.com" };
const CAROL = { name: "Carol Cole", email: "carol@example.com" };
const POST_TITLE = "Spring reading notes";
const ROOM_NAME = "Book club";

function bell(page: Page, unread: number | null) {
  const name = unread === null ? "Notifications" : `Notifications, ${unread} unread`;
  return page.getByRole("banner").getByRole("link", { name, exact: true });
}

function list(page: Page) {
  return page.getByRole("list", { name: "Notifications" });
}

/**
 * Screenshots and axe at 1280 and 390 px in light and dark, then back to light at 1280. The theme
 * follows the system's (no choice saved), as a new visitor's would.
 */
async function checkEverywhere(page: Page, name: string): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const viewport of [DESKTOP_VIEWPORT, PHONE_VIEWPORT]) {
      await page.setViewportSize(viewport);
      await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBe(theme);
      // axe first: it waits for the theme's colour transitions to settle, which the picture should show.
      expect(await seriousAxeViolations(page), `${name}, ${theme}, ${viewport.width} px`).toEqual([]);
      await screenshot(page, `notifications-${name}-${theme}-${viewport.width}`);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize(DESKTOP_VIEWPORT);
}

/** How many like notifications (folded rows or events still to fold) Alice has: none while likes are off. */
async function likeNotificationsOf(app: App, userId: Id<"users">): Promise<number> {
  return await app.engine.admin.run(async (ctx) => {
    const rows = await ctx.db
      .query("notifications")
      .withIndex("by_recipientId_and_updatedAt", (q) => q.eq("recipientId", userId))
      .collect();
    const events = await ctx.db
      .query("notificationEvents")
      .withIndex("by_recipientId", (q) => q.eq("recipientId", userId))
      .collect();
    return [...rows, ...events].filter((row) => row.kind === "like").length;
  });
}

describe("notifications journey", () => {
  let app: App;
  let browser: Browser;
  let alice: SignedIn;
  let bob: SignedIn;
  let carol: SignedIn;
  let postId: Id<"posts">;
  let roomId: Id<"chatRooms">;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    alice = await signedInPage(browser, app, ALICE, "/notifications");
    bob = await signedInPage(browser, app, BOB, `/account/${alice.userId}`);
    carol = await signedInPage(browser, app, CAROL, "/chats");
    postId = await addPostAs(app, ALICE, POST_TITLE, "science");
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("shows Alice an empty page and a bell with no count", async () => {
    const page = alice.page;
    await page.getByText("No notifications yet").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await bell(page, null).waitFor();
    await expect(bell(page, null).getAttribute("href")).resolves.toBe("/notifications");
    // Opt-in only: nothing asked the browser on page load.
    await expect(page.evaluate(() => Notification.permission)).resolves.toBe("default");
    await page.getByRole("button", { name: "Turn on browser notifications" }).waitFor();
    await checkEverywhere(page, "empty");
  });

  it("Bob adds Alice: her bell shows 1 without a reload, and the notification offers Add back", async () => {
    await bob.page.getByRole("button", { name: `Add Friend (${ALICE.name})` }).click({ timeout: LIVE_TIMEOUT_MS });
    await bob.page.getByRole("button", { name: `Unfriend (${ALICE.name})` }).waitFor({ timeout: LIVE_TIMEOUT_MS });

    const page = alice.page;
    await bell(page, 1).waitFor({ timeout: LIVE_TIMEOUT_MS });
    const row = list(page)
      .getByRole("listitem")
      .filter({ hasText: `${BOB.name} added you as a friend` });
    await row.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect(row.getByText("New", { exact: true }).count()).resolves.toBe(1);
    await row.getByRole("button", { name: `Add Friend (${BOB.name})` }).waitFor();
    await screenshot(page, "notifications-bell-1");
    await checkEverywhere(page, "friend-added");
  });

  it("opening it marks it read and shows Bob's profile, where Alice can add him back", async () => {
    const page = alice.page;
    await list(page)
      .getByRole("link", { name: `${BOB.name} added you as a friend` })
      .click();
    await page.waitForURL(new RegExp(`/account/${bob.userId}$`));
    await page.getByRole("button", { name: `Add Friend (${BOB.name})` }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await bell(page, null).waitFor({ timeout: LIVE_TIMEOUT_MS });
  });

  it("Carol mentions Alice in a chat room: the bell counts it and the link opens the room", async () => {
    const carolClient = await signedInClient(app, CAROL);
    roomId = await carolClient.mutation(api.chats.create, { name: ROOM_NAME });
    // Carol writes "@Ali", picks Alice from the composer's list of people, and sends.
    const composer = carol.page.getByRole("textbox", { name: "Message" });
    await carol.page.goto(new URL(`/chats/${roomId}`, app.url).href);
    await carol.page.getByRole("heading", { level: 1, name: ROOM_NAME }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await composer.click({ timeout: LIVE_TIMEOUT_MS });
    await composer.pressSequentially("@Ali");
    await carol.page
      .getByRole("listbox", { name: "People to mention" })
      .getByRole("option", { name: new RegExp(ALICE.name) })
      .click({ timeout: LIVE_TIMEOUT_MS });
    await composer.pressSequentially("have you read the new one?");
    await composer.press("Enter");
    await carol.page.getByText("have you read the new one?").waitFor({ timeout: LIVE_TIMEOUT_MS });
    const sent = await app.engine.admin.run(
      async (ctx) =>
        await ctx.db
          .query("chatMessages")
          .withIndex("by_roomId", (q) => q.eq("roomId", roomId))
          .first(),
    );
    expect(sent?.mentions?.map((mention) => mention.userId)).toEqual([alice.userId]);

    const page = alice.page;
    await bell(page, 1).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await bell(page, 1).click();
    await page.waitForURL(/\/notifications$/);
    const link = list(page).getByRole("link", { name: `${CAROL.name} mentioned you in ${ROOM_NAME}` });
    await link.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await checkEverywhere(page, "mention");
    await link.click();
    await page.waitForURL(new RegExp(`/chats/${roomId}$`));
    await page.getByText("have you read the new one?").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await bell(page, null).waitFor({ timeout: LIVE_TIMEOUT_MS });
  });

  it("Alice turns likes off on her account page: Bob's like of her post adds nothing", async () => {
    const page = alice.page;
    await page.goto(new URL(`/account/${alice.userId}`, app.url).href);
    const preferences = page.getByRole("region", { name: "Notification settings" });
    const likes = preferences.getByRole("switch", { name: "Likes" });
    await likes.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect(likes.getAttribute("aria-checked")).resolves.toBe("true");
    await likes.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => likes.getAttribute("aria-checked")).toBe("false");
    await expect
      .poll(async () => (await signedInClient(app, ALICE)).query(api.notificationPreferences.mine, {}))
      .toMatchObject({ likes: false, mentions: true });
    await preferences.scrollIntoViewIfNeeded();
    await checkEverywhere(page, "preferences");

    await bob.page.goto(new URL(`/dumy/${postId}`, app.url).href);
    const like = bob.page.getByRole("button", { name: /^Like \(/ });
    await like.click({ timeout: LIVE_TIMEOUT_MS });
    await expect.poll(() => like.getAttribute("aria-pressed")).toBe("true");
    // The like is saved (its row exists) and wrote no notification, now or to fold later.
    const liked = async () =>
      await app.engine.admin.run(async (ctx) =>
        (await ctx.db
          .query("likes")
          .withIndex("by_targetId_and_userId", (q) => q.eq("targetId", postId).eq("userId", bob.userId))
          .unique()) === null
          ? false
          : true,
      );
    await expect.poll(liked).toBe(true);
    await expect(likeNotificationsOf(app, alice.userId)).resolves.toBe(0);
    await expect((await signedInClient(app, ALICE)).query(api.notifications.unreadCount, {})).resolves.toBe(0);
    await bell(page, null).waitFor();
  });

  it("Mark all as read takes the bell to 0", async () => {
    const carolClient = await signedInClient(app, CAROL);
    for (const text of ["first", "second"]) {
      const mention = `@${ALICE.name}`;
      await carolClient.mutation(api.chatMessages.send, {
        roomId,
        text: `${mention} ${text}`,
        mentions: [{ userId: alice.userId, start: 0, length: mention.length }],
      });
    }
    const page = alice.page;
    await bell(page, 2).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await bell(page, 2).click();
    await page.waitForURL(/\/notifications$/);
    await expect.poll(() => list(page).getByText("New", { exact: true }).count()).toBe(2);
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await bell(page, null).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect.poll(() => list(page).getByText("New", { exact: true }).count()).toBe(0);
    await expect(page.getByRole("button", { name: "Mark all as read" }).getAttribute("aria-disabled")).resolves.toBe(
      "true",
    );
    await checkEverywhere(page, "all-read");
  });
});
