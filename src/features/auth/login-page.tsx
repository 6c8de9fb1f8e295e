import { useAuthActions } from "@convex-dev/auth/react";
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { paths } from "@/config/paths";
import { AUTH_MESSAGES, normalizeEmail } from "@convex/shared/auth-messages";
import { authErrorMessage } from "./auth-errors";
import { clientId, newRegistrationKey } from "./browser-keys";
import { loginFormProblem } from "./auth-form-rules";
import { authPathKeepingRedirect, returnPathFrom, verifyEmailPath } from "./auth-paths";
import { AuthCard } from "./components/auth-card";
import { AuthField } from "./components/auth-field";
import { DevMailboxHint } from "./components/dev-mailbox-hint";
import { FormMessage } from "./components/form-message";
import { GoogleButton } from "./components/google-button";
import { forgotPasswordPath } from "./reset-paths";
import { SubmitButton, textLinkClass } from "./components/submit-button";
import { useSignInOptions } from "./use-sign-in-options";
import { useScreenTitle } from "@/hooks/use-screen-title";

export default function LoginPage() {
  useScreenTitle("Log in");
  const { signIn } = useAuthActions();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const options = useSignInOptions();
  const [email, setEmail] = useState(searchParams.get("email") ?? "");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  // Set when the account exists but its address is not verified: the error then links to /verify-email.
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const returnTo = returnPathFrom(searchParams);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setUnverifiedEmail(null);
    const problem = loginFormProblem(email, password);
    if (problem !== null) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      // An unverified account's right password makes this browser its registering one.
      const registrationKey = newRegistrationKey(normalizeEmail(email));
      const { signingIn } = await signIn("password", {
        flow: "signIn",
        email,
        password,
        clientId: clientId(),
        registrationKey,
      });
      if (signingIn) {
        navigate(returnTo, { replace: true });
        return;
      }
      // No session for an unverified address; the server has mailed a fresh code.
      setUnverifiedEmail(normalizeEmail(email));
      setError(AUTH_MESSAGES.notVerified);
    } catch (failure) {
      setError(authErrorMessage(failure, AUTH_MESSAGES.loginFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Login"
      intro="Welcome back. Sign in to see the books, posts and chats."
      footer={
        <>
          No account yet?{" "}
          <Link to={authPathKeepingRedirect(paths.register.href(), searchParams)} className={textLinkClass}>
            Register
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <AuthField label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} autoFocus />
        <AuthField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <p className="-mt-2 text-right text-sm">
          <Link to={forgotPasswordPath(email)} className={textLinkClass}>
            Forgot password?
          </Link>
        </p>
        <FormMessage tone="error">
          {error && (
            <>
              {error}
              {unverifiedEmail && (
                <p className="mt-1">
                  We sent you a new code.{" "}
                  <Link to={verifyEmailPath(unverifiedEmail, searchParams)} className={textLinkClass}>
                    Verify your email
                  </Link>
                </p>
              )}
            </>
          )}
        </FormMessage>
        <SubmitButton busy={busy} busyLabel="Logging in...">
          Login
        </SubmitButton>
      </form>
      {options.google && (
        <div className="mt-3">
          <GoogleButton
            label="Continue with Google"
            failureMessage={AUTH_MESSAGES.googleLoginFailed}
            returnTo={returnTo}
            onError={setError}
          />
        </div>
      )}
      {options.devMailbox && <DevMailboxHint />}
    </AuthCard>
  );
}
