import { ConvexCredentials } from "@convex-dev/auth/providers/ConvexCredentials";
import {
  createAccount,
  invalidateSessions,
  modifyAccountCredentials,
  retrieveAccount,
  signInViaProvider,
  type GenericActionCtxWithAuthConfig,
} from "@convex-dev/auth/server";
import { ConvexError, type Value } from "convex/values";
import { Scrypt } from "lucia";
import { internal } from "../_generated/api";
import type { DataModel, Doc, Id } from "../_generated/dataModel";
import type { ActionCtx } from "../_generated/server";
import { emailCodeProvider } from "./auth-email";
import { type MailReason, takeMailAllowance } from "./mail-limits";
import { resetCodeProvider } from "./reset-mail";
import {
  AUTH_MESSAGES,
  isEmailAddress,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  normalizeEmail,
} from "../shared/auth-messages";

export const PASSWORD_PROVIDER_ID = "password";
/** Longest client id and registration key taken from a client (they are random tokens). */
const MAX_TOKEN_LENGTH = 100;

type AuthCtx = GenericActionCtxWithAuthConfig<DataModel>;
type Params = Partial<Record<string, Value | undefined>>;
type SignedIn = { userId: Id<"users">; sessionId?: Id<"authSessions"> };
/** Who is trying: the address and the browser's random client id (brute-force back-off). */
type Attempt = { email: string; clientId: string };

/**
 * E-mail + password accounts that must verify their address with an 8-digit code (PRODUCT D6).
 * Our own take on Convex Auth's `Password` provider: every failure leaves as a ConvexError
 * carrying the seed §8 message, the address is normalised, and the account rules of
 * SECURITY.md hold (bounded inputs, back-off per attacker, no password kept that the verifying
 * person did not set, no linking through an unverified address).
 *
 * Flows (the client's `signIn("password", { flow, email, clientId, ... })`):
 * - signUp {password, registrationKey}: a new unverified account, or a new password and code
 *   for an address nobody verified yet; a code is mailed; no session.
 * - signIn {password, registrationKey}: a session when verified; else a fresh code is mailed,
 *   the browser's key is remembered as the registering one, and no session.
 * - email-verification {code, registrationKey | password}: verifies the address and signs in,
 *   only with the key of the browser that signed up last or the account's password.
 * - email-verification without code: mails a new code (the "Resend verification" button).
 * - reset: mails a 15-minute reset code and link when the address has a verified password
 *   account; the same empty answer either way (no enumeration).
 * - reset-verification {code, newPassword}: sets the new password (registration's rules),
 *   signs every other session of the account out, and signs in.
 */
export const passwordProvider = ConvexCredentials<DataModel>({
  id: PASSWORD_PROVIDER_ID,
  authorize: async (params, ctx) => {
    const attempt = { email: emailFrom(params), clientId: tokenFrom(params.clientId) || "unknown" };
    switch (params.flow) {
      case "signUp":
        return await signUp(ctx, attempt, newPasswordFrom(params), tokenFrom(params.registrationKey));
      case "signIn":
        return await signIn(ctx, attempt, passwordFrom(params), tokenFrom(params.registrationKey));
      case "email-verification":
        return await verifyEmail(ctx, attempt, codeFrom(params), {
          registrationKey: tokenFrom(params.registrationKey),
          password: passwordFrom(params),
        });
      case "reset":
        return await requestReset(ctx, attempt);
      case "reset-verification":
        return await resetPassword(ctx, attempt, codeFrom(params), newPasswordFrom(params, "newPassword"));
      default:
        throw new ConvexError(AUTH_MESSAGES.loginFailed);
    }
  },
  // The same hashing as Convex Auth's Password provider, so accounts made either way work.
  crypto: {
    hashSecret: async (password) => await new Scrypt().hash(password),
    verifySecret: async (password, hash) => await new Scrypt().verify(hash, password),
  },
  extraProviders: [emailCodeProvider, resetCodeProvider],
});

function stringFrom(value: Value | undefined): string {
  return typeof value === "string" ? value : "";
}

function tokenFrom(value: Value | undefined): string {
  const token = stringFrom(value);
  return token.length <= MAX_TOKEN_LENGTH ? token : "";
}

function emailFrom(params: Params): string {
  const raw = stringFrom(params.email);
  if (raw.length > MAX_EMAIL_LENGTH * 2) throw new ConvexError(AUTH_MESSAGES.emailTooLong);
  const email = normalizeEmail(raw);
  if (email.length > MAX_EMAIL_LENGTH) throw new ConvexError(AUTH_MESSAGES.emailTooLong);
  if (!isEmailAddress(email)) throw new ConvexError(AUTH_MESSAGES.invalidEmail);
  return email;
}

/** A mailed code as typed or pasted ("1234 5678" too). */
function codeFrom(params: Params): string {
  return stringFrom(params.code).replace(/\s+/g, "");
}

/** A password as given; over the limit it is refused before any hashing (hashing 1 MB is slow). */
function passwordFrom(params: Params, field: "password" | "newPassword" = "password"): string {
  const password = stringFrom(params[field]);
  if (password.length > MAX_PASSWORD_LENGTH) throw new ConvexError(AUTH_MESSAGES.passwordTooLong);
  return password;
}

