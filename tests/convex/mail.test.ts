/**
 * The app's one mail path (convex/lib/mail.ts, issue 30): the dev mailbox offline, the
 * @convex-dev/resend component on a deployment, a clear refusal with neither.
 */
import { Resend } from "@convex-dev/resend";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, components, internal } from "../../convex/_generated/api";
import type { OutgoingMail } from "../../convex/lib/mail";
import { AUTH_MESSAGES } from "../../convex/shared/auth-messages";
import { useAuthEnvironment } from "./auth-env";
import { newBackend, type TestBackend } from "./test-env";

const MAIL: OutgoingMail = {
  to: "dora@example.com",
  subject: "Your DUMY reset code",
  text: "Your code is 12345678.",
  html: "<p>Your code is <strong>12345678</strong>.</p>",
  code: "12345678",
  link: "http://127.0.0.1:5173/reset-password?code=12345678",
};

beforeEach(async () => {
  await useAuthEnvironment();
  // The component schedules its batch worker a second after a mail is queued; frozen timers keep
  // that worker (and its HTTP call) from running, so a test sees the queue as the mutation left it.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function mailboxRows(t: TestBackend) {
  return await t.run((ctx) => ctx.db.query("devMailbox").collect());
}

describe("with the dev mailbox on", () => {
  test("stores subject, recipient, text, code and link, and no HTML", async () => {
    const t = newBackend();
    await t.mutation(internal.mail.queue, MAIL);
    const [row] = await mailboxRows(t);
    expect(row).toMatchObject({
      to: MAIL.to,
      subject: MAIL.subject,
      text: MAIL.text,
      code: MAIL.code,
      link: MAIL.link,
    });
    expect(row).not.toHaveProperty("html");
  });

  test("stores a notice without code or link, and the page's list shows it so", async () => {
    const t = newBackend();
    const notice = { to: MAIL.to, subject: "Your e-mail address was changed", text: "Notice.", html: "<p>Notice.</p>" };
    await t.mutation(internal.mail.queue, notice);
    const [row] = await mailboxRows(t);
    expect(row).not.toHaveProperty("code");
    expect(row).not.toHaveProperty("link");
    const [listed] = await t.query(api.devMailbox.list, {});
    expect(listed).toMatchObject({ subject: notice.subject, text: notice.text });
    expect(listed?.code).toBeUndefined();
    expect(listed?.link).toBeUndefined();
  });

  test("never reaches the Resend component, even with an API key set", async () => {
    const t = newBackend();
    process.env.RESEND_API_KEY = "re_test";
    const send = vi.spyOn(Resend.prototype, "sendEmail");
    await t.mutation(internal.mail.queue, MAIL);
    expect(send).not.toHaveBeenCalled();
    expect(await mailboxRows(t)).toHaveLength(1);
  });
});

describe("with the dev mailbox off and RESEND_API_KEY set", () => {
  test("queues the mail in the Resend component, from AUTH_EMAIL_FROM, with no HTTP call yet", async () => {
    const t = newBackend();
    delete process.env.AUTH_DEV_MAILBOX;
    process.env.RESEND_API_KEY = "re_test";
    process.env.AUTH_EMAIL_FROM = "DUMY <mail@dumy.example>";
    const fetchMock = vi.fn(async () => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const send = vi.spyOn(Resend.prototype, "sendEmail");

    await t.mutation(internal.mail.queue, MAIL);

    expect(send).toHaveBeenCalledTimes(1);
    const emailId = (await send.mock.results[0]?.value) as string;
    const queued = await t.run((ctx) => ctx.runQuery(components.resend.lib.get, { emailId }));
    expect(queued).toMatchObject({
      from: "DUMY <mail@dumy.example>",
      to: [MAIL.to],
      subject: MAIL.subject,
      text: MAIL.text,
      html: MAIL.html,
      status: "waiting",
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await mailboxRows(t)).toHaveLength(0);
  });

  test.each([
    ["AUTH_EMAIL_FROM", "unset", undefined],
    ["AUTH_EMAIL_FROM", "Resend's shared sender", "DUMY <onboarding@resend.dev>"],
    ["SITE_URL", "unset", undefined],
    ["SITE_URL", "not an address", "dumy.example"],
  ])("refuses to send, naming %s in the log, when it is %s", async (setting, _how, value) => {
    const t = newBackend();
    delete process.env.AUTH_DEV_MAILBOX;
    process.env.RESEND_API_KEY = "re_test";
    process.env.AUTH_EMAIL_FROM = "DUMY <mail@dumy.example>";
    if (value === undefined) delete process.env[setting];
    else process.env[setting] = value;
    const send = vi.spyOn(Resend.prototype, "sendEmail");
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);

    await expect(t.mutation(internal.mail.queue, MAIL)).rejects.toThrow(AUTH_MESSAGES.mailNotSent);

    expect(send).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.stringContaining(`${setting}:`));
    expect(await mailboxRows(t)).toHaveLength(0);
  });
});

describe("mail kept by the Resend component", () => {
  test("is forgotten by the hourly clean-up once it is a week old, codes and addresses with it", async () => {
    const t = newBackend();
    delete process.env.AUTH_DEV_MAILBOX;
    process.env.RESEND_API_KEY = "re_test";
    process.env.AUTH_EMAIL_FROM = "DUMY <mail@dumy.example>";
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const send = vi.spyOn(Resend.prototype, "sendEmail");
    await t.mutation(internal.mail.queue, MAIL);
    const emailId = (await send.mock.results[0]?.value) as string;

    await t.mutation(internal.mail.forgetOldMail, {});
    expect(await t.run((ctx) => ctx.runQuery(components.resend.lib.get, { emailId }))).not.toBeNull();

    vi.setSystemTime(Date.now() + 8 * 24 * 60 * 60 * 1000);
    await t.mutation(internal.mail.forgetOldMail, {});
    expect(await t.run((ctx) => ctx.runQuery(components.resend.lib.get, { emailId }))).toBeNull();
  });
});

describe("with no way to send mail", () => {
  test("refuses with mailNotSent, says why in the server log, and stores nothing", async () => {
    const t = newBackend();
    delete process.env.AUTH_DEV_MAILBOX;
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const send = vi.spyOn(Resend.prototype, "sendEmail");

    await expect(t.mutation(internal.mail.queue, MAIL)).rejects.toThrow(AUTH_MESSAGES.mailNotSent);

    expect(logged).toHaveBeenCalledWith(expect.stringContaining("RESEND_API_KEY"));
    expect(send).not.toHaveBeenCalled();
    expect(await mailboxRows(t)).toHaveLength(0);
  });
});
