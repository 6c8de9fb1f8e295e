/**
 * `capture`: every screen of ./screens.ts at each width, signed out, signed in as the demo user
 * Alice, and as Carol made a moderator, as full-page PNGs `<out>/<screen>-<width>.png` (dialogs:
 * the window only).
 *
 * Two runs of the same code must give the same pixels, so that a difference between two builds
 * means the build changed something: the demo content and the browser's clock are fixed
 * (./demo-app.ts), Math.random is seeded, requests to other sites are refused at once (the home
 * page asks a picture service; no network here, and a slow failure would come and go), the
 * locale and time zone are fixed, animations and the caret are off, and every shot waits for the
 * page to settle (./settle.ts).
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { authStorage, signInTokens } from "../../tests/e2e/harness/users";
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT } from "../../tests/e2e/harness/browser";
import { THEME_STORAGE_KEY } from "../../src/lib/theme";
import { ALICE, BROWSER_TIME, startDemoApp, type DemoApp, type DemoUser } from "./demo-app";
import { MODERATOR_SCREENS, SIGNED_OUT_SCREENS, signedInScreens, type Screen } from "./screens";
import { settle } from "./settle";

export type Theme = "light" | "dark";
export type CaptureOptions = {
  outDir: string;
  clientDir: string;
  theme: Theme;
  /** Also run axe on every screen, after it settles and before the shot. */
  axe?: boolean;
  /** Take no pictures (with `axe`: check the screens only). */
  noShots?: boolean;
};
/** An axe violation on one screen, of any impact. */
export type AxeFinding = { screen: string; id: string; impact: string; help: string; targets: string[] };
/** A Content-Security-Policy violation the browser reported on one screen (SECURITY.md, "Headers"). */
export type CspViolation = { screen: string; message: string };
export type CaptureResult = { failures: number; axeFindings: AxeFinding[]; cspViolations: CspViolation[] };

const VIEWPORTS = [DESKTOP_VIEWPORT, PHONE_VIEWPORT] as const;
type Viewport = (typeof VIEWPORTS)[number];

/**
 * Returns how many screens failed (each is reported as it fails; the others are still captured)
 * and, with `axe`, every violation axe found.
 */
export async function capture(options: CaptureOptions): Promise<CaptureResult> {
  const { outDir, clientDir, theme } = options;
  if (!existsSync(path.join(clientDir, "index.html"))) {
    throw new Error(`No built client in ${clientDir}: run \`npx vite build\` first (or pass --client DIR).`);
  }
  mkdirSync(outDir, { recursive: true });
  const app = await startDemoApp(clientDir);
  let browser: Browser | undefined;
  let failures = 0;
  const axeFindings: AxeFinding[] = [];
  const cspViolations: CspViolation[] = [];
  try {
    browser = await launchBrowser();
    console.log(`Capturing ${theme} screens of ${clientDir} (served at ${app.url}) into ${outDir}`);
    const sessions: { user: DemoUser | null; screens: readonly Screen[] }[] = [
      { user: null, screens: SIGNED_OUT_SCREENS },
      { user: ALICE, screens: signedInScreens(app.ids) },
      { user: app.moderator, screens: app.moderator === null ? [] : MODERATOR_SCREENS },
    ];
    for (const viewport of VIEWPORTS) {
      for (const { user, screens } of sessions) {
        if (screens.length === 0) continue;
        const context = await newContext(browser, app, viewport, theme, user);
        failures += await captureAll(context, app, screens, viewport, options, axeFindings, cspViolations);
        await context.close();
      }
    }
  } finally {
    await browser?.close();
    await app.close();
  }
  return { failures, axeFindings, cspViolations };
}

/**
 * A browser context made for stable shots. With a user, it holds fresh tokens of theirs where
 * ConvexAuthProvider looks for them (one sign-in per context: a refresh token may be used once).
 * The theme goes both to the browser (prefers-color-scheme) and to the saved choice (src/lib/theme.ts).
 */
async function newContext(
  browser: Browser,
  app: DemoApp,
  viewport: Viewport,
  theme: Theme,
  user: DemoUser | null,
): Promise<BrowserContext> {
  const localStorage: { name: string; value: string }[] = [{ name: THEME_STORAGE_KEY, value: theme }];
  if (user !== null) {
    // signInTokens reads only the e-mail and password (the harness's user type also wants a name).
    const tokens = await signInTokens(app.engine, { name: user.email, ...user });
    localStorage.push(...authStorage(app.url, tokens));
  }
  const context = await browser.newContext({
    viewport,
    colorScheme: theme,
    reducedMotion: "reduce",
    locale: "en-US",
    timezoneId: "UTC",
    storageState: { cookies: [], origins: [{ origin: app.url, localStorage }] },
  });
  // Date.now stands still while timers run normally (the Convex client's sync keeps working).
  await context.clock.setFixedTime(BROWSER_TIME);
  await context.addInitScript(seedMathRandom);
  const origin = new URL(app.url).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort("internetdisconnected"),
  );
  return context;
}

