import { ConvexError, v } from "convex/values";
import { internalMutation, query } from "./_generated/server";
import { devMailboxEnabled } from "./lib/auth-email";
import { AUTH_MESSAGES } from "./shared/auth-messages";

const MAILBOX_PAGE = 50;

/** Stores a message the app would have e-mailed; only reachable when the dev mailbox is on. */
export const deliver = internalMutation({
  args: { to: v.string(), subject: v.string(), code: v.string(), link: v.string() },
  handler: async (ctx, mail) => {
    if (!devMailboxEnabled()) throw new ConvexError(AUTH_MESSAGES.mailboxUnavailable);
    await ctx.db.insert("devMailbox", mail);
  },
});

/**
 * The newest messages for the /dev/mailbox page. No login: reading your code here is how you
 * verify locally. Off unless AUTH_DEV_MAILBOX=1, so a real deployment never shows anyone's codes.
 */
export const list = query({
  args: {},
  handler: async (ctx) => {
    if (!devMailboxEnabled()) throw new ConvexError(AUTH_MESSAGES.mailboxUnavailable);
    const messages = await ctx.db.query("devMailbox").order("desc").take(MAILBOX_PAGE);
    return messages.map(({ _id, _creationTime, to, subject, code, link }) => ({
      _id,
      _creationTime,
      to,
      subject,
      code,
      link,
    }));
  },
});
