/**
 * Settings a deployment must have before it sends mail (issue 34). The local backend supplies
 * them (SITE_URL, the dev mailbox); a Convex deployment starts without, and what went wrong then
 * was silent: links in mails became relative and opened nowhere, and Resend's shared sender
 * refused every address but its account owner's, so sign-ups failed with "mail not sent".
 * Now mail is refused with the missing setting named in the function log (lib/mail.ts), and
 * admins see the same list on /moderation (deploymentSettings.problems).
 */

/** Resend's shared test sender: it delivers only to the Resend account owner's own address. */
export const RESEND_SHARED_SENDER_DOMAIN = "@resend.dev";

/** One setting that is missing or wrong, and what goes wrong because of it. */
export type SettingProblem = { setting: string; problem: string };

type Environment = Record<string, string | undefined>;

/**
 * What keeps mail from working in `env` (empty when nothing does). The dev mailbox needs nothing:
 * its page shows the mail on the same origin, so a relative link still opens there.
 */
export function mailSettingProblems(env: Environment = process.env): SettingProblem[] {
  if (env.AUTH_DEV_MAILBOX === "1") return [];
  if (!env.RESEND_API_KEY) {
    return [
      {
        setting: "RESEND_API_KEY",
        problem: "No mail can be sent: set it to a Resend API key (or AUTH_DEV_MAILBOX=1 for local use only).",
      },
    ];
  }
  const problems: SettingProblem[] = [];
  if (!env.SITE_URL || !/^https?:\/\/[^/]/.test(env.SITE_URL)) {
    problems.push({
      setting: "SITE_URL",
      problem:
        "Links in mails (e-mail verification, password reset) need the app's address, e.g. https://dumy.example.",
    });
  }
  const from = env.AUTH_EMAIL_FROM ?? "";
  if (from === "" || from.toLowerCase().includes(RESEND_SHARED_SENDER_DOMAIN)) {
    problems.push({
      setting: "AUTH_EMAIL_FROM",
      problem:
        "Mail needs a sender on a domain verified in Resend, e.g. DUMY <hello@dumy.example>: Resend's shared onboarding@resend.dev delivers only to the Resend account's owner.",
    });
  }
  return problems;
}

/** One line for the function log naming every problem. */
export function describeProblems(problems: readonly SettingProblem[]): string {
  return problems.map(({ setting, problem }) => `${setting}: ${problem}`).join(" ");
}
