/** The account rules of the security review (items 5, 6, 8, 9 and 10), each as an attack that must fail. */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { AUTH_MESSAGES, tooManyAttemptsMessage } from "../../convex/shared/auth-messages";
import { afterFailure, BACKOFF, type FailureCount, TRUSTED_CLIENT_MS } from "../../convex/lib/sign-in-backoff";
import { useAuthEnvironment } from "./auth-env";
import { latestCode, mailTo, PASSWORD, sessionCount, signIn, userByEmail, verifiedUser } from "./auth-kit";
import { newBackend } from "./test-env";

const VICTIM = "victim@example.com";
const ATTACKER_PASSWORD = "attacker-pw";
const ATTACKERS_BROWSER = "attackers-own-browser-key";

beforeEach(async () => {
  await useAuthEnvironment();
});

afterEach(() => {
  vi.useRealTimers();
});

/** The victim's address-wide count as `failures` wrong guesses from as many client ids leave it, just now. */
async function addressWaitsAfter(t: ReturnType<typeof newBackend>, failures: number): Promise<void> {
  let count: FailureCount | null = null;
  for (let failure = 0; failure < failures; failure++) count = afterFailure(count, "address", Date.now());
  await t.run(async (ctx) => {
    await ctx.db.insert("signInFailures", { key: `address:${VICTIM}`, ...count! });
  });
}

describe("pre-registration takeover (item 5)", () => {
  test("a new sign-up for an unverified address replaces the password and the code", async () => {
    const t = newBackend();
    await signIn(t, { flow: "signUp", email: VICTIM, password: ATTACKER_PASSWORD, registrationKey: ATTACKERS_BROWSER });
    const attackersCode = await latestCode(t, VICTIM);
    await signIn(t, { flow: "signUp", email: VICTIM, password: PASSWORD });
    const victimsCode = await latestCode(t, VICTIM);

    if (attackersCode !== victimsCode) {
      await expect(
        signIn(t, {
          flow: "email-verification",
          email: VICTIM,
          code: attackersCode,
          registrationKey: ATTACKERS_BROWSER,
        }),
      ).rejects.toThrow();
    }
    const verified = await signIn(t, { flow: "email-verification", email: VICTIM, code: victimsCode });
    expect(verified.tokens?.token).toEqual(expect.any(String));
    await expect(signIn(t, { flow: "signIn", email: VICTIM, password: ATTACKER_PASSWORD })).rejects.toThrow(
      AUTH_MESSAGES.incorrectPassword,
    );
    await expect(signIn(t, { flow: "signIn", email: VICTIM, password: PASSWORD })).resolves.toMatchObject({
      tokens: expect.any(Object),
    });
  });

  test("the victim opening the attacker's code (even a resent one) cannot verify the attacker's password", async () => {
    const t = newBackend();
    await signIn(t, { flow: "signUp", email: VICTIM, password: ATTACKER_PASSWORD, registrationKey: ATTACKERS_BROWSER });
    await signIn(t, { flow: "email-verification", email: VICTIM, registrationKey: "" }); // "Resend verification"
    const code = await latestCode(t, VICTIM);

    const inVictimsBrowser = { flow: "email-verification", email: VICTIM, code, registrationKey: "victims-browser" };
    await expect(signIn(t, inVictimsBrowser)).rejects.toThrow(AUTH_MESSAGES.verifyNeedsPassword);
    await expect(signIn(t, { ...inVictimsBrowser, password: PASSWORD })).rejects.toThrow(
      AUTH_MESSAGES.incorrectPassword,
    );
    expect((await userByEmail(t, VICTIM))?.emailVerificationTime).toBeUndefined();
    expect(await sessionCount(t)).toBe(0);
  });

  test("the person who registered verifies on another device with the code and their password", async () => {
    const t = newBackend();
    await signIn(t, { flow: "signUp", email: VICTIM, password: PASSWORD });
    const code = await latestCode(t, VICTIM);
    const onPhone = { flow: "email-verification", email: VICTIM, code, registrationKey: "", password: PASSWORD };
    await expect(signIn(t, onPhone)).resolves.toMatchObject({ tokens: expect.any(Object) });
  });
});

describe("linking by e-mail (item 6)", () => {
  test("a password sign-up for a Google user's address is refused and attaches nothing", async () => {
    const t = newBackend();
    const googleUser = await t.run(async (ctx) => {
      const userId = await ctx.db.insert("users", { email: VICTIM, emailVerificationTime: Date.now() });
      await ctx.db.insert("authAccounts", { userId, provider: "google", providerAccountId: "g-123" });
      return userId;
    });
    await expect(signIn(t, { flow: "signUp", email: VICTIM, password: ATTACKER_PASSWORD })).rejects.toThrow(
      AUTH_MESSAGES.emailInUse,
    );
    const accounts = await t.run((ctx) => ctx.db.query("authAccounts").collect());
    expect(accounts.map((account) => [account.provider, account.userId])).toEqual([["google", googleUser]]);
    expect(await mailTo(t, VICTIM)).toHaveLength(0);
  });
});

