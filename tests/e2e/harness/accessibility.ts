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

/** Runs axe on the page as it is now and returns its serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
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
