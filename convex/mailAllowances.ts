/** The verification-mail allowances of lib/mail-limits.ts, taken in one transaction. */
import { ConvexError, v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { forgetStateWrittenAhead } from "./lib/allowance";
import { mailLimitMessage, mailLimitsOf, mailLimits, mailReasonValidator } from "./lib/mail-limits";

/**
 * Takes one mail from every allowance of this address and client, or none when any is used up
 * (checked first, so a refused attempt does not eat the others), throwing how long to wait.
 * One mutation, so requests sent at the same time cannot all pass the check before any takes.
 */
export const take = internalMutation({
  args: { email: v.string(), clientId: v.string(), reason: mailReasonValidator },
  handler: async (ctx, { email, clientId, reason }) => {
    const limits = mailLimitsOf(email, clientId);
    let wait = 0;
    for (const [name, key] of limits) {
      let status = await mailLimits.check(ctx, name, { key });
      // A window stored by a clock that ran ahead would refuse until the clock caught up.
      if (!status.ok && (await forgetStateWrittenAhead(mailLimits, ctx, name, key))) {
        status = await mailLimits.check(ctx, name, { key });
      }
      if (!status.ok) wait = Math.max(wait, status.retryAfter);
    }
    if (wait > 0) throw new ConvexError(mailLimitMessage(wait, reason));
    for (const [name, key] of limits) await mailLimits.limit(ctx, name, { key, throws: true });
  },
});
