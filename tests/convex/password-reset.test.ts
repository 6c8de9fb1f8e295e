/** Forgotten password (issue 30): the password provider's `reset` and `reset-verification` flows. */
import { decodeJwt } from "jose";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { AUTH_MESSAGES, tooManyAttemptsMessage } from "../../convex/shared/auth-messages";
import { TEST_SITE_URL, useAuthEnvironment } from "./auth-env";
import {
  latestCode,
  mailTo,
  PASSWORD,
  sessionCount,
  signIn,
  type SignInResult,
  userByEmail,
  verifiedUser,
} from "./auth-kit";
import { newBackend, type TestBackend } from "./test-env";

const DORA = "dora@example.com";
const EVE = "eve@example.com";
const NEW_PASSWORD = "brand-new-pw";
const RESET_SUBJECT = "Reset your DUMY password";
const MINUTE = 60_000;

beforeEach(async () => {
  await useAuthEnvironment();
  // On the hour: the mail allowances' 10-minute windows do not close in the middle of a test.
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-04T08:00:00Z") });
});

afterEach(() => {
  vi.useRealTimers();
});

function requestReset(t: TestBackend, email: string, clientId = "browser") {
  return signIn(t, { flow: "reset", email, clientId });
}

function resetPassword(
  t: TestBackend | ReturnType<TestBackend["withIdentity"]>,
  email: string,
  code: string,
  newPassword = NEW_PASSWORD,
) {
  return signIn(t, { flow: "reset-verification", email, code, newPassword, clientId: "browser" });
}

async function resetMails(t: TestBackend, email: string) {
  return (await mailTo(t, email)).filter((mail) => mail.subject === RESET_SUBJECT);
}

async function latestResetCode(t: TestBackend, email: string): Promise<string> {
  const code = (await resetMails(t, email)).at(-1)?.code;
  if (code === undefined) throw new Error(`no reset mail for ${email}`);
  return code;
}

function wrongCodeFor(code: string): string {
  return code === "12345678" ? "87654321" : "12345678";
}

function userIdOf(result: SignInResult): string {
  return (decodeJwt(result.tokens?.token ?? "").sub ?? "").split("|")[0] ?? "";
}

async function canSignIn(t: TestBackend, email: string, password: string): Promise<boolean> {
  try {
    const result = await signIn(t, { flow: "signIn", email, password, clientId: "checker" });
    return typeof result.tokens?.token === "string";
  } catch {
    return false;
  }
}

describe("asking for a reset", () => {
  test("a verified account gets a 15-minute code and a one-click link, and no session", async () => {
    const t = newBackend();
    await verifiedUser(t, DORA);
    const sessionsBefore = await sessionCount(t);

    const result = await requestReset(t, " Dora@Example.com ");

    expect(result.tokens ?? null).toBeNull();
    expect(await sessionCount(t)).toBe(sessionsBefore);
    const [mail, ...more] = await resetMails(t, DORA);
    expect(more).toHaveLength(0);
    expect(mail?.code).toMatch(/^\d{8}$/);
    expect(mail?.link).toBe(`${TEST_SITE_URL}/reset-password?email=dora%40example.com&code=${mail?.code}`);
    expect(mail?.text).toContain("15 minutes");
  });

  test("an unknown address gets the same answer and no mail", async () => {
    const t = newBackend();
    await verifiedUser(t, DORA);
    const known = await requestReset(t, DORA);
    const unknown = await requestReset(t, "nobody@example.com");

    expect(unknown).toEqual(known);
    expect(await mailTo(t, "nobody@example.com")).toHaveLength(0);
  });

  test("an unverified account gets the same answer and no reset mail", async () => {
    const t = newBackend();
    await signIn(t, { flow: "signUp", email: DORA, password: PASSWORD });

    const result = await requestReset(t, DORA);

    expect(result.tokens ?? null).toBeNull();
    expect(await resetMails(t, DORA)).toHaveLength(0);
    expect(await mailTo(t, DORA)).toHaveLength(1); // only the sign-up's verification mail
  });

  test("a Google-only user gets the same answer, no mail, and no password account", async () => {
    const t = newBackend();
    await t.run(async (ctx) => {
      const userId = await ctx.db.insert("users", { email: DORA, emailVerificationTime: Date.now() });
      await ctx.db.insert("authAccounts", { userId, provider: "google", providerAccountId: "g-123" });
    });

    const result = await requestReset(t, DORA);

    expect(result.tokens ?? null).toBeNull();
    expect(await mailTo(t, DORA)).toHaveLength(0);
    const accounts = await t.run((ctx) => ctx.db.query("authAccounts").collect());
    expect(accounts.map((account) => account.provider)).toEqual(["google"]);
  });

  test("a bad address is refused with registration's message", async () => {
    const t = newBackend();
    await expect(requestReset(t, "dora")).rejects.toThrow(AUTH_MESSAGES.invalidEmail);
  });

  test("after 3 mails in 10 minutes an address gets the limit message, known or not", async () => {
    const t = newBackend();
    await verifiedUser(t, DORA); // the sign-up's verification mail is one of the 3
    await requestReset(t, DORA, "a");
    await requestReset(t, DORA, "b");
    await expect(requestReset(t, DORA, "c")).rejects.toThrow(
      /^Too many password reset e-mails\. Please try again in \d+ minutes?\.$/,
    );
    expect(await resetMails(t, DORA)).toHaveLength(2);

    // An unknown address is limited the same way: the refusal tells nothing either.
    for (const client of ["a", "b", "c"]) await requestReset(t, "nobody@example.com", `${client}-2`);
    await expect(requestReset(t, "nobody@example.com", "d-2")).rejects.toThrow(/Too many password reset e-mails/);

    vi.advanceTimersByTime(11 * MINUTE);
    await requestReset(t, DORA, "c");
    expect(await resetMails(t, DORA)).toHaveLength(3);
  }, 60_000);
});

