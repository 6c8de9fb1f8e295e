/**
 * Waiting until a screen is what a person would see once it has loaded: the page's requests
 * done, no "Loading" text or busy route, every picture loaded, the fonts in, then a short pause
 * for the last renders. None of these alone is enough: the app's data comes over the Convex
 * WebSocket (invisible to "network idle"), and pictures come after the data that names them.
 */
import type { Page } from "playwright-core";

const NETWORK_IDLE_MS = 10_000;
const READY_MS = 20_000;
const LAST_RENDER_MS = 500;

/** Resolves once the page looks settled; returns what never settled (the shot is still taken). */
export async function settle(page: Page): Promise<string[]> {
  const notes: string[] = [];
  await page.waitForLoadState("networkidle", { timeout: NETWORK_IDLE_MS }).catch(() => {
    notes.push(`the network was still busy after ${NETWORK_IDLE_MS} ms`);
  });
  await page
    .waitForFunction(pageLooksReady, undefined, { timeout: READY_MS, polling: 100 })
    .catch(async () => notes.push(`still not ready after ${READY_MS} ms: ${await page.evaluate(whatIsPending)}`));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(LAST_RENDER_MS);
  return notes;
}

/** Runs in the page. Lazy pictures below the fold would never load for a full-page shot, so they are made eager. */
function pageLooksReady(): boolean {
  for (const image of document.images) if (image.loading === "lazy") image.loading = "eager";
  return (
    !/Loading/.test(document.body.innerText) &&
    document.querySelector('[aria-busy="true"], [role="progressbar"]') === null &&
    [...document.images].every((image) => image.complete)
  );
}

/** Runs in the page: why pageLooksReady is false, for the note. */
function whatIsPending(): string {
  const pending: string[] = [];
  if (/Loading/.test(document.body.innerText)) pending.push('"Loading" is shown');
  if (document.querySelector('[aria-busy="true"], [role="progressbar"]') !== null) pending.push("a busy element");
  const images = [...document.images].filter((image) => !image.complete).map((image) => image.src);
  if (images.length > 0) pending.push(`pictures loading: ${images.join(", ")}`);
  return pending.join("; ") || "nothing (it settled late)";
}
