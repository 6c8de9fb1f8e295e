/**
 * How many verification e-mails go out (security review item 7): per address, so nobody can
 * bomb someone's inbox through sign-up or resend, and per client, so one browser cannot spray
 * many inboxes. Counted with the rate-limiter component, as chat flood control is.
 */
import { DAY, MINUTE, RateLimiter } from "@convex-dev/rate-limiter";
import { v, type Infer } from "convex/values";
import { components, internal } from "../_generated/api";
import type { ActionCtx } from "../_generated/server";
import { AUTH_MESSAGES } from "../shared/auth-messages";

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

/**
 * Why a mail is being sent: the resend button words its refusal like the seed's resend failure;
 * a password reset takes from the same allowances (one inbox, one budget) but names itself.
 */
export const mailReasonValidator = v.union(
  v.literal("resend"),
  v.literal("account"),
  v.literal("reset"),
  v.literal("emailChange"),
);
export type MailReason = Infer<typeof mailReasonValidator>;

/** The allowances one mail to `email`, asked for by `clientId`, takes from. */
export function mailLimitsOf(email: string, clientId: string): [MailLimit, string][] {
  return [
    ["verificationMailPerAddress", email],
    ["verificationMailPerAddressDaily", email],
    ["verificationMailPerClient", clientId],
    ["verificationMailPerClientDaily", clientId],
  ];
}

/** Takes one mail from every allowance, or throws how long to wait (mailAllowances.take). */
export async function takeMailAllowance(
  ctx: ActionCtx,
  email: string,
  clientId: string,
  reason: MailReason,
): Promise<void> {
  await ctx.runMutation(internal.mailAllowances.take, { email, clientId, reason });
}

export function mailLimitMessage(waitMs: number, reason: MailReason): string {
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE));
  const when = minutes < 120 ? `${minutes} minute${minutes === 1 ? "" : "s"}` : `${Math.ceil(minutes / 60)} hours`;
  if (reason === "reset") return `Too many password reset e-mails. Please try again in ${when}.`;
  if (reason === "emailChange") return `Too many e-mail change codes. Please try again in ${when}.`;
  return reason === "resend"
    ? `${AUTH_MESSAGES.resendFailed.replace("Please try again.", `Please try again in ${when}.`)}`
    : `Too many verification e-mails for this address. Please try again in ${when}.`;
}
