/**
 * Duma in real Chromium against the local backend (issue #15): swipe by keyboard, by the Yes
 * button and by dragging the card; a short drag springs back; an element driven to 0 ends the
 * world (∞) and the next swipe restarts; the reign shows on the games page's live leaderboard;
 * the card editor refuses a deck that is not an array and plays a valid one of the player's own;
 * played with Enter, the buttons keep the keyboard focus.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type App } from "./harness/app";
import { seriousAxeViolations } from "./harness/accessibility";
import { launchBrowser, PHONE_VIEWPORT, screenshot } from "./harness/browser";
import { signedInPage, type SignedIn } from "./harness/users";

const LIVE_TIMEOUT_MS = 10_000;
const PLAYER = { name: "Petra", email: "petra@example.com" };

const cardTitle = (page: Page) => page.getByTestId("duma-card").getByRole("heading");
const time = (page: Page) => page.getByTestId("duma-time");
/** The text of the button that has the keyboard focus, or null when the focus is elsewhere. */
const focusedButton = (page: Page) =>
  page.evaluate(() => (document.activeElement?.tagName === "BUTTON" ? document.activeElement.textContent : null));

/** Waits until the element's meter reads `value`. */
async function expectMeter(page: Page, name: string, value: number) {
  await page
    .locator(`[role="meter"][aria-label="${name}"][aria-valuenow="${value}"]`)
    .waitFor({ timeout: LIVE_TIMEOUT_MS });
}

async function expectCard(page: Page, title: string) {
  await page.getByTestId("duma-card").getByRole("heading", { name: title }).waitFor({ timeout: LIVE_TIMEOUT_MS });
}

/** Drags the card sideways by `dx` pixels with the mouse, in small steps like a hand would. */
async function dragCard(page: Page, dx: number) {
  // Right after load the still card gives way to the draggable one: measure the card in place.
  const card = page.getByTestId("duma-card");
  const box = (await card.boundingBox()) ?? (await card.boundingBox());
  if (!box) throw new Error("no card on the table");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 3;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 12 });
  await page.mouse.up();
}

