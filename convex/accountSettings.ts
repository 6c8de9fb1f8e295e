/**
 * Account settings (issue 30): change the password, change the e-mail address, see how many
 * devices are signed in and sign the others out. Always the caller's own account, read from the
 * session, never from an argument.
 *
 * Password work and code generation run in actions: hashing is slow, Convex Auth's account and
 * session helpers need an action ctx, and codes come from the CSPRNG outside a deterministic
 * mutation. Every check that must be atomic (a wrong code counted, the change written) is one
 * internal mutation.
 */
import { getAuthSessionId, invalidateSessions, modifyAccountCredentials } from "@convex-dev/auth/server";
import { ConvexError, v } from "convex/values";
import { Scrypt } from "lucia";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalMutation, internalQuery, type ActionCtx, type MutationCtx } from "./_generated/server";
import {
  addressInUse,
  EMAIL_CHANGE_LIFETIME_MS,
  emailChangeCodeMail,
  emailChangedNotice,
  emailChangeOf,
  emailCodeHash,
  MAX_EMAIL_CODE_FAILURES,
  newEmailFrom,
  passwordAccountOf,
  SESSION_COUNT_CAP,
  typedCode,
} from "./lib/account-settings";
import { generateVerificationCode } from "./lib/auth-email";
import { userAction, userQuery } from "./lib/functions";
import { queueMail } from "./lib/mail";
import { takeMailAllowance } from "./lib/mail-limits";
import { PASSWORD_PROVIDER_ID } from "./lib/password-provider";
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./shared/auth-messages";

// ---- what the settings page shows ----

/** The caller's address, whether they have a password, and the e-mail change waiting for a code. */
export const overview = userQuery({
  args: {},
  handler: async (ctx) => {
    const account = await passwordAccountOf(ctx, ctx.user._id);
    const change = await emailChangeOf(ctx, ctx.user._id);
    return {
      email: ctx.user.email ?? "",
      hasPassword: account !== null,
      pendingEmail: change === null ? null : { newEmail: change.newEmail, expiresAt: change.expiresAt },
    };
  },
});

/** How many sessions of the account are open, this one included (capped at SESSION_COUNT_CAP). */
export const openSessions = userQuery({
  args: {},
  handler: async (ctx) => {
    const sessions = await ctx.db
      .query("authSessions")
      .withIndex("userId", (q) => q.eq("userId", ctx.user._id))
      .take(SESSION_COUNT_CAP);
    const now = Date.now();
    const count = sessions.filter((session) => session.expirationTime > now).length;
    return { count, capped: sessions.length === SESSION_COUNT_CAP };
  },
});

// ---- other devices ----

/** Ends every other session of the account; this device stays signed in. */
export const signOutOtherDevices = userAction({
  args: {},
  handler: async (ctx) => {
    await invalidateSessions(ctx, { userId: ctx.user._id, except: [await currentSession(ctx)] });
    return null;
  },
});

// ---- password ----

/**
 * The current password, then the new one with registration's rules; every other session ends.
 * Guesses at the current password go through the sign-in back-off, keyed by this session, so a
 * stolen session is no faster an oracle than the login form.
 */
export const changePassword = userAction({
  args: { currentPassword: v.string(), newPassword: v.string() },
  handler: async (ctx, { currentPassword, newPassword }) => {
    // Lengths first: hashing a megabyte is slow, and a refused new password costs no guess.
    if (currentPassword.length > MAX_PASSWORD_LENGTH) throw new ConvexError(ACCOUNT_MESSAGES.wrongCurrentPassword);
    if (newPassword.length > MAX_PASSWORD_LENGTH) throw new ConvexError(AUTH_MESSAGES.passwordTooLong);
    if (newPassword.length < MIN_PASSWORD_LENGTH) throw new ConvexError(AUTH_MESSAGES.weakPassword);
    const sessionId = await currentSession(ctx);
    const account = await ctx.runQuery(internal.accountSettings.passwordAccount, { userId: ctx.user._id });
    if (account === null) throw new ConvexError(ACCOUNT_MESSAGES.noPassword);
    const attempt = { email: account.email, clientId: `session:${sessionId}` };
    await ctx.runMutation(internal.signInBackoff.reserveAttempt, attempt);
    const matches = account.secret !== null && (await new Scrypt().verify(account.secret, currentPassword));
    if (!matches) throw new ConvexError(ACCOUNT_MESSAGES.wrongCurrentPassword);
    await ctx.runMutation(internal.signInBackoff.recordSuccess, attempt);
    await modifyAccountCredentials(ctx, {
      provider: PASSWORD_PROVIDER_ID,
      account: { id: account.email, secret: newPassword },
    });
    await invalidateSessions(ctx, { userId: ctx.user._id, except: [sessionId] });
    return null;
  },
});

