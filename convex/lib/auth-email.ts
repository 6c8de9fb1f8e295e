import { Email } from "@convex-dev/auth/providers/Email";
import { internal } from "../_generated/api";
import type { ActionCtx } from "../_generated/server";
import { VERIFICATION_CODE_LENGTH } from "../shared/auth-messages";

export const EMAIL_CODE_PROVIDER_ID = "email-code";
const CODE_LIFETIME_SECONDS = 60 * 60;
const SUBJECT = "Your DUMY verification code";

/** Re-exported for the modules that asked auth-email before issue 30 moved mail to lib/mail.ts. */
export { devMailboxEnabled } from "./mail";

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
 * Sends the code through the app's one mail path (lib/mail.ts: the dev mailbox offline, the
 * Resend component on a deployment). Convex Auth calls this from an action, hence the mutation.
 * Throws AUTH_MESSAGES.mailNotSent when no way to send mail is configured.
 */
export async function deliverVerificationMail(ctx: ActionCtx, mail: VerificationMail): Promise<void> {
  await ctx.runMutation(internal.mail.queue, { ...mail, text: mailText(mail), html: mailHtml(mail) });
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
