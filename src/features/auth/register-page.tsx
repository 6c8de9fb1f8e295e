import { useAuthActions } from "@convex-dev/auth/react";
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { paths } from "@/config/paths";
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH, normalizeEmail } from "@convex/shared/auth-messages";
import { authErrorMessage } from "./auth-errors";
import { clientId, newRegistrationKey } from "./browser-keys";
import { registerFormProblem } from "./auth-form-rules";
import { authPathKeepingRedirect, returnPathFrom, verifyEmailPath } from "./auth-paths";
import { AuthCard } from "./components/auth-card";
import { AuthField } from "./components/auth-field";
import { FormMessage } from "./components/form-message";
import { GoogleButton } from "./components/google-button";
import { SubmitButton, textLinkClass } from "./components/submit-button";
import { useSignInOptions } from "./use-sign-in-options";
import { useScreenTitle } from "@/hooks/use-screen-title";

export default function RegisterPage() {
  useScreenTitle("Register");
  const { signIn } = useAuthActions();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const options = useSignInOptions();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = registerFormProblem(email, password, confirmPassword);
    setError(problem);
    if (problem !== null) return;
    setBusy(true);
    try {
      const { signingIn } = await signIn("password", {
        flow: "signUp",
        email,
        password,
        clientId: clientId(),
        registrationKey: newRegistrationKey(normalizeEmail(email)),
      });
      // New accounts are unverified: the code is on its way, the verify screen takes it.
      navigate(signingIn ? returnPathFrom(searchParams) : verifyEmailPath(normalizeEmail(email), searchParams));
    } catch (failure) {
      setError(authErrorMessage(failure, AUTH_MESSAGES.registrationFailed));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Register"
      intro="Create an account. We will e-mail you a code to verify your address."
      footer={
        <>
          Already have an account?{" "}
          <Link to={authPathKeepingRedirect(paths.login.href(), searchParams)} className={textLinkClass}>
            Login
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <AuthField label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} autoFocus />
        <AuthField
          label="Password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
        <AuthField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={setConfirmPassword}
        />
        <p className="text-xs text-fg-subtle">At least {MIN_PASSWORD_LENGTH} characters.</p>
        <FormMessage tone="error">{error}</FormMessage>
        <SubmitButton busy={busy} busyLabel="Registering...">
          Register
        </SubmitButton>
      </form>
      {options.google && (
        <div className="mt-3">
          <GoogleButton
            label="Sign up with Google"
            failureMessage={AUTH_MESSAGES.googleSignUpFailed}
            returnTo={returnPathFrom(searchParams)}
            onError={setError}
          />
        </div>
      )}
    </AuthCard>
  );
}