/** The password account's address and hash, for the action that checks the current password. */
export const passwordAccount = internalQuery({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    const account = await passwordAccountOf(ctx, userId);
    return account === null ? null : { email: account.providerAccountId, secret: account.secret ?? null };
  },
});

// ---- e-mail address ----

/**
 * Step 1: a code to the new address (a new request replaces the one before). Nothing changes
 * until the code comes back (confirmEmailChange).
 */
export const requestEmailChange = userAction({
  args: { newEmail: v.string() },
  handler: async (ctx, { newEmail: raw }) => {
    const newEmail = newEmailFrom(raw);
    const userId = ctx.user._id;
    if (newEmail === ctx.user.email) throw new ConvexError(ACCOUNT_MESSAGES.sameEmail);
    const check = await ctx.runQuery(internal.accountSettings.changeCheck, { userId, newEmail });
    if (!check.hasPassword) throw new ConvexError(ACCOUNT_MESSAGES.emailFromGoogle);
    if (check.inUse) throw new ConvexError(ACCOUNT_MESSAGES.emailInUse);
    // Per new address (nobody's inbox gets bombed) and per account (no spraying many inboxes).
    await takeMailAllowance(ctx, newEmail, `user:${userId}`, "emailChange");
    const code = generateVerificationCode();
    await ctx.runMutation(internal.accountSettings.storeEmailChange, {
      userId,
      newEmail,
      code,
      codeHash: await emailCodeHash(userId, newEmail, code),
    });
    return null;
  },
});

/** Whether the caller may move to `newEmail`: they have a password account, and nobody holds it. */
export const changeCheck = internalQuery({
  args: { userId: v.id("users"), newEmail: v.string() },
  handler: async (ctx, { userId, newEmail }) => ({
    hasPassword: (await passwordAccountOf(ctx, userId)) !== null,
    inUse: await addressInUse(ctx, newEmail),
  }),
});

/** Replaces the user's pending change and mails its code, in one transaction. */
export const storeEmailChange = internalMutation({
  args: { userId: v.id("users"), newEmail: v.string(), code: v.string(), codeHash: v.string() },
  handler: async (ctx, { userId, newEmail, code, codeHash }) => {
    const previous = await emailChangeOf(ctx, userId);
    if (previous !== null) await ctx.db.delete(previous._id);
    await ctx.db.insert("emailChanges", {
      userId,
      newEmail,
      codeHash,
      expiresAt: Date.now() + EMAIL_CHANGE_LIFETIME_MS,
      failedAttempts: 0,
    });
    await queueMail(ctx, emailChangeCodeMail(newEmail, code));
  },
});

/**
 * Step 2: the code from the new address's mail. A right code moves the sign-in address, the
 * user's and the profile's e-mail in one mutation and tells the old address; a wrong one is
 * counted (the fifth drops the change) and changes nothing else.
 */
export const confirmEmailChange = userAction({
  args: { code: v.string() },
  handler: async (ctx, { code: raw }): Promise<{ email: string }> => {
    const userId = ctx.user._id;
    const pending: PendingChange | null = await ctx.runQuery(internal.accountSettings.pendingChange, { userId });
    if (pending === null) throw new ConvexError(ACCOUNT_MESSAGES.noEmailChange);
    const code = typedCode(raw);
    const codeHash = code === "" ? "" : await emailCodeHash(userId, pending.newEmail, code);
    const outcome: ChangeOutcome = await ctx.runMutation(internal.accountSettings.applyEmailChange, {
      userId,
      changeId: pending.changeId,
      codeHash,
    });
    if (outcome.error !== null) throw new ConvexError(outcome.error);
    return { email: outcome.email };
  },
});

