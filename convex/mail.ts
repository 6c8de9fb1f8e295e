import { components } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import { outgoingMailValidator, queueMail } from "./lib/mail";

/** Sent mail (addresses and codes) stays in the resend component this long, for its delivery status. */
const SENT_MAIL_KEPT_MS = 24 * 60 * 60 * 1000;
/** Mail the component never managed to send is given up on and forgotten after a week. */
const UNSENT_MAIL_KEPT_MS = 7 * SENT_MAIL_KEPT_MS;

/** For actions (Convex Auth's providers run in one): `ctx.runMutation(internal.mail.queue, mail)`. */
export const queue = internalMutation({
  args: outgoingMailValidator,
  handler: async (ctx, mail) => {
    await queueMail(ctx, mail);
  },
});

/**
 * The resend component keeps every mail it sent, codes and addresses included, until asked to
 * forget it: sent mail goes after a day, mail it never managed to send after a week.
 */
export const forgetOldMail = internalMutation({
  args: {},
  handler: async (ctx) => {
    await ctx.runMutation(components.resend.lib.cleanupOldEmails, { olderThan: SENT_MAIL_KEPT_MS });
    await ctx.runMutation(components.resend.lib.cleanupAbandonedEmails, { olderThan: UNSENT_MAIL_KEPT_MS });
  },
});
