/**
 * The password-reset code (issue 30): its Convex Auth e-mail provider and the mail it sends.
 * The password provider's `reset` flow issues a code through `resetCodeProvider`; its
 * `reset-verification` flow checks it there. Convex Auth keeps one code per account (a newer
 * one replaces the older), deletes a code once it is used, and refuses it after `maxAge`.
 */
import { Email } from "@convex-dev/auth/providers/Email";
import { internal } from "../_generated/api";
import type { ActionCtx } from "../_generated/server";
import { generateVerificationCode } from "./auth-email";
import type { OutgoingMail } from "./mail";

export const RESET_CODE_PROVIDER_ID = "password-reset";
/** 15 minutes: a reset code signs in, so it lives a quarter of a verification code's hour. */
export const RESET_CODE_LIFETIME_SECONDS = 15 * 60;
const SUBJECT = "Reset your DUMY password";

/** The one-click link: the app's reset page with the address and the code filled in. */
export function resetLink(email: string, code: string): string {
  const siteUrl = (process.env.SITE_URL ?? "").replace(/\/+$/, "");
  const query = new URLSearchParams({ email, code });
  return `${siteUrl}/reset-password?${query.toString()}`;
}

export function resetMail(to: string, code: string): OutgoingMail {
  const link = resetLink(to, code);
  // The code is digits and the link our own URL built with URLSearchParams, but escape anyway.
  const safeLink = link.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const text =
    `Your DUMY password reset code is ${code}.\n\nOr open this link to choose a new password:\n${link}\n\n` +
    "The code expires in 15 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.";
  const html =
    `<p>Your DUMY password reset code is <strong style="font-size:20px;letter-spacing:2px">${code}</strong>.</p>` +
    `<p><a href="${safeLink}">Choose a new password</a></p>` +
    "<p>The code expires in 15 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>";
  return { to, subject: SUBJECT, text, html, code, link };
}

/**
 * Like `emailCodeProvider` (see its comment): the code is checked against `params.accountEmail`,
 * so a code mailed to one address never resets another, and Convex Auth's own per-`email`
 * failure count (which strangers can raise) never blocks the owner; signInBackoff bounds guesses.
 * Not a public provider: a reset code is only accepted through the password provider's
 * `reset-verification` flow, which sets the new password in the same step.
 */
export const resetCodeProvider = Email({
  id: RESET_CODE_PROVIDER_ID,
  maxAge: RESET_CODE_LIFETIME_SECONDS,
  authorize: async (params, account) => {
    if (params.accountEmail !== account.providerAccountId) throw new Error("The code is not for this address");
  },
  generateVerificationToken: async () => generateVerificationCode(),
  sendVerificationRequest: async (params, ...rest: unknown[]) => {
    // Convex Auth passes the action ctx as a second argument (not in Auth.js's type).
    const ctx = rest[0] as ActionCtx;
    await ctx.runMutation(internal.mail.queue, resetMail(params.identifier, params.token));
  },
});