describe("brute force without locking the owner out (item 8)", () => {
  test("a guesser waits 1, 2, 4… seconds after three misses, even with the right password, while the owner signs in", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newBackend();
    await verifiedUser(t, VICTIM);
    const guess = (password: string) => signIn(t, { flow: "signIn", email: VICTIM, password, clientId: "guesser" });

    for (let miss = 0; miss < 3; miss++)
      await expect(guess("wrong-pw")).rejects.toThrow(AUTH_MESSAGES.incorrectPassword);
    await expect(guess("wrong-pw")).rejects.toThrow(AUTH_MESSAGES.incorrectPassword);
    await expect(guess(PASSWORD)).rejects.toThrow(tooManyAttemptsMessage(1));
    vi.advanceTimersByTime(1000);
    await expect(guess("wrong-pw")).rejects.toThrow(AUTH_MESSAGES.incorrectPassword);
    await expect(guess("wrong-pw")).rejects.toThrow(tooManyAttemptsMessage(2));
    vi.advanceTimersByTime(2000);
    await expect(guess("wrong-pw")).rejects.toThrow(AUTH_MESSAGES.incorrectPassword);
    await expect(guess("wrong-pw")).rejects.toThrow(tooManyAttemptsMessage(4));

    const owner = await signIn(t, { flow: "signIn", email: VICTIM, password: PASSWORD, clientId: "owners-laptop" });
    expect(owner.tokens?.token).toEqual(expect.any(String));
  }, 60_000);

  test("guesses sent all at once are counted like guesses one after another", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newBackend();
    await verifiedUser(t, VICTIM);
    const guesses = Array.from({ length: 12 }, (_, index) => (index === 11 ? PASSWORD : `wrong-pw-${index}`));
    const outcomes = await Promise.allSettled(
      guesses.map((password) => signIn(t, { flow: "signIn", email: VICTIM, password, clientId: "guesser" })),
    );
    const refusals = outcomes.map((outcome) => (outcome.status === "rejected" ? String(outcome.reason) : "signed in"));
    // Three free misses and a fourth try, as one at a time; every later guess waits, the right one too.
    expect(refusals.filter((text) => text.includes(AUTH_MESSAGES.incorrectPassword))).toHaveLength(4);
    expect(refusals.filter((text) => text.includes("Too many failed attempts"))).toHaveLength(8);
    expect(refusals).not.toContain("signed in");
  }, 60_000);

  test("a right password gives back what its attempt counted: the owner's successes never slow anyone", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newBackend();
    await verifiedUser(t, VICTIM);
    for (let visit = 0; visit < 3; visit++) {
      await signIn(t, { flow: "signIn", email: VICTIM, password: PASSWORD, clientId: `device-${visit}` });
    }
    const failures = await t.run(async (ctx) => await ctx.db.query("signInFailures").collect());
    expect(failures).toEqual([]);
  }, 60_000);

  test("a stranger's wrong codes do not stop the owner verifying", async () => {
    const t = newBackend();
    await signIn(t, { flow: "signUp", email: VICTIM, password: PASSWORD });
    const code = await latestCode(t, VICTIM);
    const wrong = code === "12345678" ? "87654321" : "12345678";
    for (let attempt = 0; attempt < 10; attempt++) {
      await expect(
        signIn(t, { flow: "email-verification", email: VICTIM, code: wrong, registrationKey: "x", clientId: "x" }),
      ).rejects.toThrow(AUTH_MESSAGES.verifyNeedsPassword);
    }
    await expect(signIn(t, { flow: "email-verification", email: VICTIM, code })).resolves.toMatchObject({
      tokens: expect.any(Object),
    });
  }, 60_000);

  test("a stranger holding the address-wide count at its longest wait slows new browsers, not the owner's own", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newBackend();
    await verifiedUser(t, VICTIM);
    await signIn(t, { flow: "signIn", email: VICTIM, password: PASSWORD, clientId: "owners-laptop" });
    // What ~41 wrong guesses from as many client ids leave behind: a 15-minute wait for the address.
    await addressWaitsAfter(t, BACKOFF.address.freeFailures + 11);

    await expect(
      signIn(t, { flow: "signIn", email: VICTIM, password: PASSWORD, clientId: "strangers-next-id" }),
    ).rejects.toThrow(tooManyAttemptsMessage(BACKOFF.maxDelayMs / 1000));
    const owner = await signIn(t, { flow: "signIn", email: VICTIM, password: PASSWORD, clientId: "owners-laptop" });
    expect(owner.tokens?.token).toEqual(expect.any(String));
    // The owner's browser still waits for its own wrong guesses.
    for (let miss = 0; miss < 4; miss++) {
      await expect(
        signIn(t, { flow: "signIn", email: VICTIM, password: "wrong-pw", clientId: "owners-laptop" }),
      ).rejects.toThrow(AUTH_MESSAGES.incorrectPassword);
    }
    await expect(
      signIn(t, { flow: "signIn", email: VICTIM, password: PASSWORD, clientId: "owners-laptop" }),
    ).rejects.toThrow(tooManyAttemptsMessage(1));
  }, 60_000);

  test("a browser's trust in an address lapses 90 days after its last sign-in", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newBackend();
    await verifiedUser(t, VICTIM);
    await signIn(t, { flow: "signIn", email: VICTIM, password: PASSWORD, clientId: "old-laptop" });
    vi.advanceTimersByTime(TRUSTED_CLIENT_MS + 1);
    await addressWaitsAfter(t, BACKOFF.address.freeFailures + 1);
    await expect(
      signIn(t, { flow: "signIn", email: VICTIM, password: PASSWORD, clientId: "old-laptop" }),
    ).rejects.toThrow(tooManyAttemptsMessage(1));
  }, 60_000);

  test("a stranger's codes sent to Convex Auth without a provider do not stop the owner verifying", async () => {
    const t = newBackend();
    await signIn(t, { flow: "signUp", email: VICTIM, password: PASSWORD });
    const code = await latestCode(t, VICTIM);
    const wrong = code === "12345678" ? "87654321" : "12345678";
    // Public auth:signIn calls that name no provider go straight to Convex Auth's code check: they
    // never sign in, but each one counts a failure for params.email in Convex Auth's own table.
    for (let call = 0; call < 3; call++) {
      await expect(t.action(api.auth.signIn, { params: { email: VICTIM, code: wrong } })).resolves.toEqual({
        tokens: null,
      });
    }
    const counted = await t.run((ctx) => ctx.db.query("authRateLimits").collect());
    expect(counted.map((row) => row.identifier)).toEqual([VICTIM]);
    // What a thousand such calls leave: no attempt left for the address this hour.
    await t.run((ctx) => ctx.db.patch(counted[0]!._id, { attemptsLeft: 0, lastAttemptTime: Date.now() }));

    await expect(signIn(t, { flow: "email-verification", email: VICTIM, code })).resolves.toMatchObject({
      tokens: expect.any(Object),
    });
  }, 60_000);

  test("an address-wide count slows a guesser who keeps changing client ids", () => {
    let count = null;
    for (let failure = 0; failure < BACKOFF.address.freeFailures; failure++) count = afterFailure(count, "address", 0);
    expect(count?.retryAfter).toBe(0);
    expect(afterFailure(count, "address", 0).retryAfter).toBe(BACKOFF.firstDelayMs);
    expect(afterFailure(count, "address", BACKOFF.address.forgetAfterMs + 1).failures).toBe(1);
  });
});

