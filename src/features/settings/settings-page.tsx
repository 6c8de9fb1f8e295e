import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { useScreenTitle } from "@/hooks/use-screen-title";
import { DeleteAccountSection } from "./components/delete-account-section";
import { EmailSection } from "./components/email-section";
import { ExportSection } from "./components/export-section";
import { PasswordSection } from "./components/password-section";
import { SessionsSection } from "./components/sessions-section";

/**
 * The signed-in person's account settings (issue 30): password, e-mail address, other devices,
 * a copy of their data and leaving. Always the caller's own account: the server reads who is
 * asking from the session, never from the URL.
 */
export default function SettingsPage() {
  useScreenTitle("Settings");
  return (
    <section className="mx-auto max-w-2xl space-y-6 px-3 py-6 sm:px-6 sm:py-10">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-fg">Settings</h1>
        <p className="mt-2 text-fg-muted">
          Your account&apos;s password, e-mail address and devices, a copy of your data, and leaving. Your profile is
          edited on{" "}
          <Link to={paths.account.href()} className="font-semibold text-accent-fg underline underline-offset-2">
            your account page
          </Link>
          .
        </p>
      </header>
      <PasswordSection />
      <EmailSection />
      <SessionsSection />
      <ExportSection />
      <DeleteAccountSection />
    </section>
  );
}