/** Registration's rules and messages, for sign-up's password and a reset's new one. */
function newPasswordFrom(params: Params, field: "password" | "newPassword" = "password"): string {
  const password = passwordFrom(params, field);
  if (password.length < MIN_PASSWORD_LENGTH) throw new ConvexError(AUTH_MESSAGES.weakPassword);
  return password;
}

async function signUp(ctx: AuthCtx, attempt: Attempt, password: string, registrationKey: string) {
  const { email } = attempt;
  const account = await findAccount(ctx, email);
  if (account?.emailVerified) throw new ConvexError(AUTH_MESSAGES.emailInUse);
  // A Google user with this address keeps it: a password is never linked through an
  // address nobody proved (and two users must not share one address).
  if (account === null && (await ctx.runQuery(internal.users.addressTaken, { email }))) {
    throw new ConvexError(AUTH_MESSAGES.emailInUse);
  }
  // The mail goes out last, but its allowance is taken first: a refused sign-up changes nothing.
  await takeMailAllowance(ctx as unknown as ActionCtx, email, attempt.clientId, "account");
  if (account === null) {
    await createAccount<DataModel>(ctx, {
      provider: PASSWORD_PROVIDER_ID,
      account: { id: email, secret: password },
      profile: { email },
      shouldLinkViaEmail: false,
    });
  } else {
    // Nobody verified this address: the latest sign-up replaces the password and the code.
    await modifyAccountCredentials(ctx, { provider: PASSWORD_PROVIDER_ID, account: { id: email, secret: password } });
  }
  const keyHash = registrationKey === "" ? null : await sha256(registrationKey);
  await ctx.runMutation(internal.pendingSignUps.remember, { email, keyHash });
  const created = await findAccount(ctx, email);
  if (created === null) throw new ConvexError(AUTH_MESSAGES.registrationFailed);
  await sendCode(ctx, created, email);
  return null;
}

async function signIn(
  ctx: AuthCtx,
  attempt: Attempt,
  password: string,
  registrationKey: string,
): Promise<SignedIn | null> {
  if (password === "") throw new ConvexError(AUTH_MESSAGES.incorrectPassword);
  const account = await findAccount(ctx, attempt.email);
  if (account === null) throw new ConvexError(AUTH_MESSAGES.accountNotFound);
  // Counted as a wrong guess until the password proves right (see signInBackoff.ts).
  await ctx.runMutation(internal.signInBackoff.reserveAttempt, attempt);
  if (!(await passwordMatches(account, password))) throw new ConvexError(AUTH_MESSAGES.incorrectPassword);
  await ctx.runMutation(internal.signInBackoff.recordSuccess, attempt);
  if (account.emailVerified) return { userId: account.userId };
  // Unverified accounts get no session: a new code goes out and the client is told to verify.
  // Knowing the password, this browser may verify without it (its key replaces the last one).
  // The mail's allowance first, so a refused attempt does not replace the key.
  await takeMailAllowance(ctx as unknown as ActionCtx, attempt.email, attempt.clientId, "account");
  if (registrationKey !== "") {
    await ctx.runMutation(internal.pendingSignUps.remember, {
      email: attempt.email,
      keyHash: await sha256(registrationKey),
    });
  }
  await sendCode(ctx, account, attempt.email);
  return null;
}

type Proof = { registrationKey: string; password: string };

async function verifyEmail(ctx: AuthCtx, attempt: Attempt, code: string, proof: Proof): Promise<SignedIn | null> {
  const { email } = attempt;
  const account = await findAccount(ctx, email);
  if (account === null) throw new ConvexError(AUTH_MESSAGES.accountNotFound);
  // Also what a second click on a used link says.
  if (account.emailVerified) throw new ConvexError(AUTH_MESSAGES.alreadyVerified);
  if (code === "") {
    await mailCode(ctx, account, attempt, "resend");
    return null;
  }
  // A verification link opened by someone already signed in must not swap their session.
  // (Asked through a query: Convex Auth hands providers a ctx.auth without getUserIdentity.)
  if (await ctx.runQuery(internal.users.callerIsSignedIn, {})) throw new ConvexError(AUTH_MESSAGES.alreadySignedIn);
  await ctx.runMutation(internal.signInBackoff.reserveAttempt, attempt);
  if (!(await provesSignUp(ctx, account, email, proof))) {
    if (proof.password === "") {
      // Another browser without the password: no guess was made, so none is counted.
      await ctx.runMutation(internal.signInBackoff.releaseAttempt, attempt);
      throw new ConvexError(AUTH_MESSAGES.verifyNeedsPassword);
    }
    throw new ConvexError(AUTH_MESSAGES.incorrectPassword);
  }
  let signedIn: SignedIn | null;
  try {
    // `accountEmail`, not `email`: see emailCodeProvider.
    signedIn = await signInViaProvider(ctx, emailCodeProvider, {
      accountId: account._id,
      params: { accountEmail: email, code },
    });
  } catch (error) {
    // "Could not verify code": wrong, used, replaced by a newer one, or expired.
    console.info("Verification code refused", error instanceof Error ? error.message : error);
    signedIn = null;
  }
  if (signedIn === null) throw new ConvexError(AUTH_MESSAGES.invalidCode);
  await ctx.runMutation(internal.signInBackoff.recordSuccess, attempt);
  await ctx.runMutation(internal.pendingSignUps.remember, { email, keyHash: null });
  return signedIn;
}

