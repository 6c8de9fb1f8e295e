import { useAuthActions } from "@convex-dev/auth/react";
import { useQuery } from "convex/react";
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { api } from "@convex/_generated/api";
import { AUTH_MESSAGES, normalizeEmail, VERIFICATION_CODE_LENGTH } from "@convex/shared/auth-messages";
import { authErrorMessage } from "./auth-errors";
import { codeDigits, verifyFormProblem } from "./auth-form-rules";
import { afterVerificationPath, authPathKeepingRedirect } from "./auth-paths";
import { clientId, forgetRegistration, registrationKeyFor } from "./browser-keys";
import { AuthCard } from "./components/auth-card";
import { AuthField } from "./components/auth-field";
import { DevMailboxHint } from "./components/dev-mailbox-hint";
import { FormMessage } from "./components/form-message";
import { SubmitButton, textLinkClass } from "./components/submit-button";
import { useSignInOptions } from "./use-sign-in-options";
import { useScreenTitle } from "@/hooks/use-screen-title";

type Notice = { tone: "error" | "success"; text: string } | null;

const PASSWORD_NEEDED = AUTH_MESSAGES.verifyNeedsPassword;

/**
 * Verify Your Email (PRODUCT D6): enter the 8-digit code, or arrive through the e-mail's link
 * (?email=…&code=…), which fills both in and asks for one click, naming the address it logs
 * into (a link someone else sent must not log a visitor in unawares). Verifying logs in only in
 * the browser that registered the address, or with the password chosen then (asked for here
 * when this browser did not register it), and never replaces a session that is already open.
 * Success continues to the guard's `redirect` path or BOOK_CROSS.
 */
export default function VerifyEmailPage() {
  useScreenTitle("Verify your e-mail");
  const { signIn } = useAuthActions();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const options = useSignInOptions();
  const linkEmail = searchParams.get("email") ?? "";
  const linkCode = codeDigits(searchParams.get("code") ?? "");
  const [email, setEmail] = useState(linkEmail);
  const [code, setCode] = useState(linkCode);
  const [password, setPassword] = useState("");
  const viewer = useQuery(api.users.viewer);
  const registeredHere = registrationKeyFor(normalizeEmail(email)) !== "";
  const [notice, setNotice] = useState<Notice>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const returnTo = afterVerificationPath(searchParams);

  async function verify() {
    if (verifying) return;
    const problem = verifyFormProblem(email, code) ?? (registeredHere || password !== "" ? null : PASSWORD_NEEDED);
    if (problem !== null) {
      setNotice({ tone: "error", text: problem });
      return;
    }
    const address = normalizeEmail(email);
    setNotice(null);
    setVerifying(true);
    try {
      const { signingIn } = await signIn("password", {
        flow: "email-verification",
        email: address,
        code,
        clientId: clientId(),
        registrationKey: registrationKeyFor(address),
        ...(registeredHere ? {} : { password }),
      });
      if (signingIn) {
        forgetRegistration(address);
        navigate(returnTo, { replace: true });
        return;
      }
      setNotice({ tone: "error", text: AUTH_MESSAGES.invalidCode });
    } catch (failure) {
      setNotice({ tone: "error", text: authErrorMessage(failure, AUTH_MESSAGES.invalidCode) });
    }
    setVerifying(false);
  }

  async function resend() {
    if (email.trim() === "") {
      setNotice({ tone: "error", text: AUTH_MESSAGES.resendNeedsLogin });
      return;
    }
    setNotice(null);
    setResending(true);
    try {
      await signIn("password", { flow: "email-verification", email, clientId: clientId() });
      setNotice({ tone: "success", text: AUTH_MESSAGES.resent });
    } catch (failure) {
      const message = authErrorMessage(failure, AUTH_MESSAGES.resendFailed);
      // Seed §8: without a known account the user is asked to log in again.
      setNotice({
        tone: "error",
        text: message === AUTH_MESSAGES.accountNotFound ? AUTH_MESSAGES.resendNeedsLogin : message,
      });
    }
    setResending(false);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void verify();
  }

  if (viewer) {
    return (
      <AuthCard
        title="Verify Your Email"
        intro={`You are logged in as ${viewer.email}. Log out first to verify another address.`}
        footer={
          <Link to={paths.home.href()} className={textLinkClass}>
            Go to the home page
          </Link>
        }
      >
        {null}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Verify Your Email"
      intro={
        linkEmail && linkCode
          ? `Verify ${linkEmail} and log in as its owner? Only continue if you registered this address.`
          : linkEmail
            ? `We sent an ${VERIFICATION_CODE_LENGTH}-digit code to ${linkEmail}. Enter it below, or open the link in the e-mail.`
            : `Enter your e-mail address and the ${VERIFICATION_CODE_LENGTH}-digit code we sent you.`
      }
      footer={
        <Link to={authPathKeepingRedirect(paths.login.href(), searchParams)} className={textLinkClass}>
          Go to Login
        </Link>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <AuthField label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
        <AuthField
          label="Verification code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="8 digits"
          maxLength={VERIFICATION_CODE_LENGTH}
          value={code}
          onChange={(value) => setCode(codeDigits(value))}
          autoFocus={linkEmail !== "" && linkCode === ""}
        />
        {!registeredHere && (
          <div className="space-y-1">
            <AuthField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
              autoFocus={linkEmail !== "" && linkCode !== ""}
            />
            <p className="text-xs text-fg-muted">
              This browser did not register this address: enter the password chosen when registering.
            </p>
          </div>
        )}
        <FormMessage tone="error">{notice?.tone === "error" ? notice.text : null}</FormMessage>
        <FormMessage tone="success">{notice?.tone === "success" ? notice.text : null}</FormMessage>
        <SubmitButton busy={verifying} busyLabel="Verifying...">
          Verify
        </SubmitButton>
      </form>
      <Button size="lg" className="mt-3 w-full" disabled={resending} onClick={() => void resend()}>
        {resending ? "Sending..." : "Resend verification"}
      </Button>
      {options.devMailbox && <DevMailboxHint />}
    </AuthCard>
  );
}
