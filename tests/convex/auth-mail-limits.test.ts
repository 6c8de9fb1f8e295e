/** Security review item 7: sign-up and resend cannot be used to flood an inbox. */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { AUTH_MESSAGES } from "../../convex/shared/auth-messages";
import { mailLimitMessage } from "../../convex/lib/mail-limits";
import { useAuthEnvironment } from "./auth-env";
import { mailTo, PASSWORD, signIn, userByEmail } from "./auth-kit";
import { newBackend } from "./test-env";

const VICTIM = "victim@example.com";
const MINUTE = 60_000;

beforeEach(async () => {
  await useAuthEnvironment();
  // A morning on the hour: the limits' windows start every 10 minutes and each UTC day, so none
  // closes during a test.
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-04T08:00:00Z") });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("verification e-mail limits", () => {
  test("an address gets at most 3 mails in 10 minutes, whoever asks, then the resend button says how long to wait", async () => {
    const t = newBackend();
    await signIn(t, { flow: "signUp", email: VICTIM, password: PASSWORD, clientId: "a" });
    await signIn(t, { flow: "email-verification", email: VICTIM, clientId: "b" });
    await signIn(t, { flow: "signUp", email: VICTIM, password: PASSWORD, clientId: "c" });
    await expect(signIn(t, { flow: "email-verification", email: VICTIM, clientId: "d" })).rejects.toThrow(
      /^Failed to resend verification email\. Please try again in \d+ minutes?\.$/,
    );
    await expect(signIn(t, { flow: "signUp", email: VICTIM, password: PASSWORD, clientId: "e" })).rejects.toThrow(
      /Too many verification e-mails for this address. Please try again in \d+ minutes?\./,
    );
    expect(await mailTo(t, VICTIM)).toHaveLength(3);

    vi.advanceTimersByTime(11 * MINUTE);
    await expect(signIn(t, { flow: "email-verification", email: VICTIM, clientId: "d" })).resolves.toBeDefined();
    expect(await mailTo(t, VICTIM)).toHaveLength(4);
  }, 60_000);

  test("an address gets at most 10 mails a day", async () => {
    const t = newBackend();
    await signIn(t, { flow: "signUp", email: VICTIM, password: PASSWORD, clientId: "c0" });
    for (let mail = 1; mail < 10; mail++) {
      if (mail % 3 === 0) vi.advanceTimersByTime(11 * MINUTE);
      await signIn(t, { flow: "email-verification", email: VICTIM, clientId: `c${mail}` });
    }
    vi.advanceTimersByTime(11 * MINUTE);
    await expect(signIn(t, { flow: "email-verification", email: VICTIM, clientId: "c10" })).rejects.toThrow(
      /Please try again in \d+ (minutes|hours)\./,
    );
    expect(await mailTo(t, VICTIM)).toHaveLength(10);
  }, 60_000);

  test("resends sent all at once get no more mails through than one after another", async () => {
    const t = newBackend();
    await signIn(t, { flow: "signUp", email: VICTIM, password: PASSWORD, clientId: "owner" });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, index) =>
        signIn(t, { flow: "email-verification", email: VICTIM, clientId: `flooder-${index}` }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(2);
    expect(await mailTo(t, VICTIM)).toHaveLength(3);
  }, 60_000);

  test("a sign-up refused for too many mails leaves an unverified account's password as it was", async () => {
    const t = newBackend();
    // The victim's address has used its 3 mails; an attacker's sign-up for it is refused and
    // must not replace the victim's password.
    await signIn(t, { flow: "signUp", email: VICTIM, password: PASSWORD, clientId: "victim" });
    await signIn(t, { flow: "email-verification", email: VICTIM, clientId: "victim" });
    await signIn(t, { flow: "email-verification", email: VICTIM, clientId: "victim-2" });
    await expect(
      signIn(t, { flow: "signUp", email: VICTIM, password: "attacker-pw", clientId: "attacker" }),
    ).rejects.toThrow(/Too many verification e-mails/);
    vi.advanceTimersByTime(11 * MINUTE);
    await expect(
      signIn(t, { flow: "signIn", email: VICTIM, password: "attacker-pw", clientId: "attacker" }),
    ).rejects.toThrow(AUTH_MESSAGES.incorrectPassword);
    await expect(
      signIn(t, { flow: "signIn", email: VICTIM, password: PASSWORD, clientId: "victim" }),
    ).resolves.toBeDefined();
  }, 60_000);

  test("one client cannot spray many inboxes, and a refused sign-up creates no account", async () => {
    const t = newBackend();
    for (const name of ["a", "b", "c"]) {
      await signIn(t, { flow: "signUp", email: `${name}@example.com`, password: PASSWORD, clientId: "sprayer" });
    }
    await expect(
      signIn(t, { flow: "signUp", email: "d@example.com", password: PASSWORD, clientId: "sprayer" }),
    ).rejects.toThrow(/Too many verification e-mails/);
    expect(await mailTo(t, "d@example.com")).toHaveLength(0);
    // Refused before it wrote anything: no account was made for the address.
    expect(await userByEmail(t, "d@example.com")).toBeNull();
  }, 60_000);

  test("the resend refusal keeps the seed's wording", () => {
    expect(mailLimitMessage(90_000, "resend")).toBe(
      "Failed to resend verification email. Please try again in 2 minutes.",
    );
    expect(AUTH_MESSAGES.resendFailed).toBe("Failed to resend verification email. Please try again.");
  });
});
