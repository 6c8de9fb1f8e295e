import { decodeJwt } from "jose";
import { beforeEach, describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { AUTH_MESSAGES } from "../../convex/shared/auth-messages";
import { getCounter } from "../../convex/lib/counters";
import { DEFAULT_PERSONALITY } from "../../convex/shared/validators";
import { TEST_SITE_URL, useAuthEnvironment } from "./auth-env";
import { latestCode, mailTo, PASSWORD, sessionCount, signIn, userByEmail, verifiedUser } from "./auth-kit";
import { newBackend } from "./test-env";

beforeEach(async () => {
  await useAuthEnvironment();
});

describe("sign-up", () => {
  test("creates an unverified account, no session, and an 8-digit code with a one-click link in the dev mailbox", async () => {
    const t = newBackend();
    const result = await signIn(t, { flow: "signUp", email: "dora@example.com", password: PASSWORD });

    expect(result.tokens ?? null).toBeNull();
    expect(await sessionCount(t)).toBe(0);
    const user = await userByEmail(t, "dora@example.com");
    expect(user?.emailVerificationTime).toBeUndefined();
    const [mail, ...more] = await mailTo(t, "dora@example.com");
    expect(more).toHaveLength(0);
    expect(mail?.code).toMatch(/^\d{8}$/);
    expect(mail?.link).toBe(`${TEST_SITE_URL}/verify-email?email=dora%40example.com&code=${mail?.code}`);
  });

  test("stores the address lowercase and trimmed", async () => {
    const t = newBackend();
    await signIn(t, { flow: "signUp", email: "  Dora@Example.COM ", password: PASSWORD });
    expect(await userByEmail(t, "dora@example.com")).not.toBeNull();
    expect(await mailTo(t, "dora@example.com")).toHaveLength(1);
  });

  test("refuses a password shorter than 6 characters", async () => {
    const t = newBackend();
    await expect(signIn(t, { flow: "signUp", email: "dora@example.com", password: "12345" })).rejects.toThrow(
      AUTH_MESSAGES.weakPassword,
    );
    expect(await userByEmail(t, "dora@example.com")).toBeNull();
  });

  test("refuses an address that is not an e-mail", async () => {
    const t = newBackend();
    await expect(signIn(t, { flow: "signUp", email: "dora", password: PASSWORD })).rejects.toThrow(
      AUTH_MESSAGES.invalidEmail,
    );
  });

  test("refuses an address whose account is verified, whatever the password", async () => {
    const t = newBackend();
    await verifiedUser(t, "dora@example.com");
    await expect(signIn(t, { flow: "signUp", email: "DORA@example.com", password: PASSWORD })).rejects.toThrow(
      AUTH_MESSAGES.emailInUse,
    );
    await expect(signIn(t, { flow: "signUp", email: "dora@example.com", password: "other-pw" })).rejects.toThrow(
      AUTH_MESSAGES.emailInUse,
    );
  });
});

describe("e-mail verification", () => {
  test("a wrong code fails and leaves the account unverified", async () => {
    const t = newBackend();
    await signIn(t, { flow: "signUp", email: "dora@example.com", password: PASSWORD });
    const right = await latestCode(t, "dora@example.com");
    const wrong = right === "12345678" ? "87654321" : "12345678";

    await expect(signIn(t, { flow: "email-verification", email: "dora@example.com", code: wrong })).rejects.toThrow(
      AUTH_MESSAGES.invalidCode,
    );
    expect((await userByEmail(t, "dora@example.com"))?.emailVerificationTime).toBeUndefined();
    expect(await sessionCount(t)).toBe(0);
  });

  test("the right code verifies the address and signs in with tokens for that user", async () => {
    const t = newBackend();
    await signIn(t, { flow: "signUp", email: "dora@example.com", password: PASSWORD });
    const code = await latestCode(t, "dora@example.com");

    const result = await signIn(t, { flow: "email-verification", email: "Dora@example.com", code });

    const user = await userByEmail(t, "dora@example.com");
    expect(user?.emailVerificationTime).toEqual(expect.any(Number));
    const subject = decodeJwt(result.tokens?.token ?? "").sub ?? "";
    expect(subject.split("|")[0]).toBe(user?._id);
    const viewer = await t.withIdentity({ subject }).query(api.users.viewer, {});
    expect(viewer).toMatchObject({ email: "dora@example.com", emailVerified: true, displayName: "New User" });
  });

  test("a code works only once", async () => {
    const t = newBackend();
    await signIn(t, { flow: "signUp", email: "dora@example.com", password: PASSWORD });
    const code = await latestCode(t, "dora@example.com");
    await signIn(t, { flow: "email-verification", email: "dora@example.com", code });
    await expect(signIn(t, { flow: "email-verification", email: "dora@example.com", code })).rejects.toThrow(
      AUTH_MESSAGES.alreadyVerified,
    );
  });

  test("a code is refused for another address", async () => {
    const t = newBackend();
    await signIn(t, { flow: "signUp", email: "dora@example.com", password: PASSWORD });
    await signIn(t, { flow: "signUp", email: "eve@example.com", password: PASSWORD });
    const dorasCode = await latestCode(t, "dora@example.com");
    await expect(signIn(t, { flow: "email-verification", email: "eve@example.com", code: dorasCode })).rejects.toThrow(
      AUTH_MESSAGES.invalidCode,
    );
  });

  test("resending mails a new code that replaces the old one", async () => {
    const t = newBackend();
    await signIn(t, { flow: "signUp", email: "dora@example.com", password: PASSWORD });
    const first = await latestCode(t, "dora@example.com");

    const result = await signIn(t, { flow: "email-verification", email: "dora@example.com" });

    expect(result.tokens ?? null).toBeNull();
    expect(await mailTo(t, "dora@example.com")).toHaveLength(2);
    const second = await latestCode(t, "dora@example.com");
    if (first !== second) {
      await expect(signIn(t, { flow: "email-verification", email: "dora@example.com", code: first })).rejects.toThrow(
        AUTH_MESSAGES.invalidCode,
      );
    }
    await expect(
      signIn(t, { flow: "email-verification", email: "dora@example.com", code: second }),
    ).resolves.toMatchObject({ tokens: expect.any(Object) });
  });

  test("resending is refused for an unknown or already verified address", async () => {
    const t = newBackend();
    await expect(signIn(t, { flow: "email-verification", email: "nobody@example.com" })).rejects.toThrow(
      AUTH_MESSAGES.accountNotFound,
    );
    await verifiedUser(t, "dora@example.com");
    await expect(signIn(t, { flow: "email-verification", email: "dora@example.com" })).rejects.toThrow(
      AUTH_MESSAGES.alreadyVerified,
    );
  });
});

describe("sign-in", () => {
  test("an unverified account gets no session, and a fresh code is mailed", async () => {
    const t = newBackend();
    await signIn(t, { flow: "signUp", email: "dora@example.com", password: PASSWORD });

    const result = await signIn(t, { flow: "signIn", email: "dora@example.com", password: PASSWORD });

    expect(result.tokens ?? null).toBeNull();
    expect(await sessionCount(t)).toBe(0);
    expect(await mailTo(t, "dora@example.com")).toHaveLength(2);
  });

  test("a verified account signs in with its password", async () => {
    const t = newBackend();
    await verifiedUser(t, "dora@example.com");
    const result = await signIn(t, { flow: "signIn", email: " DORA@example.com", password: PASSWORD });
    expect(result.tokens?.token).toEqual(expect.any(String));
  });

  test("reports an unknown account and a wrong password with the seed's messages", async () => {
    const t = newBackend();
    await verifiedUser(t, "dora@example.com");
    await expect(signIn(t, { flow: "signIn", email: "nobody@example.com", password: PASSWORD })).rejects.toThrow(
      AUTH_MESSAGES.accountNotFound,
    );
    await expect(signIn(t, { flow: "signIn", email: "dora@example.com", password: "wrong-pw" })).rejects.toThrow(
      AUTH_MESSAGES.incorrectPassword,
    );
  });
});

describe("profile on first sign-in", () => {
  test("is created once with the seed defaults, however often the user signs in", async () => {
    const t = newBackend();
    await verifiedUser(t, "dora@example.com");
    await signIn(t, { flow: "signIn", email: "dora@example.com", password: PASSWORD });
    await signIn(t, { flow: "signIn", email: "dora@example.com", password: PASSWORD });

    const user = await userByEmail(t, "dora@example.com");
    const profiles = await t.run((ctx) => ctx.db.query("profiles").collect());
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({
      userId: user?._id,
      email: "dora@example.com",
      displayName: "New User",
      personality: DEFAULT_PERSONALITY,
    });
    expect(profiles[0]?.photoURL).toBeUndefined();
  });

  test("an account that never verified its address has no profile and is not counted among the people", async () => {
    const t = newBackend();
    await signIn(t, { flow: "signUp", email: "junk@example.com", password: PASSWORD });
    await signIn(t, { flow: "signIn", email: "junk@example.com", password: PASSWORD });
    await signIn(t, { flow: "email-verification", email: "junk@example.com" });

    expect(await userByEmail(t, "junk@example.com")).not.toBeNull();
    expect(await t.run((ctx) => ctx.db.query("profiles").collect())).toHaveLength(0);
    expect(await profilesCounter(t)).toBe(0);
  });

  test("is made and counted when the e-mail code is accepted, not before", async () => {
    const t = newBackend();
    await signIn(t, { flow: "signUp", email: "dora@example.com", password: PASSWORD });
    expect(await t.run((ctx) => ctx.db.query("profiles").collect())).toHaveLength(0);

    await signIn(t, {
      flow: "email-verification",
      email: "dora@example.com",
      code: await latestCode(t, "dora@example.com"),
    });
    await signIn(t, { flow: "signIn", email: "dora@example.com", password: PASSWORD });

    const user = await userByEmail(t, "dora@example.com");
    const profiles = await t.run((ctx) => ctx.db.query("profiles").collect());
    expect(profiles).toMatchObject([{ userId: user?._id, email: "dora@example.com", displayName: "New User" }]);
    expect(await profilesCounter(t)).toBe(1);
  });
});

async function profilesCounter(t: ReturnType<typeof newBackend>): Promise<number> {
  return await t.run((ctx) => getCounter(ctx, "profiles"));
}