describe("login CSRF through the verification link (item 9)", () => {
  test("verifying while signed in is refused and changes nothing", async () => {
    const t = newBackend();
    await verifiedUser(t, "me@example.com");
    const me = await userByEmail(t, "me@example.com");
    const session = await t.run((ctx) => ctx.db.query("authSessions").first());
    await signIn(t, { flow: "signUp", email: VICTIM, password: PASSWORD });
    const code = await latestCode(t, VICTIM);
    const signedIn = t.withIdentity({ subject: `${me?._id}|${session?._id}` });

    await expect(signIn(signedIn, { flow: "email-verification", email: VICTIM, code })).rejects.toThrow(
      AUTH_MESSAGES.alreadySignedIn,
    );
    expect((await userByEmail(t, VICTIM))?.emailVerificationTime).toBeUndefined();
  });
});

describe("input bounds (item 10)", () => {
  test("a password is 6 to 128 characters, checked before any hashing", async () => {
    const t = newBackend();
    await expect(signIn(t, { flow: "signUp", email: VICTIM, password: "x".repeat(129) })).rejects.toThrow(
      AUTH_MESSAGES.passwordTooLong,
    );
    await expect(signIn(t, { flow: "signIn", email: VICTIM, password: "x".repeat(1_000_000) })).rejects.toThrow(
      AUTH_MESSAGES.passwordTooLong,
    );
    await expect(signIn(t, { flow: "signUp", email: VICTIM, password: "x".repeat(128) })).resolves.toBeDefined();
  });

  test("an address is at most 254 characters", async () => {
    const t = newBackend();
    const local = (length: number) => `${"a".repeat(length - "@example.com".length)}@example.com`;
    await expect(signIn(t, { flow: "signUp", email: local(255), password: PASSWORD })).rejects.toThrow(
      AUTH_MESSAGES.emailTooLong,
    );
    await expect(signIn(t, { flow: "signIn", email: local(200_000), password: PASSWORD })).rejects.toThrow(
      AUTH_MESSAGES.emailTooLong,
    );
    await expect(signIn(t, { flow: "signUp", email: local(254), password: PASSWORD })).resolves.toBeDefined();
  });
});
