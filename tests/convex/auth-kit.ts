/** Driving Convex Auth's password flows in convex-test, as a browser would. */
import { api } from "../../convex/_generated/api";
import type { TestBackend } from "./test-env";

export type SignInResult = { tokens?: { token: string; refreshToken: string } | null };
export const PASSWORD = "secret-1";

/** The registration key the browser that signed `email` up keeps (any random token works). */
export function browserKeyOf(email: string): string {
  return `key-of-the-browser-that-registered-${email.trim().toLowerCase()}`;
}

/**
 * Calls the password provider. Unless the params say otherwise, sign-up and verification come
 * from the browser that registered (its key), as in the app.
 */
export function signIn(
  t: TestBackend | ReturnType<TestBackend["withIdentity"]>,
  params: Record<string, string>,
): Promise<SignInResult> {
  const ownBrowser = params.flow === "signUp" || params.flow === "email-verification";
  const withKey =
    ownBrowser && params.registrationKey === undefined
      ? { ...params, registrationKey: browserKeyOf(params.email ?? "") }
      : params;
  return t.action(api.auth.signIn, { provider: "password", params: withKey }) as Promise<SignInResult>;
}

export async function mailTo(t: TestBackend, email: string) {
  return await t.run((ctx) =>
    ctx.db
      .query("devMailbox")
      .withIndex("by_to", (q) => q.eq("to", email))
      .collect(),
  );
}

export async function latestCode(t: TestBackend, email: string): Promise<string> {
  const mail = await mailTo(t, email);
  const code = mail.at(-1)?.code;
  if (code === undefined) throw new Error(`no mail for ${email}`);
  return code;
}

export async function userByEmail(t: TestBackend, email: string) {
  return await t.run((ctx) =>
    ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", email))
      .unique(),
  );
}

export async function sessionCount(t: TestBackend): Promise<number> {
  return await t.run(async (ctx) => (await ctx.db.query("authSessions").collect()).length);
}

/** A user who signed up and entered the right code in the same browser. */
export async function verifiedUser(t: TestBackend, email: string, password = PASSWORD): Promise<void> {
  await signIn(t, { flow: "signUp", email, password });
  await signIn(t, { flow: "email-verification", email, code: await latestCode(t, email) });
}