/** Swipes the card with a finger: real touch events through Chromium's DevTools protocol. */
async function touchSwipe(page: Page, dx: number) {
  const card = page.getByTestId("duma-card");
  const box = (await card.boundingBox()) ?? (await card.boundingBox());
  if (!box) throw new Error("no card on the table");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 3;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (let step = 1; step <= 10; step++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x + (dx * step) / 10, y }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

describe("Duma journey", () => {
  let app: App;
  let browser: Browser;
  let player: SignedIn;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    player = await signedInPage(browser, app, PLAYER, "/duma");
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("starts with every element at 1 and the time at 0 'Time before existence'", async () => {
    const page = player.page;
    await expectCard(page, "The First Spark");
    await expect(time(page).textContent()).resolves.toBe("0 days");
    await expect(page.getByText("Time before existence", { exact: true }).isVisible()).resolves.toBe(true);
    for (const name of ["Air", "Earth", "Fire", "Water"]) {
      await expectMeter(page, name, 1);
    }
    await screenshot(page, "duma-start-1280");
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("swipes by a drag or a touch made first thing on a fresh page", async () => {
    // The first paint shows a still card until framer-motion's card has loaded: a drag made at
    // once swipes whichever of the two takes it.
    const page = await player.context.newPage();
    await page.goto(new URL("/duma", app.url).href);
    await expectCard(page, "The First Spark");
    await dragCard(page, 320);
    await expectCard(page, "The First Breath");
    await page.close();

    const phone = await browser.newContext({
      viewport: PHONE_VIEWPORT,
      hasTouch: true,
      storageState: await player.context.storageState(),
    });
    const touchPage = await phone.newPage();
    await touchPage.goto(new URL("/duma", app.url).href);
    await expectCard(touchPage, "The First Spark");
    await touchSwipe(touchPage, 200);
    await expectCard(touchPage, "The First Breath");
    await phone.close();
  });

  it("swipes yes with ArrowRight, d and the Yes button, each moving its element and the time", async () => {
    const page = player.page;
    await page.keyboard.press("ArrowRight");
    await expectCard(page, "The First Breath");
    await expectMeter(page, "Fire", 50);
    await expect(time(page).textContent()).resolves.toBe("1 day");
    await expect(page.getByText("Since the first spark", { exact: true }).isVisible()).resolves.toBe(true);

    await page.keyboard.press("d");
    await expectCard(page, "The First Rain");
    await expectMeter(page, "Air", 50);

    await page.getByRole("button", { name: "Yes", exact: true }).click();
    await expectCard(page, "The Rising Land");
    await expectMeter(page, "Water", 50);
    await expect(time(page).textContent()).resolves.toBe("4 days");
  });

  it("leans the card toward yes while dragged, springs back when let go short, swipes when dragged far", async () => {
    const page = player.page;
    const box = await page.getByTestId("duma-card").boundingBox();
    const x = box!.x + box!.width / 2;
    const y = box!.y + box!.height / 3;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 80, y, { steps: 8 });
    // Leaning shows what yes does: the card's answer and the change beside the earth meter.
    await page.getByText("Yes: Shores and mountains appear.").waitFor();
    await page.getByText("Earth would change by").waitFor({ state: "attached" });
    await screenshot(page, "duma-lean-1280");
    await page.mouse.up();
    // 80 px is short of 30 % of half of 1280 px (192 px): the card comes back and stays.
    await page.waitForTimeout(500);
    await expectCard(page, "The Rising Land");
    await expect(time(page).textContent()).resolves.toBe("4 days");

    await dragCard(page, 320);
    await expectCard(page, "The Fire Mountain");
    await expectMeter(page, "Earth", 50);
    await expect(time(page).textContent()).resolves.toBe("7 days");
  });

  it("ends the world when an element reaches 0, shows ∞, and restarts on the next swipe", async () => {
    const page = player.page;
    // The Fire Mountain's no: fire −15, water +10, earth −5; then the Green Shore's no, and so on,
    // until some element runs out. Dragging left is a no too.
    await dragCard(page, -320);
    await expectCard(page, "The Green Shore");
    await expectMeter(page, "Fire", 35);
    for (let swipes = 0; swipes < 20; swipes++) {
      if ((await time(page).textContent()) === "∞") break;
      const before = await cardTitle(page).textContent();
      await page.keyboard.press("ArrowLeft");
      await page.waitForFunction(
        (title) => document.querySelector('[data-testid="duma-card"] h2')?.textContent !== title,
        before,
      );
    }
    await expect(time(page).textContent()).resolves.toBe("∞");
    await page.getByRole("button", { name: "Begin again" }).waitFor();
    const ending = await cardTitle(page).textContent();
    expect(ending).toMatch(/^The /);
    await screenshot(page, "duma-ending-1280");
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.keyboard.press("a");
    await expectCard(page, "The First Spark");
    await expect(time(page).textContent()).resolves.toBe("0 days");
    await expectMeter(page, "Fire", 1);
  });

  it("records the reign as the player's longest and shows it on the games page's leaderboard", async () => {
    const page = player.page;
    await page
      .getByText(/Your longest reign/)
      .first()
      .waitFor();
    await page.getByRole("link", { name: "See the longest reigns" }).click();
    await page.waitForURL(/\/games$/);
    const board = page.getByRole("list", { name: "Longest reigns" });
    await board.getByText("Petra").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect(board.getByRole("listitem").count()).resolves.toBe(1);
    await expect(page.getByRole("link", { name: "Play Duma" }).first().isVisible()).resolves.toBe(true);
    await screenshot(page, "games-1280");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Play Duma" }).first().click();
    await expectCard(page, "The First Spark");
  });

  it("refuses a deck that is not an array with the original's message, then plays a valid own deck", async () => {
    const page = player.page;
    await page.getByRole("button", { name: "Edit cards" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit your cards" });
    await dialog.getByLabel("Cards (JSON array)").fill('{"id": "not-a-list"}');
    await dialog.getByRole("button", { name: "Save cards" }).click();
    await expect(dialog.getByRole("alert").textContent()).resolves.toBe(
      "Error saving flashcards: Flashcards must be arrays",
    );
    // Typing d or ArrowRight in the editor types; it does not swipe the card underneath.
    await dialog.getByLabel("Cards (JSON array)").press("d");
    await screenshot(page, "duma-editor-error-1280");
    expect(await seriousAxeViolations(page)).toEqual([]);

    const comet = {
      id: "comet",
      image: "/duma/fire-mountain.svg",
      title: "The Comet",
      question: "A comet streaks toward your world. Let it strike?",
      effects: {
        yes: { air: 0, earth: 0, fire: 99, water: 0, time: 30, timeLabel: "Since the comet" },
        no: { air: 5, earth: 0, fire: 0, water: 0, time: 1, timeLabel: "Since the comet passed" },
      },
      description: { yes: "Fire from the sky.", no: "It sails on by." },
      color: { yes: "#b91c1c", no: "#1e40af" },
    };
    await dialog.getByLabel("Cards (JSON array)").fill(JSON.stringify([comet], null, 2));
    await dialog.getByLabel("Endings (JSON array)").fill("[]");
    await dialog.getByRole("button", { name: "Save cards" }).click();
    await dialog.waitFor({ state: "hidden", timeout: LIVE_TIMEOUT_MS });

    await expectCard(page, "The Comet");
    await page.getByText("You are playing your own deck.").waitFor();
    await page.keyboard.press("ArrowLeft");
    await expectMeter(page, "Air", 6);
    await expectCard(page, "The Comet");
    await page.keyboard.press("ArrowRight");
    // Its yes sets fire to 100; with no endings of its own the story's ending shows.
    await expectCard(page, "The Burning");
    await expect(time(page).textContent()).resolves.toBe("∞");
  });

  it("keeps the keyboard focus on the buttons played with Enter, while the card flies and through an ending", async () => {
    const page = player.page;
    // The world has ended (The Burning): Begin again, then No twice and Yes, all with Enter.
    await page.getByRole("button", { name: "Begin again" }).focus();
    await page.keyboard.press("Enter");
    await expectCard(page, "The Comet");
    await expect(focusedButton(page)).resolves.toBe("Yes");
    await page.keyboard.press("Shift+Tab");
    await expect(focusedButton(page)).resolves.toBe("No");
    await page.keyboard.press("Enter");
    await expectMeter(page, "Air", 6);
    await expect(focusedButton(page)).resolves.toBe("No");
    await page.keyboard.press("Enter");
    await expectMeter(page, "Air", 11);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expectCard(page, "The Burning");
    await expect(focusedButton(page)).resolves.toBe("Begin again");
  });

  it("fits a 390 px phone and swipes by touch, with reduced motion honoured", async () => {
    const context = await browser.newContext({
      viewport: PHONE_VIEWPORT,
      hasTouch: true,
      reducedMotion: "reduce",
      storageState: await player.context.storageState(),
    });
    const page = await context.newPage();
    await page.goto(new URL("/duma", app.url).href);
    await expectCard(page, "The Comet");
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    await screenshot(page, "duma-own-deck-390");
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Back to the story through the editor's reset.
    await page.getByRole("button", { name: "Edit cards" }).click();
    await page.getByRole("button", { name: "Reset to built-in deck" }).click();
    await page
      .getByRole("dialog", { name: "Reset to the built-in deck?" })
      .getByRole("button", { name: "Reset" })
      .click();
    await expectCard(page, "The First Spark");

    await page.keyboard.press("ArrowRight");
    await expectCard(page, "The First Breath");
    await touchSwipe(page, 200);
    await expectCard(page, "The First Rain");
    await expectMeter(page, "Air", 50);
    await screenshot(page, "duma-390");
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(new URL("/games", app.url).href);
    await page.getByRole("list", { name: "Longest reigns" }).getByText("Petra").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await screenshot(page, "games-390");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