describe("choosing the new password", () => {
  test("the right code sets the new password and signs in; the old password stops working", async () => {
    const t = newBackend();
    await verifiedUser(t, DORA);
    await requestReset(t, DORA);

    const result = await resetPassword(t, DORA, await latestResetCode(t, DORA));

    expect(userIdOf(result)).toBe((await userByEmail(t, DORA))?._id);
    expect(await canSignIn(t, DORA, NEW_PASSWORD)).toBe(true);
    expect(await canSignIn(t, DORA, PASSWORD)).toBe(false);
  }, 60_000);

  test("a code typed with spaces works", async () => {
    const t = newBackend();
    await verifiedUser(t, DORA);
    await requestReset(t, DORA);
    const code = await latestResetCode(t, DORA);

    const result = await resetPassword(t, DORA, `${code.slice(0, 4)} ${code.slice(4)}`);

    expect(result.tokens?.token).toEqual(expect.any(String));
  });

  test("every other session of the account is signed out; the new one stays", async () => {
    const t = newBackend();
    await verifiedUser(t, DORA); // session 1 (the verification)
    const laptop = await signIn(t, { flow: "signIn", email: DORA, password: PASSWORD, clientId: "laptop" });
    await verifiedUser(t, EVE); // someone else's session must stay
    expect(await sessionCount(t)).toBe(3);
    await requestReset(t, DORA);

    const result = await resetPassword(t, DORA, await latestResetCode(t, DORA));

    const sessions = await t.run((ctx) => ctx.db.query("authSessions").collect());
    const doraId = (await userByEmail(t, DORA))?._id;
    const dorasSessions = sessions.filter((session) => session.userId === doraId).map((session) => session._id);
    const newSession = (decodeJwt(result.tokens?.token ?? "").sub ?? "").split("|")[1];
    expect(dorasSessions).toEqual([newSession]);
    expect(sessions).toHaveLength(2);
    const laptopSession = (decodeJwt(laptop.tokens?.token ?? "").sub ?? "").split("|")[1] as Id<"authSessions">;
    expect(await t.run((ctx) => ctx.db.get(laptopSession))).toBeNull();
  }, 60_000);

  test("a wrong code is refused and changes nothing", async () => {
    const t = newBackend();
    await verifiedUser(t, DORA);
    await requestReset(t, DORA);
    const code = await latestResetCode(t, DORA);

    await expect(resetPassword(t, DORA, wrongCodeFor(code))).rejects.toThrow(AUTH_MESSAGES.invalidResetCode);
    expect(await canSignIn(t, DORA, PASSWORD)).toBe(true);
    // The right code still works afterwards.
    await expect(resetPassword(t, DORA, code)).resolves.toBeDefined();
  }, 60_000);

  test("a used code is refused the second time", async () => {
    const t = newBackend();
    await verifiedUser(t, DORA);
    await requestReset(t, DORA);
    const code = await latestResetCode(t, DORA);
    await resetPassword(t, DORA, code);

    await expect(resetPassword(t, DORA, code, "third-password")).rejects.toThrow(AUTH_MESSAGES.invalidResetCode);
    expect(await canSignIn(t, DORA, NEW_PASSWORD)).toBe(true);
  }, 60_000);

  test("a code older than 15 minutes is refused", async () => {
    const t = newBackend();
    await verifiedUser(t, DORA);
    await requestReset(t, DORA);
    const code = await latestResetCode(t, DORA);

    vi.advanceTimersByTime(15 * MINUTE + 1000);

    await expect(resetPassword(t, DORA, code)).rejects.toThrow(AUTH_MESSAGES.invalidResetCode);
    expect(await canSignIn(t, DORA, PASSWORD)).toBe(true);
  }, 60_000);

  test("a code still works 14 minutes later", async () => {
    const t = newBackend();
    await verifiedUser(t, DORA);
    await requestReset(t, DORA);
    const code = await latestResetCode(t, DORA);

    vi.advanceTimersByTime(14 * MINUTE);

    await expect(resetPassword(t, DORA, code)).resolves.toBeDefined();
  }, 60_000);

  test("a newer code replaces the older one", async () => {
    const t = newBackend();
    await verifiedUser(t, DORA);
    await requestReset(t, DORA);
    const first = await latestResetCode(t, DORA);
    await requestReset(t, DORA);
    const second = await latestResetCode(t, DORA);

    if (first !== second) {
      await expect(resetPassword(t, DORA, first)).rejects.toThrow(AUTH_MESSAGES.invalidResetCode);
    }
    await expect(resetPassword(t, DORA, second)).resolves.toBeDefined();
  }, 60_000);

  test("a code mailed to another address is refused and stays usable by its owner", async () => {
    const t = newBackend();
    await verifiedUser(t, DORA);
    await verifiedUser(t, EVE);
    await requestReset(t, DORA);
    await requestReset(t, EVE, "eves-browser");
    const dorasCode = await latestResetCode(t, DORA);

    await expect(resetPassword(t, EVE, dorasCode)).rejects.toThrow(AUTH_MESSAGES.invalidResetCode);
    await expect(resetPassword(t, "nobody@example.com", dorasCode)).rejects.toThrow(AUTH_MESSAGES.invalidResetCode);
    expect(await canSignIn(t, EVE, PASSWORD)).toBe(true);
    const result = await resetPassword(t, DORA, dorasCode);
    expect(userIdOf(result)).toBe((await userByEmail(t, DORA))?._id);
  }, 60_000);

  test("a weak or too long new password gets registration's message, and the code still works", async () => {
    const t = newBackend();
    await verifiedUser(t, DORA);
    await requestReset(t, DORA);
    const code = await latestResetCode(t, DORA);

    await expect(resetPassword(t, DORA, code, "12345")).rejects.toThrow(AUTH_MESSAGES.weakPassword);
    await expect(resetPassword(t, DORA, code, "x".repeat(129))).rejects.toThrow(AUTH_MESSAGES.passwordTooLong);
    expect(await canSignIn(t, DORA, PASSWORD)).toBe(true);
    await expect(resetPassword(t, DORA, code)).resolves.toBeDefined();
  }, 60_000);

  test("a reset code cannot sign in through Convex Auth's public code path", async () => {
    const t = newBackend();
    await verifiedUser(t, DORA);
    await requestReset(t, DORA);
    const code = await latestResetCode(t, DORA);
    const sessionsBefore = await sessionCount(t);

    const direct = (await t.action(api.auth.signIn, { params: { code } })) as SignInResult;

    expect(direct.tokens ?? null).toBeNull();
    expect(await sessionCount(t)).toBe(sessionsBefore);
    await expect(resetPassword(t, DORA, code)).resolves.toBeDefined();
  }, 60_000);

  test("someone signed in is told to log out first, and the code is kept", async () => {
    const t = newBackend();
    await verifiedUser(t, DORA);
    await signIn(t, { flow: "signUp", email: EVE, password: PASSWORD });
    const eve = await signIn(t, { flow: "email-verification", email: EVE, code: await latestCode(t, EVE) });
    await requestReset(t, DORA);
    const code = await latestResetCode(t, DORA);
    const asEve = t.withIdentity({ subject: decodeJwt(eve.tokens?.token ?? "").sub ?? "" });

    await expect(resetPassword(asEve, DORA, code)).rejects.toThrow(AUTH_MESSAGES.resetWhileSignedIn);
    await expect(resetPassword(t, DORA, code)).resolves.toBeDefined();
  }, 60_000);

  test("code guesses back off like password guesses", async () => {
    const t = newBackend();
    await verifiedUser(t, DORA);
    await requestReset(t, DORA);
    const code = await latestResetCode(t, DORA);

    for (let miss = 0; miss < 4; miss++) {
      await expect(resetPassword(t, DORA, wrongCodeFor(code))).rejects.toThrow(AUTH_MESSAGES.invalidResetCode);
    }
    await expect(resetPassword(t, DORA, code)).rejects.toThrow(tooManyAttemptsMessage(1));
    vi.advanceTimersByTime(1000);
    await expect(resetPassword(t, DORA, code)).resolves.toBeDefined();
  }, 60_000);
});
