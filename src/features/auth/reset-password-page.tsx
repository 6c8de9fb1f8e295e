import { useAuthActions } from "@convex-dev/auth/react";
import { useQuery } from "convex/react";
import { useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { showSuccess } from "@/lib/toasts";
import { api } from "@convex/_generated/api";
import { AUTH_MESSAGES, normalizeEmail, VERIFICATION_CODE_LENGTH } from "@convex/shared/auth-messages";
import { authErrorMessage } from "./auth-errors";
import { codeDigits, registerFormProblem, verifyFormProblem } from "./auth-form-rules";
import { clientId } from "./browser-keys";
import { AuthCard } from "./components/auth-card";
import { AuthField } from "./components/auth-field";
import { DevMailboxHint } from "./components/dev-mailbox-hint";
import { FormMessage } from "./components/form-message";
import { SubmitButton, textLinkClass } from "./components/submit-button";
import { codeWasRequested, forgotPasswordPath } from "./reset-paths";
import { useSignInOptions } from "./use-sign-in-options";
import { useScreenTitle } from "@/hooks/use-screen-title";

/**
 * Choose a new password (issue 30): the 8-digit code from the reset e-mail (filled in when the
 * mail's link opened the page, ?email=…&code=…) and a new password under registration's rules.
 * Success signs in here, every other session of the account is signed out, and home says so.
 * Someone already signed in in this browser is asked to log out first: the reset signs in as the
 * address's owner and must never swap the open session silently.
 */
export default function ResetPasswordPage() {
  useScreenTitle("Reset password");
  const { signIn, signOut } = useAuthActions();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const options = useSignInOptions();
  const viewer = useQuery(api.users.viewer);
  const [email, setEmail] = useState(searchParams.get("email") ?? "");
  const [code, setCode] = useState(codeDigits(searchParams.get("code") ?? ""));
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const linkCode = searchParams.get("code") !== null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = verifyFormProblem(email, code) ?? registerFormProblem(email, password, confirmPassword);
    setError(problem);
    if (problem !== null) return;
    setBusy(true);
    try {
      const { signingIn } = await signIn("password", {
        flow: "reset-verification",
        email: normalizeEmail(email),
        code,
        newPassword: password,
        clientId: clientId(),
      });
      if (signingIn) {
        showSuccess("Password changed");
        navigate(paths.home.href(), { replace: true });
        return;
      }
      setError(AUTH_MESSAGES.invalidResetCode);
    } catch (failure) {
      setError(authErrorMessage(failure, AUTH_MESSAGES.invalidResetCode));
    }
    setBusy(false);
  }

  async function logOutFirst() {
    setSigningOut(true);
    try {
      // Stays on this page: once signed out, the form below takes the code.
      await signOut();
    } finally {
      setSigningOut(false);
    }
  }

  const footer = (
    <>
      <Link to={forgotPasswordPath(email)} className={textLinkClass}>
        Request a new code
      </Link>
      {" · "}
      <Link to={paths.login.href()} className={textLinkClass}>
        Back to Login
      </Link>
    </>
  );

  if (viewer) {
    return (
      <AuthCard
        title="Reset password"
        intro={`You are logged in as ${viewer.email}. Log out first to reset a password.`}
        footer={
          <Link to={paths.home.href()} className={textLinkClass}>
            Go to the home page
          </Link>
        }
      >
        <Button variant="primary" size="lg" className="w-full" loading={signingOut} onClick={() => void logOutFirst()}>
          Log out
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset password"
      intro={`Enter the ${VERIFICATION_CODE_LENGTH}-digit code from the e-mail and choose a new password.`}
      footer={footer}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <FormMessage tone="success">{codeWasRequested(location.state) ? AUTH_MESSAGES.resetSent : null}</FormMessage>
        <AuthField label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
        <AuthField
          label="Reset code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="8 digits"
          maxLength={VERIFICATION_CODE_LENGTH}
          value={code}
          onChange={(value) => setCode(codeDigits(value))}
          autoFocus={!linkCode}
        />
        <AuthField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          autoFocus={linkCode}
        />
        <AuthField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={setConfirmPassword}
        />
        <FormMessage tone="error">{error}</FormMessage>
        <SubmitButton busy={busy} busyLabel="Saving...">
          Set new password
        </SubmitButton>
      </form>
      {options.devMailbox && <DevMailboxHint />}
    </AuthCard>
  );
}
