/**
 * The password check before an account is deleted, in an action because it hashes. Convex
 * Auth's retrieveAccount verifies the secret with the password provider's own hashing (as
 * sign-in does), and each try counts as a failed sign-in of the address until it proves right
 * (signInBackoff.reserveAttempt), so this form is no way around the sign-in back-off.
 */
import { retrieveAccount } from "@convex-dev/auth/server";
import { ConvexError } from "convex/values";
import { internal } from "../../_generated/api";
import type { DataModel } from "../../_generated/dataModel";
import type { ActionCtx } from "../../_generated/server";
import { PASSWORD_PROVIDER_ID } from "../password-provider";
import { MAX_PASSWORD_LENGTH } from "../../shared/auth-messages";
import { DELETION_CLIENT_ID, PASSWORD_REQUIRED, WRONG_PASSWORD } from "./constants";

/** Throws WRONG_PASSWORD (or the back-off's wait) unless `password` is the account's. */
export async function requirePassword(ctx: ActionCtx, accountEmail: string, password: string): Promise<void> {
  if (password === "") throw new ConvexError(PASSWORD_REQUIRED);
  // Over the limit no password can match; refused before any hashing, as sign-in does.
  if (password.length > MAX_PASSWORD_LENGTH) throw new ConvexError(WRONG_PASSWORD);
  const attempt = { email: accountEmail, clientId: DELETION_CLIENT_ID };
  await ctx.runMutation(internal.signInBackoff.reserveAttempt, attempt);
  try {
    await retrieveAccount<DataModel>(ctx, {
      provider: PASSWORD_PROVIDER_ID,
      account: { id: accountEmail, secret: password },
    });
  } catch (error) {
    // "InvalidSecret", or Convex Auth's own far-off ceiling ("TooManyFailedAttempts"): either
    // way the answer is the same, and the try stays counted.
    if (error instanceof Error) throw new ConvexError(WRONG_PASSWORD);
    throw error;
  }
  await ctx.runMutation(internal.signInBackoff.recordSuccess, attempt);
}
