import { ConvexError } from "convex/values";
import type { Id } from "./_generated/dataModel";
import { query } from "./_generated/server";
import { devMailboxEnabled } from "./lib/mail";
import { AUTH_MESSAGES } from "./shared/auth-messages";

const MAILBOX_PAGE = 50;

/** One card of the page; a notice mail has no code or link, rows from before issue 30 no text. */
export type MailboxMessage = {
  _id: Id<"devMailbox">;
  _creationTime: number;
  to: string;
  subject: string;
  text?: string;
  code?: string;
  link?: string;
};

/**
 * The newest messages for the /dev/mailbox page. No login: reading your code here is how you
 * verify locally. Off unless AUTH_DEV_MAILBOX=1, so a real deployment never shows anyone's codes.
 * Mail gets here through queueMail (lib/mail.ts), never through a function of this module.
 */
export const list = query({
  args: {},
  handler: async (ctx): Promise<MailboxMessage[]> => {
    if (!devMailboxEnabled()) throw new ConvexError(AUTH_MESSAGES.mailboxUnavailable);
    const messages = await ctx.db.query("devMailbox").order("desc").take(MAILBOX_PAGE);
    return messages.map(({ _id, _creationTime, to, subject, text, code, link }) => ({
      _id,
      _creationTime,
      to,
      subject,
      text,
      code,
      link,
    }));
  },
});
