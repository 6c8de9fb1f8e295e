/**
 * Production settings fail loudly (issue 34): an admin sees on /moderation which setting keeps
 * mail from working, the same list lib/mail.ts names in the log when it refuses a mail.
 */
import { beforeEach, describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { mailSettingProblems } from "../../convex/lib/deployment-settings";
import { useAuthEnvironment } from "./auth-env";
import { newBackend, signedInUser } from "./test-env";

beforeEach(async () => {
  await useAuthEnvironment();
});

async function adminOf(t: ReturnType<typeof newBackend>) {
  const admin = await signedInUser(t, { name: "Ada" });
  await t.run(async (ctx) => {
    await ctx.db.insert("roles", { userId: admin.userId, role: "admin" });
  });
  return admin;
}

function settingsOf(problems: { setting: string }[]): string[] {
  return problems.map(({ setting }) => setting);
}

describe("the settings mail needs", () => {
  test("are all there with the dev mailbox, whose page opens relative links itself", () => {
    expect(mailSettingProblems({ AUTH_DEV_MAILBOX: "1" })).toEqual([]);
  });

  test("name RESEND_API_KEY when there is no way to send at all", () => {
    expect(settingsOf(mailSettingProblems({ SITE_URL: "https://dumy.example" }))).toEqual(["RESEND_API_KEY"]);
  });

  test("name SITE_URL and the sender when Resend would send broken links from its shared address", () => {
    expect(settingsOf(mailSettingProblems({ RESEND_API_KEY: "re_x" }))).toEqual(["SITE_URL", "AUTH_EMAIL_FROM"]);
    expect(
      settingsOf(
        mailSettingProblems({
          RESEND_API_KEY: "re_x",
          SITE_URL: "https://dumy.example",
          AUTH_EMAIL_FROM: "DUMY <onboarding@resend.dev>",
        }),
      ),
    ).toEqual(["AUTH_EMAIL_FROM"]);
  });

  test("are satisfied by a key, the site's address and a sender of its own", () => {
    expect(
      mailSettingProblems({
        RESEND_API_KEY: "re_x",
        SITE_URL: "https://dumy.example",
        AUTH_EMAIL_FROM: "DUMY <hello@dumy.example>",
      }),
    ).toEqual([]);
  });
});

describe("deploymentSettings.problems", () => {
  test("shows an admin what is missing, and nothing once it is set", async () => {
    const t = newBackend();
    const admin = await adminOf(t);
    delete process.env.AUTH_DEV_MAILBOX;
    process.env.RESEND_API_KEY = "re_test";
    delete process.env.SITE_URL;

    const missing = await admin.as.query(api.deploymentSettings.problems, {});
    expect(settingsOf(missing)).toEqual(["SITE_URL", "AUTH_EMAIL_FROM"]);
    expect(missing[0]?.problem).toContain("https://");

    process.env.SITE_URL = "https://dumy.example";
    process.env.AUTH_EMAIL_FROM = "DUMY <hello@dumy.example>";
    expect(await admin.as.query(api.deploymentSettings.problems, {})).toEqual([]);
  });
});
