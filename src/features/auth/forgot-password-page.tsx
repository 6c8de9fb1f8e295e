import { useAuthActions } from "@convex-dev/auth/react";
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { paths } from "@/config/paths";
import { AUTH_MESSAGES, isEmailAddress, MAX_EMAIL_LENGTH, normalizeEmail } from "@convex/shared/auth-messages";
import { authErrorMessage } from "./auth-errors";
import { clientId } from "./browser-keys";
import { AuthCard } from "./components/auth-card";
import { AuthField } from "./components/auth-field";
import { DevMailboxHint } from "./components/dev-mailbox-hint";
import { FormMessage } from "./components/form-message";
import { SubmitButton, textLinkClass } from "./components/submit-button";
import { CODE_REQUESTED, resetPasswordPath } from "./reset-paths";
import { useSignInOptions } from "./use-sign-in-options";
import { useScreenTitle } from "@/hooks/use-screen-title";

const SEND_FAILED = "The code could not be sent. Please try again.";

/**
 * Forgot password (issue 30): asks for the address and has a reset code mailed. The server
 * answers the same whether or not the address has an account, so this page cannot tell either:
 * it always goes on to the reset page, which shows the neutral answer.
 */
export default function ForgotPasswordPage() {
  useScreenTitle("Forgot password");
  const { signIn } = useAuthActions();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const options = useSignInOptions();
  const [email, setEmail] = useState(searchParams.get("email") ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const address = normalizeEmail(email);
    const problem =
      address.length > MAX_EMAIL_LENGTH
        ? AUTH_MESSAGES.emailTooLong
        : isEmailAddress(address)
          ? null
          : AUTH_MESSAGES.invalidEmail;
    setError(problem);
    if (problem !== null) return;
    setBusy(true);
    try {
      await signIn("password", { flow: "reset", email: address, clientId: clientId() });
      navigate(resetPasswordPath(address), { state: CODE_REQUESTED });
    } catch (failure) {
      setError(authErrorMessage(failure, SEND_FAILED));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Forgot password"
      intro="Enter the e-mail address of your account. We will e-mail you a code to choose a new password."
      footer={
        <Link to={paths.login.href()} className={textLinkClass}>
          Back to Login
        </Link>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <AuthField label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} autoFocus />
        <FormMessage tone="error">{error}</FormMessage>
        <SubmitButton busy={busy} busyLabel="Sending...">
          Send code
        </SubmitButton>
      </form>
      {options.devMailbox && <DevMailboxHint />}
    </AuthCard>
  );
}