/**
 * Runs in the page before its scripts: Math.random from a fixed seed (mulberry32), a different one
 * for each page load of the tab (counted in sessionStorage). One seed for every load gave every
 * load the same Convex client session id (the client makes it with Math.random), and the backend,
 * which answers a repeated (session, request) with the recorded result, answered a chat room's
 * first heartbeat with an earlier page's mutation result.
 */
function seedMathRandom(): void {
  let load = 1;
  try {
    load = Number(sessionStorage.getItem("screens:load") ?? "0") + 1;
    sessionStorage.setItem("screens:load", String(load));
  } catch {
    // about:blank has no storage; it loads no app either.
  }
  let state = 0x2f6b_1a3d ^ Math.imul(load, 0x9e37_79b9);
  Math.random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function captureAll(
  context: BrowserContext,
  app: DemoApp,
  screens: readonly Screen[],
  viewport: Viewport,
  options: CaptureOptions,
  axeFindings: AxeFinding[],
  cspViolations: CspViolation[],
): Promise<number> {
  const page = await context.newPage();
  let current = "";
  // Chromium reports every blocked script, style, picture or connection as a console error.
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Content Security Policy")) {
      cspViolations.push({ screen: current, message: message.text() });
      console.error(`CSP on ${current}: ${message.text()}`);
    }
  });
  let failures = 0;
  for (const screen of screens) {
    current = `${screen.name}-${viewport.width}`;
    const file = path.join(options.outDir, `${screen.name}-${viewport.width}.png`);
    if (typeof screen.path !== "string") {
      console.log(`skipped ${path.basename(file)}: ${screen.path.skip}`);
      continue;
    }
    try {
      const findings = await shoot(page, new URL(screen.path, app.url).href, screen, file, options);
      axeFindings.push(...findings);
      for (const finding of findings) {
        console.error(
          `axe on ${path.basename(file)}: ${finding.impact} ${finding.id} (${finding.help}) at ${finding.targets.join(", ")}`,
        );
      }
      if (options.noShots !== true) console.log(file);
    } catch (error) {
      failures++;
      console.error(
        `FAILED ${path.basename(file)} (${screen.path}): ${error instanceof Error ? error.message : error}`,
      );
    }
  }
  await page.close();
  return failures;
}

async function shoot(
  page: Page,
  url: string,
  screen: Screen,
  file: string,
  options: CaptureOptions,
): Promise<AxeFinding[]> {
  await page.goto(url);
  const notes = await settle(page);
  const viewport = page.viewportSize();
  try {
    if (screen.act !== undefined) {
      // A dialog is shot as the window shows it: it sits in the window, over the page.
      await screen.act(page);
      await page.getByRole("dialog").first().waitFor({ state: "visible", timeout: 10_000 });
      // The pointer stays where it clicked, over whatever the dialog put there (a hover colour
      // that Chromium applies sooner or later): it goes to the corner, over nothing.
      await page.mouse.move(0, 0);
      notes.push(...(await settle(page)));
    } else if (options.noShots !== true) {
      // A full-page shot of a page taller than the window would paint the fixed bottom bar where
      // the window ended, over the content; a window as tall as the page puts it at the page's foot.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      if (viewport !== null && height > viewport.height) {
        await page.setViewportSize({ width: viewport.width, height });
        notes.push(...(await settle(page)));
      }
    }
    for (const note of notes) console.warn(`note on ${path.basename(file)}: ${note}`);
    const findings = options.axe === true ? await axeFindingsOn(page, path.basename(file, ".png")) : [];
    if (options.noShots === true) return findings;
    // "disabled" ends finite animations and rewinds infinite ones (spinners), so a frame is never caught mid-way.
    await page.screenshot({ path: file, fullPage: screen.act === undefined, animations: "disabled", caret: "hide" });
    return findings;
  } finally {
    if (viewport !== null) await page.setViewportSize(viewport);
  }
}

/** Every axe violation on the page as it is now, of any impact (the budget is 0 violations). */
async function axeFindingsOn(page: Page, screen: string): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({
    screen,
    id: violation.id,
    impact: violation.impact ?? "unknown",
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
}
