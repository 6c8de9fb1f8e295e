/**
 * axe in the browser journeys: every screen a journey visits must have no violation of
 * serious or critical impact (ARCHITECTURE budgets). Minor and moderate findings are returned
 * for the journey to print, not to fail on.
 */
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe on the page once its animations and transitions have settled, and returns its serious
 * and critical violations. Half-faded text (a toast sliding in, a card springing back) would
 * otherwise be measured at its passing opacity and fail colour contrast by chance.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  // An endless animation (a spinner) never settles, and is not what is being waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? "unknown",
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}
