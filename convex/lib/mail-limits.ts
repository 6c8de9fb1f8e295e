/**
 * How many verification e-mails go out (security review item 7): per address, so nobody can
 * bomb someone's inbox through sign-up or resend, and per client, so one browser cannot spray
 * many inboxes. Counted with the rate-limiter component, as chat flood control is.
 */
import { DAY, MINUTE, RateLimiter } from "@convex-dev/rate-limiter";
import { ConvexError } from "convex/values";
import { components } from "../_generated/api";
import type { ActionCtx } from "../_generated/server";
import { AUTH_MESSAGES } from "./auth-messages";

// Windows aligned to the clock (every 10 minutes, each UTC day) rather than the component's
// default random start, so "try again in N minutes" and the daily count are the same for everyone
// and the limits can be tested without a window closing at a random moment mid-test.
const BURST = { kind: "fixed window", rate: 3, period: 10 * MINUTE, start: 0 } as const;
const DAILY = { kind: "fixed window", rate: 10, period: DAY, start: 0 } as const;

const LIMITS = {
  verificationMailPerAddress: BURST,
  verificationMailPerAddressDaily: DAILY,
  verificationMailPerClient: BURST,
  verificationMailPerClientDaily: DAILY,
};

export const mailLimits = new RateLimiter(components.rateLimiter, LIMITS);

type MailLimit = keyof typeof LIMITS;

/** Why a mail is being sent: the resend button words its refusal like the seed's resend failure. */
export type MailReason = "resend" | "account";

/**
 * Takes one mail from every allowance of this address and client, or none when any is used
 * up (checked first, so a refused attempt does not eat the others), throwing how long to wait.
 */
export async function takeMailAllowance(
  ctx: ActionCtx,
  email: string,
  clientId: string,
  reason: MailReason,
): Promise<void> {
  const limits: [MailLimit, string][] = [
    ["verificationMailPerAddress", email],
    ["verificationMailPerAddressDaily", email],
    ["verificationMailPerClient", clientId],
    ["verificationMailPerClientDaily", clientId],
  ];
  let wait = 0;
  for (const [name, key] of limits) {
    const status = await mailLimits.check(ctx, name, { key });
    if (!status.ok) wait = Math.max(wait, status.retryAfter);
  }
  if (wait > 0) throw new ConvexError(mailLimitMessage(wait, reason));
  for (const [name, key] of limits) await mailLimits.limit(ctx, name, { key });
}

export function mailLimitMessage(waitMs: number, reason: MailReason): string {
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE));
  const when = minutes < 120 ? `${minutes} minute${minutes === 1 ? "" : "s"}` : `${Math.ceil(minutes / 60)} hours`;
  return reason === "resend"
    ? `${AUTH_MESSAGES.resendFailed.replace("Please try again.", `Please try again in ${when}.`)}`
    : `Too many verification e-mails for this address. Please try again in ${when}.`;
}
