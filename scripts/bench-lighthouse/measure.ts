/**
 * One Lighthouse run (default mobile preset: simulated slow 4G, 4× CPU slowdown; HTTP cache
 * emptied first) of one page in the browser's default profile, whose localStorage holds the
 * viewer's Convex Auth tokens and the saved theme: Lighthouse clears the origin's caches and
 * service workers before a run but keeps localStorage, as a returning visitor's browser has it.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import lighthouse from "lighthouse";
import type { Browser, Page } from "puppeteer-core";
import { THEME_STORAGE_KEY } from "../../src/lib/theme";
import { authStorage, signInTokens } from "../../tests/e2e/harness/users";
import type { DemoApp, DemoUser } from "../screenshots/demo-app";

export type Theme = "light" | "dark";

export type FailingAudit = { id: string; title: string; where: string[] };

export type Run = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptKB: number;
  /** Lighthouse's measure of this machine's speed during the run (a quiet desktop is ~1000–2000). */
  benchmarkIndex: number;
  /** Accessibility and best-practices audits that did not pass, with a few of the places. */
  failing: FailingAudit[];
};

/**
 * Empties the origin's storage (tokens, keys and databases of the route before), gives its
 * localStorage the saved theme and, for a user, fresh tokens of theirs (a refresh token may be
 * used once), then lets the app start once signed in, as a returning user's browser would have
 * it. A signed-out page stays a first visit (with a saved theme).
 */
export async function prepareStorage(browser: Browser, app: DemoApp, theme: Theme, user: DemoUser | null) {
  const entries: { name: string; value: string }[] = [{ name: THEME_STORAGE_KEY, value: theme }];
  // signInTokens reads only the e-mail and password (the harness's user type also wants a name).
  if (user !== null)
    entries.push(...authStorage(app.url, await signInTokens(app.engine, { name: user.email, ...user })));
  const page = await browser.newPage();
  try {
    await emulateTheme(page, theme);
    // A static file of the origin: no app running that could write its own tokens back meanwhile.
    await page.goto(`${app.url}/images/logo.svg`);
    const session = await page.createCDPSession();
    await session.send("Storage.clearDataForOrigin", {
      origin: new URL(app.url).origin,
      storageTypes: "cookies,local_storage,indexeddb",
    });
    await page.evaluate((items) => {
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, entries);
    if (user !== null) await page.goto(`${app.url}/`, { waitUntil: "networkidle0" });
  } finally {
    await page.close();
  }
}

/** prefers-color-scheme as the theme, for the page's lifetime (Lighthouse leaves media emulation alone). */
async function emulateTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: theme }]);
}

/** Runs Lighthouse once; throws when the page could not be measured as asked (error, redirect, other theme). */
export async function measure(browser: Browser, url: string, theme: Theme, reportDir?: string): Promise<Run> {
  const page = await browser.newPage();
  try {
    await emulateTheme(page, theme);
    const result = await lighthouse(
      url,
      { logLevel: "error", output: "json", onlyCategories: ["performance", "accessibility", "best-practices"] },
      undefined,
      page,
    );
    if (!result) throw new Error("Lighthouse returned nothing");
    const { lhr } = result;
    if (reportDir !== undefined) {
      mkdirSync(reportDir, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, "_")}-${theme}-${Date.now()}.json`;
      writeFileSync(path.join(reportDir, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const landed = new URL(lhr.finalDisplayedUrl);
    if (landed.pathname !== new URL(url).pathname) throw new Error(`the app sent the page on to ${landed.pathname}`);
    const shown = await page.evaluate(() => ({
      theme: document.documentElement.getAttribute("data-theme"),
      dark: matchMedia("(prefers-color-scheme: dark)").matches,
    }));
    if (shown.theme !== theme) throw new Error(`the page showed the ${String(shown.theme)} theme`);
    if (shown.dark !== (theme === "dark")) throw new Error(`prefers-color-scheme was not ${theme}`);
    return summary(lhr);
  } finally {
    await page.close();
  }
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
type Details = { items?: Record<string, unknown>[] } | undefined;

function summary(lhr: Result): Run {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const resources = (lhr.audits["resource-summary"]?.details as Details)?.items ?? [];
  const scriptBytes = Number(resources.find((item) => item.resourceType === "script")?.transferSize ?? 0);
  const failing = ["accessibility", "best-practices"].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => {
        const audit = lhr.audits[ref.id]!;
        const items = (audit.details as Details)?.items ?? [];
        return { id: ref.id, title: audit.title, where: items.slice(0, 3).map(place) };
      }),
  );
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    scriptKB: scriptBytes / 1024,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failing,
  };
}

/** Where a failing audit's item is: its element (and why), its message (a console error's first two lines) or its address. */
function place(item: Record<string, unknown>): string {
  const node = item.node as { selector?: string; snippet?: string; explanation?: string } | undefined;
  if (node !== undefined) {
    const why = node.explanation?.split("\n").slice(0, 2).join(" ") ?? "";
    return `${node.selector ?? node.snippet ?? "?"}${why === "" ? "" : ` (${why})`}`;
  }
  const text = [item.description, item.url, item.label, item.source].find((value) => typeof value === "string");
  return typeof text === "string" ? text.split("\n").slice(0, 2).join(" ").slice(0, 300) : JSON.stringify(item);
}