/**
 * Mails a reset code when the address has a verified password account, else nothing; the caller
 * gets the same empty answer either way. The mail allowance is taken before looking, so a
 * refusal (or the time it takes) says nothing about the address either. A Google-only user has
 * no password account and gets no mail; an unverified one verifies (or signs up again) instead.
 */
async function requestReset(ctx: AuthCtx, attempt: Attempt): Promise<null> {
  await takeMailAllowance(ctx as unknown as ActionCtx, attempt.email, attempt.clientId, "reset");
  const account = await findAccount(ctx, attempt.email);
  if (!account?.emailVerified) return null;
  // Without a code in params this only issues a code (replacing the account's last one) and mails it.
  await signInViaProvider(ctx, resetCodeProvider, { accountId: account._id, params: { email: attempt.email } });
  return null;
}

/**
 * Convex Auth's `reset-verification`: the code signs in (a new session), the new password
 * replaces the old, and every other session of the account ends. The new password is checked
 * before the code, so a refused password leaves the code usable; a wrong code, one for another
 * address, a used or expired one all get the same message, and count as guesses (back-off).
 */
async function resetPassword(ctx: AuthCtx, attempt: Attempt, code: string, newPassword: string): Promise<SignedIn> {
  // The session the code starts would silently replace the signed-in person's (as verifyEmail).
  if (await ctx.runQuery(internal.users.callerIsSignedIn, {})) {
    throw new ConvexError(AUTH_MESSAGES.resetWhileSignedIn);
  }
  await ctx.runMutation(internal.signInBackoff.reserveAttempt, attempt);
  const account = await findAccount(ctx, attempt.email);
  let signedIn: SignedIn | null = null;
  if (account !== null && code !== "") {
    try {
      // `accountEmail`, not `email`: see resetCodeProvider.
      signedIn = await signInViaProvider(ctx, resetCodeProvider, {
        accountId: account._id,
        params: { accountEmail: attempt.email, code },
      });
    } catch (error) {
      // "Could not verify code": wrong, used, replaced by a newer one, or expired.
      console.info("Reset code refused", error instanceof Error ? error.message : error);
    }
  }
  if (account === null || signedIn === null || signedIn.userId !== account.userId) {
    throw new ConvexError(AUTH_MESSAGES.invalidResetCode);
  }
  await modifyAccountCredentials(ctx, {
    provider: PASSWORD_PROVIDER_ID,
    account: { id: attempt.email, secret: newPassword },
  });
  await invalidateSessions(ctx, {
    userId: account.userId,
    except: signedIn.sessionId === undefined ? [] : [signedIn.sessionId],
  });
  await ctx.runMutation(internal.signInBackoff.recordSuccess, attempt);
  return signedIn;
}

/** The browser of the latest sign-up (its key), or whoever knows the account's password. */
async function provesSignUp(ctx: AuthCtx, account: Doc<"authAccounts">, email: string, proof: Proof) {
  if (proof.registrationKey !== "") {
    const expected = await ctx.runQuery(internal.pendingSignUps.keyHashOf, { email });
    if (expected !== null && expected === (await sha256(proof.registrationKey))) return true;
  }
  return proof.password !== "" && (await passwordMatches(account, proof.password));
}

async function passwordMatches(account: Doc<"authAccounts">, password: string): Promise<boolean> {
  return account.secret !== undefined && (await new Scrypt().verify(account.secret, password));
}

async function mailCode(
  ctx: AuthCtx,
  account: Doc<"authAccounts">,
  { email, clientId }: Attempt,
  reason: MailReason,
): Promise<void> {
  // Convex Auth's ctx is the action's, its `auth` widened with the config.
  await takeMailAllowance(ctx as unknown as ActionCtx, email, clientId, reason);
  await sendCode(ctx, account, email);
}

/** Issues and mails a new code (replacing the previous one); the mail's allowance is already taken. */
async function sendCode(ctx: AuthCtx, account: Doc<"authAccounts">, email: string): Promise<void> {
  // Without a code in params this only issues and sends one.
  await signInViaProvider(ctx, emailCodeProvider, { accountId: account._id, params: { email } });
}

async function findAccount(ctx: AuthCtx, email: string): Promise<Doc<"authAccounts"> | null> {
  try {
    const { account } = await retrieveAccount<DataModel>(ctx, {
      provider: PASSWORD_PROVIDER_ID,
      account: { id: email },
    });
    return account;
  } catch (error) {
    if (error instanceof Error && error.message === "InvalidAccountId") return null;
    throw error;
  }
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