type PendingChange = { changeId: Id<"emailChanges">; newEmail: string };

export const pendingChange = internalQuery({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }): Promise<PendingChange | null> => {
    const change = await emailChangeOf(ctx, userId);
    return change === null ? null : { changeId: change._id, newEmail: change.newEmail };
  },
});

type ChangeOutcome = { error: string; email: null } | { error: null; email: string };

/** Checks the code against the pending change and, when right, applies it (see confirmEmailChange). */
export const applyEmailChange = internalMutation({
  args: { userId: v.id("users"), changeId: v.id("emailChanges"), codeHash: v.string() },
  handler: async (ctx, { userId, changeId, codeHash }): Promise<ChangeOutcome> => {
    const refuse = (error: string): ChangeOutcome => ({ error, email: null });
    const change = await ctx.db.get(changeId);
    // Replaced by a newer request meanwhile: this code was for the old one.
    if (change === null || change.userId !== userId) return refuse(ACCOUNT_MESSAGES.invalidEmailCode);
    const now = Date.now();
    // A code lasts EMAIL_CHANGE_LIFETIME_MS from its request; one requested while the clock ran
    // ahead (lib/clock.ts) would otherwise stay good for as long as the clock was ahead.
    if (change.expiresAt <= now || change.expiresAt > now + EMAIL_CHANGE_LIFETIME_MS) {
      await ctx.db.delete(change._id);
      return refuse(ACCOUNT_MESSAGES.invalidEmailCode);
    }
    if (codeHash !== change.codeHash) {
      const failedAttempts = change.failedAttempts + 1;
      if (failedAttempts >= MAX_EMAIL_CODE_FAILURES) {
        await ctx.db.delete(change._id);
        return refuse(ACCOUNT_MESSAGES.tooManyEmailCodes);
      }
      await ctx.db.patch(change._id, { failedAttempts });
      return refuse(ACCOUNT_MESSAGES.invalidEmailCode);
    }
    // Taken since the request (a sign-up, another person's change): nobody may share it.
    if (await addressInUse(ctx, change.newEmail)) {
      await ctx.db.delete(change._id);
      return refuse(ACCOUNT_MESSAGES.emailInUse);
    }
    const account = await passwordAccountOf(ctx, userId);
    const user = await ctx.db.get(userId);
    if (account === null || user === null) return refuse(ACCOUNT_MESSAGES.emailFromGoogle);
    const oldEmail = user.email ?? account.providerAccountId;
    await moveAddress(ctx, { userId, accountId: account._id, newEmail: change.newEmail });
    await ctx.db.delete(change._id);
    await queueMail(ctx, emailChangedNotice(oldEmail, change.newEmail));
    return { error: null, email: change.newEmail };
  },
});

type Move = { userId: Id<"users">; accountId: Id<"authAccounts">; newEmail: string };

/** The sign-in address (the password account's id), the user's and the profile's e-mail. */
async function moveAddress(ctx: MutationCtx, { userId, accountId, newEmail }: Move): Promise<void> {
  await ctx.db.patch(accountId, { providerAccountId: newEmail });
  // Proved just now by the code.
  await ctx.db.patch(userId, { email: newEmail, emailVerificationTime: Date.now() });
  const profile = await ctx.db
    .query("profiles")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
  if (profile !== null) await ctx.db.patch(profile._id, { email: newEmail });
}

// ---- helpers ----

/** This device's session: the one a password change or "sign out others" keeps. */
async function currentSession(ctx: ActionCtx): Promise<Id<"authSessions">> {
  const sessionId = await getAuthSessionId(ctx);
  // userAction has checked the session exists; a token without one never gets here.
  if (sessionId === null) throw new ConvexError(AUTH_MESSAGES.loginFailed);
  return sessionId;
}
