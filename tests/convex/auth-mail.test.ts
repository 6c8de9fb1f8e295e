import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { Resend } from "@convex-dev/resend";
import { api, components } from "../../convex/_generated/api";
import { generateVerificationCode } from "../../convex/lib/auth-email";
import { AUTH_MESSAGES } from "../../convex/shared/auth-messages";
import { useAuthEnvironment } from "./auth-env";
import { newBackend } from "./test-env";

beforeEach(async () => {
  await useAuthEnvironment();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function signUp(t: ReturnType<typeof newBackend>, email: string) {
  return t.action(api.auth.signIn, { provider: "password", params: { flow: "signUp", email, password: "secret-1" } });
}

describe("verification codes", () => {
  test("are 8 digits, leading zeros kept, and not repeated", () => {
    const codes = Array.from({ length: 200 }, () => generateVerificationCode());
    for (const code of codes) expect(code).toMatch(/^\d{8}$/);
    expect(new Set(codes).size).toBeGreaterThan(195);
  });
});

describe("dev mailbox", () => {
  test("lists messages newest first with recipient, subject, code, link and time, without a login", async () => {
    const t = newBackend();
    await signUp(t, "first@example.com");
    await signUp(t, "second@example.com");

    const messages = await t.query(api.devMailbox.list, {});

    expect(messages.map((message) => message.to)).toEqual(["second@example.com", "first@example.com"]);
    expect(messages[0]).toMatchObject({
      subject: expect.stringContaining("verification"),
      code: expect.stringMatching(/^\d{8}$/),
      link: expect.stringContaining("/verify-email?email=second%40example.com&code="),
      _creationTime: expect.any(Number),
    });
  });

  test("returns at most the 50 newest messages", async () => {
    const t = newBackend();
    await t.run(async (ctx) => {
      for (let n = 0; n < 55; n++) {
        await ctx.db.insert("devMailbox", { to: `user${n}@example.com`, subject: "s", code: "00000000", link: "l" });
      }
    });
    const messages = await t.query(api.devMailbox.list, {});
    expect(messages).toHaveLength(50);
    expect(messages[0]?.to).toBe("user54@example.com");
  });

  test("is refused when the deployment does not run with AUTH_DEV_MAILBOX=1", async () => {
    const t = newBackend();
    delete process.env.AUTH_DEV_MAILBOX;
    await expect(t.query(api.devMailbox.list, {})).rejects.toThrow(AUTH_MESSAGES.mailboxUnavailable);
  });
});

describe("mail transport without the dev mailbox", () => {
  test("queues the code in the Resend component when RESEND_API_KEY is set, with no bare fetch (issue 30)", async () => {
    // Frozen timers: the component's batch worker (and its HTTP call) must not run in this test.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const t = newBackend();
    delete process.env.AUTH_DEV_MAILBOX;
    process.env.RESEND_API_KEY = "re_test";
    process.env.AUTH_EMAIL_FROM = "DUMY <mail@dumy.example>";
    const fetchMock = vi.fn(async () => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const send = vi.spyOn(Resend.prototype, "sendEmail");

    await signUp(t, "dora@example.com");

    expect(send).toHaveBeenCalledTimes(1);
    const emailId = (await send.mock.results[0]?.value) as string;
    const queued = await t.run((ctx) => ctx.runQuery(components.resend.lib.get, { emailId }));
    expect(queued).toMatchObject({ from: "DUMY <mail@dumy.example>", to: ["dora@example.com"], status: "waiting" });
    expect(queued?.text).toMatch(/\b\d{8}\b/);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await t.run((ctx) => ctx.db.query("devMailbox").collect())).toHaveLength(0);
  });

  test("fails with a clear message when no transport is configured", async () => {
    const t = newBackend();
    delete process.env.AUTH_DEV_MAILBOX;
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);

    await expect(signUp(t, "dora@example.com")).rejects.toThrow(AUTH_MESSAGES.mailNotSent);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("RESEND_API_KEY"));
  });
});

describe("sign-in options", () => {
  test("offer Google only when both of its credentials are set, and the mailbox only when on", async () => {
    const t = newBackend();
    expect(await t.query(api.users.signInOptions, {})).toEqual({ google: false, devMailbox: true });
    process.env.AUTH_GOOGLE_ID = "id";
    expect(await t.query(api.users.signInOptions, {})).toEqual({ google: false, devMailbox: true });
    process.env.AUTH_GOOGLE_SECRET = "secret";
    delete process.env.AUTH_DEV_MAILBOX;
    expect(await t.query(api.users.signInOptions, {})).toEqual({ google: true, devMailbox: false });
  });
});
