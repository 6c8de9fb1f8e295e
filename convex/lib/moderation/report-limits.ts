/**
 * Reports are limited per person with the rate-limiter component, as chat messages and mails
 * are: enough to report everything a real person meets in a bad moment, not enough to flood
 * the moderators' queue from a script (each report is a row they must read).
 */
import { DAY, MINUTE, RateLimiter } from "@convex-dev/rate-limiter";
import { components } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { takeAllowance, waitInMinutes } from "../allowance";

export const reportLimits = new RateLimiter(components.rateLimiter, {
  reportBurst: { kind: "token bucket", rate: 10, period: 10 * MINUTE, capacity: 10 },
  // Each UTC day, as the mail limits count (mail-limits.ts).
  reportDaily: { kind: "fixed window", rate: 50, period: DAY, start: 0 },
});

/** "You have sent many reports in a short time. You can report again in 3 min." */
export function tooManyReportsMessage(retryAfterMs: number): string {
  return `You have sent many reports in a short time. You can report again in ${waitInMinutes(retryAfterMs)} min.`;
}

/** Takes one report from the caller's allowance, or throws how long to wait. */
export async function takeReportAllowance(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  for (const name of ["reportBurst", "reportDaily"] as const) {
    await takeAllowance(reportLimits, ctx, name, userId, tooManyReportsMessage);
  }
}
