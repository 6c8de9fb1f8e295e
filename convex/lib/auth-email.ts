import { Email } from "@convex-dev/auth/providers/Email";
import { ConvexError } from "convex/values";
import { internal } from "../_generated/api";
import type { ActionCtx } from "../_generated/server";
import { AUTH_MESSAGES, VERIFICATION_CODE_LENGTH } from "../shared/auth-messages";

export const EMAIL_CODE_PROVIDER_ID = "email-code";
const CODE_LIFETIME_SECONDS = 60 * 60;
const DEFAULT_FROM = "DUMY <onboarding@resend.dev>";
const SUBJECT = "Your DUMY verification code";

/** True when mail goes to the dev mailbox page instead of the internet (PRODUCT D6). */
export function devMailboxEnabled(): boolean {
  return process.env.AUTH_DEV_MAILBOX === "1";
}

/**
 * A uniformly random 8-digit code from the platform's CSPRNG. Rejection sampling keeps every
 * code equally likely (a plain modulo would favour the low codes).
 */
export function generateVerificationCode(): string {
  const range = 10 ** VERIFICATION_CODE_LENGTH;
  const limit = Math.floor(0x1_0000_0000 / range) * range;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? limit;
    if (value < limit) return String(value % range).padStart(VERIFICATION_CODE_LENGTH, "0");
  }
}

/** The one-click link of PRODUCT D6: the app's verify page with the address and the code filled in. */
export function verificationLink(email: string, code: string): string {
  const siteUrl = (process.env.SITE_URL ?? "").replace(/\/+$/, "");
  const query = new URLSearchParams({ email, code });
  return `${siteUrl}/verify-email?${query.toString()}`;
}

export type VerificationMail = { to: string; subject: string; code: string; link: string };

/**
 * Sends the code: into the dev mailbox when the deployment runs with AUTH_DEV_MAILBOX=1,
 * else through Resend when RESEND_API_KEY is set. Without either, nobody could ever verify,
 * so it says so in the server log and fails the sign-up instead of pretending.
 */
export async function deliverVerificationMail(ctx: ActionCtx, mail: VerificationMail): Promise<void> {
  if (devMailboxEnabled()) {
    await ctx.runMutation(internal.devMailbox.deliver, mail);
    return;
  }
  const apiKey = process.env.RESEND_API_KEY;
  if (apiKey) {
    await sendWithResend(apiKey, mail);
    return;
  }
  console.error("No way to send verification e-mail: set RESEND_API_KEY, or AUTH_DEV_MAILBOX=1 for local use.");
  throw new ConvexError(AUTH_MESSAGES.mailNotSent);
}

async function sendWithResend(apiKey: string, mail: VerificationMail): Promise<void> {
  const response = await fetch("https://api.resend.com/emails", {
    method: "POST",
    headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      from: process.env.AUTH_EMAIL_FROM || DEFAULT_FROM,
      to: [mail.to],
      subject: mail.subject,
      text: mailText(mail),
      html: mailHtml(mail),
    }),
  });
  if (!response.ok) {
    console.error(`Resend refused the verification e-mail: ${response.status} ${await response.text()}`);
    throw new ConvexError(AUTH_MESSAGES.mailNotSent);
  }
}

function mailText({ code, link }: VerificationMail): string {
  return `Your DUMY verification code is ${code}.\n\nOr open this link to verify in one click:\n${link}\n\nThe code expires in one hour.`;
}

function mailHtml({ code, link }: VerificationMail): string {
  // The code is digits and the link is built from our own URL and URLSearchParams, but escape anyway.
  const safeLink = link.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return (
    `<p>Your DUMY verification code is <strong style="font-size:20px;letter-spacing:2px">${code}</strong>.</p>` +
    `<p><a href="${safeLink}">Verify my e-mail</a></p><p>The code expires in one hour.</p>`
  );
}

/**
 * The e-mail one-time-code provider behind the Password provider's `verify` step.
 * Convex Auth calls sendVerificationRequest with the action ctx as a second argument
 * (not in Auth.js's type), which is how the code reaches the dev mailbox table.
 *
 * A code is checked against the address in `params.accountEmail`, not Email's default
 * `params.email`: Convex Auth counts failed codes per `params.email` in its own table, and
 * anyone can add to that count with public `auth:signIn` calls that name no provider (they never
 * sign in: this provider is not public). Without `email` in the params of our verification the
 * owner's code is not refused for a stranger's count; our own back-off (signInBackoff.ts)
 * bounds guessing instead.
 */
export const emailCodeProvider = Email({
  id: EMAIL_CODE_PROVIDER_ID,
  maxAge: CODE_LIFETIME_SECONDS,
  authorize: async (params, account) => {
    if (params.accountEmail !== account.providerAccountId) throw new Error("The code is not for this address");
  },
  generateVerificationToken: async () => generateVerificationCode(),
  sendVerificationRequest: async (params, ...rest: unknown[]) => {
    const ctx = rest[0] as ActionCtx;
    const code = params.token;
    await deliverVerificationMail(ctx, {
      to: params.identifier,
      subject: SUBJECT,
      code,
      link: verificationLink(params.identifier, code),
    });
  },
});
