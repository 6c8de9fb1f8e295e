/**
 * The rules and mails behind account settings (issue 30, accountSettings.ts): a change of e-mail
 * address proved with a code mailed to the new address, and the count of open sessions.
 */
import { ConvexError } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { AUTH_MESSAGES, isEmailAddress, MAX_EMAIL_LENGTH, normalizeEmail } from "../shared/auth-messages";
import type { OutgoingMail } from "./mail";
import { PASSWORD_PROVIDER_ID } from "./password-provider";

/** How long an e-mail change code works (the issue: 15 minutes, as reset codes). */
export const EMAIL_CHANGE_LIFETIME_MS = 15 * 60 * 1000;
/** Wrong codes a pending change survives: the fifth drops it (10^8 codes, 5 guesses per mail). */
export const MAX_EMAIL_CODE_FAILURES = 5;
/**
 * The most sessions counted: a person has a few devices; the count reads one row per session,
 * so it stops here ("50 or more") instead of growing with forgotten browsers.
 */
export const SESSION_COUNT_CAP = 50;

/** The address as stored (trimmed, lower case), or the registration message for a bad one. */
export function newEmailFrom(raw: string): string {
  if (raw.length > MAX_EMAIL_LENGTH * 2) throw new ConvexError(AUTH_MESSAGES.emailTooLong);
  const email = normalizeEmail(raw);
  if (email.length > MAX_EMAIL_LENGTH) throw new ConvexError(AUTH_MESSAGES.emailTooLong);
  if (!isEmailAddress(email)) throw new ConvexError(AUTH_MESSAGES.invalidEmail);
  return email;
}

/** The user's e-mail + password account; null for someone who signs in with Google only. */
export async function passwordAccountOf(ctx: QueryCtx, userId: Id<"users">): Promise<Doc<"authAccounts"> | null> {
  return await ctx.db
    .query("authAccounts")
    .withIndex("userIdAndProvider", (q) => q.eq("userId", userId).eq("provider", PASSWORD_PROVIDER_ID))
    .unique();
}

/**
 * Whether any user or any password account (an unverified sign-up included) holds the address:
 * two people must never share one, or a sign-in could land in the wrong account.
 */
export async function addressInUse(ctx: QueryCtx, email: string): Promise<boolean> {
  const user = await ctx.db
    .query("users")
    .withIndex("email", (q) => q.eq("email", email))
    .first();
  if (user !== null) return true;
  const account = await ctx.db
    .query("authAccounts")
    .withIndex("providerAndAccountId", (q) => q.eq("provider", PASSWORD_PROVIDER_ID).eq("providerAccountId", email))
    .first();
  return account !== null;
}

/** The pending change of this user, if any (one per user). */
export async function emailChangeOf(ctx: QueryCtx, userId: Id<"users">): Promise<Doc<"emailChanges"> | null> {
  return await ctx.db
    .query("emailChanges")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

/**
 * The stored form of a code: a SHA-256 bound to the user and the new address, so a code is
 * worth nothing for another person or another address, and the table never holds a usable code.
 */
export async function emailCodeHash(userId: Id<"users">, newEmail: string, code: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${userId}|${newEmail}|${code}`));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The digits of a typed code (spaces dropped), or "" when it cannot be a code at all. */
export function typedCode(raw: string): string {
  const code = raw.replace(/\s+/g, "");
  return /^\d{8}$/.test(code) ? code : "";
}

/** The code, to the NEW address: whoever reads it proves the address is theirs. */
export function emailChangeCodeMail(newEmail: string, code: string): OutgoingMail {
  return {
    to: newEmail,
    subject: "Your DUMY e-mail change code",
    code,
    text:
      `Your code to make ${newEmail} your DUMY e-mail address is ${code}.\n\n` +
      "Enter it on the Settings page. It expires in 15 minutes. If you did not ask for this, ignore this e-mail.",
    html:
      `<p>Your code to make ${escapeHtml(newEmail)} your DUMY e-mail address is ` +
      `<strong style="font-size:20px;letter-spacing:2px">${code}</strong>.</p>` +
      "<p>Enter it on the Settings page. It expires in 15 minutes. If you did not ask for this, ignore this e-mail.</p>",
  };
}

/** The notice to the OLD address: a stolen session changing the address does not go unseen. */
export function emailChangedNotice(oldEmail: string, newEmail: string): OutgoingMail {
  const sentence = `Your DUMY e-mail address was changed to ${newEmail}.`;
  const advice = "If you did not do this, contact the DUMY team at once.";
  return {
    to: oldEmail,
    subject: "Your DUMY e-mail address was changed",
    text: `${sentence}\n\nFrom now on you sign in with the new address. ${advice}`,
    html: `<p>${escapeHtml(sentence)}</p><p>From now on you sign in with the new address. ${advice}</p>`,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
