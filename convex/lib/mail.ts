/**
 * The one way the app sends e-mail (issue 30): verification, password reset, e-mail change and
 * notices all go through `queueMail`. Offline (AUTH_DEV_MAILBOX=1) a mail lands in the dev
 * mailbox table that /dev/mailbox shows; on a deployment it is queued in the @convex-dev/resend
 * component, which sends it from a workpool with retries and idempotency. With neither configured,
 * or without the settings a real sender needs (lib/deployment-settings.ts), nobody could receive
 * a working mail, so it fails loudly, naming the setting, instead of pretending.
 */
import { Resend } from "@convex-dev/resend";
import { ConvexError, v, type ObjectType } from "convex/values";
import { components } from "../_generated/api";
import type { MutationCtx } from "../_generated/server";
import { AUTH_MESSAGES } from "../shared/auth-messages";
import { describeProblems, mailSettingProblems } from "./deployment-settings";

/** The arguments of internal.mail.queue; `code`/`link` are shown big on /dev/mailbox. */
export const outgoingMailValidator = {
  to: v.string(),
  subject: v.string(),
  text: v.string(),
  html: v.string(),
  code: v.optional(v.string()),
  link: v.optional(v.string()),
};

/** Typed from the validator so the two cannot drift apart. */
export type OutgoingMail = ObjectType<typeof outgoingMailValidator>;

/** True when mail goes to the dev mailbox page instead of the internet (PRODUCT D6). */
export function devMailboxEnabled(): boolean {
  return process.env.AUTH_DEV_MAILBOX === "1";
}

/**
 * Queues one mail in the same transaction as the caller's writes, so a mail goes out exactly when
 * the change that asked for it commits. Throws AUTH_MESSAGES.mailNotSent, logging
 * which setting is missing, when mail cannot work.
 */
export async function queueMail(ctx: MutationCtx, mail: OutgoingMail): Promise<void> {
  if (devMailboxEnabled()) {
    await ctx.db.insert("devMailbox", mailboxRow(mail));
    return;
  }
  const problems = mailSettingProblems();
  if (problems.length > 0) {
    console.error(`Mail not sent. ${describeProblems(problems)}`);
    throw new ConvexError(AUTH_MESSAGES.mailNotSent);
  }
  await resendMailer(process.env.RESEND_API_KEY!).sendEmail(ctx, {
    from: process.env.AUTH_EMAIL_FROM!,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
  });
}

/**
 * The dev mailbox keeps what the page shows; the HTML body is left out (the text says the same).
 * Absent `code`/`link` stay absent rather than stored as undefined fields.
 */
function mailboxRow({ to, subject, text, code, link }: OutgoingMail): Omit<OutgoingMail, "html"> {
  return { to, subject, text, ...(code === undefined ? {} : { code }), ...(link === undefined ? {} : { link }) };
}

/**
 * Built per mail rather than once per module so the key is read when the mail is sent (a changed
 * environment variable takes effect at once). testMode off: real members' addresses, not only
 * Resend's test inboxes.
 */
function resendMailer(apiKey: string): Resend {
  return new Resend(components.resend, { apiKey, testMode: false });
}
