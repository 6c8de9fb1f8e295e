import { ConvexCredentials } from "@convex-dev/auth/providers/ConvexCredentials";
import {
  createAccount,
  retrieveAccount,
  signInViaProvider,
  type GenericActionCtxWithAuthConfig,
} from "@convex-dev/auth/server";
import { ConvexError, type Value } from "convex/values";
import { Scrypt } from "lucia";
import type { DataModel, Doc, Id } from "../_generated/dataModel";
import { emailCodeProvider } from "./auth-email";
import { AUTH_MESSAGES, isEmailAddress, MIN_PASSWORD_LENGTH, normalizeEmail } from "./auth-messages";

export const PASSWORD_PROVIDER_ID = "password";

type AuthCtx = GenericActionCtxWithAuthConfig<DataModel>;
type Params = Partial<Record<string, Value | undefined>>;
type SignedIn = { userId: Id<"users">; sessionId?: Id<"authSessions"> };

/**
 * E-mail + password accounts that must verify their address with an 8-digit code (PRODUCT D6).
 * Our own take on Convex Auth's `Password` provider, for two reasons: every failure leaves as a
 * ConvexError carrying the seed §8 message (plain Errors reach production clients only as
 * "Server Error"), and the address is normalised before it names the account or the code.
 *
 * Flows (the client's `signIn("password", { flow, email, ... })`):
 * - signUp {password}: new unverified account; a code is mailed; no session yet.
 * - signIn {password}: a session when verified; else a fresh code is mailed and no session.
 * - email-verification {code}: the code verifies the address and signs in.
 * - email-verification without code: mails a new code (the "Resend verification" button).
 */
export const passwordProvider = ConvexCredentials<DataModel>({
  id: PASSWORD_PROVIDER_ID,
  authorize: async (params, ctx) => {
    const email = emailFrom(params);
    switch (params.flow) {
      case "signUp":
        return await signUp(ctx, email, stringFrom(params.password));
      case "signIn":
        return await signIn(ctx, email, stringFrom(params.password));
      case "email-verification":
        return await verifyEmail(ctx, email, stringFrom(params.code).replace(/\s+/g, ""));
      default:
        throw new ConvexError(AUTH_MESSAGES.loginFailed);
    }
  },
  // The same hashing as Convex Auth's Password provider, so accounts made either way work.
  crypto: {
    hashSecret: async (password) => await new Scrypt().hash(password),
    verifySecret: async (password, hash) => await new Scrypt().verify(hash, password),
  },
  extraProviders: [emailCodeProvider],
});

function stringFrom(value: Value | undefined): string {
  return typeof value === "string" ? value : "";
}

function emailFrom(params: Params): string {
  const email = normalizeEmail(stringFrom(params.email));
  if (!isEmailAddress(email)) throw new ConvexError(AUTH_MESSAGES.invalidEmail);
  return email;
}

async function signUp(ctx: AuthCtx, email: string, password: string): Promise<SignedIn | null> {
  if (password.length < MIN_PASSWORD_LENGTH) throw new ConvexError(AUTH_MESSAGES.weakPassword);
  if ((await findAccount(ctx, email)) !== null) throw new ConvexError(AUTH_MESSAGES.emailInUse);
  const { account } = await createAccount<DataModel>(ctx, {
    provider: PASSWORD_PROVIDER_ID,
    account: { id: email, secret: password },
    profile: { email },
    // A Google user with this verified address gets the password as a second way in.
    shouldLinkViaEmail: true,
  });
  return await signInIfVerified(ctx, account, email);
}

async function signIn(ctx: AuthCtx, email: string, password: string): Promise<SignedIn | null> {
  if (password === "") throw new ConvexError(AUTH_MESSAGES.incorrectPassword);
  let account: Doc<"authAccounts">;
  try {
    ({ account } = await retrieveAccount<DataModel>(ctx, {
      provider: PASSWORD_PROVIDER_ID,
      account: { id: email, secret: password },
    }));
  } catch (error) {
    throw new ConvexError(signInFailureMessage(error));
  }
  return await signInIfVerified(ctx, account, email);
}

/** retrieveAccount reports its outcome as the Error's message; these are its three. */
function signInFailureMessage(error: unknown): string {
  const reason = error instanceof Error ? error.message : "";
  if (reason === "InvalidAccountId") return AUTH_MESSAGES.accountNotFound;
  if (reason === "InvalidSecret") return AUTH_MESSAGES.incorrectPassword;
  if (reason === "TooManyFailedAttempts") return AUTH_MESSAGES.tooManyAttempts;
  console.error("Password sign-in failed unexpectedly", error);
  return AUTH_MESSAGES.loginFailed;
}

async function verifyEmail(ctx: AuthCtx, email: string, code: string): Promise<SignedIn | null> {
  const account = await findAccount(ctx, email);
  if (account === null) throw new ConvexError(AUTH_MESSAGES.accountNotFound);
  if (code === "") {
    if (account.emailVerified) throw new ConvexError(AUTH_MESSAGES.alreadyVerified);
    await mailCode(ctx, account, email);
    return null;
  }
  let signedIn: SignedIn | null;
  try {
    signedIn = await signInViaProvider(ctx, emailCodeProvider, {
      accountId: account._id,
      params: { email, code },
    });
  } catch (error) {
    // "Could not verify code": wrong, used, expired, or too many attempts (Convex Auth counts them).
    console.info("Verification code refused", error instanceof Error ? error.message : error);
    signedIn = null;
  }
  if (signedIn === null) throw new ConvexError(AUTH_MESSAGES.invalidCode);
  return signedIn;
}

/** Unverified accounts get no session: a new code goes out and the client is told to verify. */
async function signInIfVerified(ctx: AuthCtx, account: Doc<"authAccounts">, email: string): Promise<SignedIn | null> {
  if (account.emailVerified) return { userId: account.userId };
  await mailCode(ctx, account, email);
  return null;
}

async function mailCode(ctx: AuthCtx, account: Doc<"authAccounts">, email: string): Promise<void> {
  // Without a code in params this only issues and sends one; it never signs in.
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
