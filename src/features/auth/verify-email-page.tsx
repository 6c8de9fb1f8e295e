import { useAuthActions } from "@convex-dev/auth/react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { paths } from "@/config/paths";
import { AUTH_MESSAGES, VERIFICATION_CODE_LENGTH } from "../../../convex/lib/auth-messages";
import { authErrorMessage } from "./auth-errors";
import { codeDigits, verifyFormProblem } from "./auth-form-rules";
import { afterVerificationPath, authPathKeepingRedirect } from "./auth-paths";
import { AuthCard } from "./components/auth-card";
import { AuthField } from "./components/auth-field";
import { DevMailboxHint } from "./components/dev-mailbox-hint";
import { FormMessage } from "./components/form-message";
import { secondaryButtonClass, SubmitButton, textLinkClass } from "./components/submit-button";
import { useSignInOptions } from "./use-sign-in-options";

type Notice = { tone: "error" | "success"; text: string } | null;

/**
 * Verify Your Email (PRODUCT D6): enter the 8-digit code, or arrive through the e-mail's link
 * (?email=…&code=…), which verifies in one click. Success signs the user in and continues to
 * the guard's `redirect` path or BOOK_CROSS.
 */
export default function VerifyEmailPage() {
  const { signIn } = useAuthActions();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const options = useSignInOptions();
  const linkEmail = searchParams.get("email") ?? "";
  const linkCode = codeDigits(searchParams.get("code") ?? "");
  const [email, setEmail] = useState(linkEmail);
  const [code, setCode] = useState(linkCode);
  const [notice, setNotice] = useState<Notice>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const returnTo = afterVerificationPath(searchParams);

  const verify = useCallback(
    async (address: string, digits: string) => {
      const problem = verifyFormProblem(address, digits);
      if (problem !== null) {
        setNotice({ tone: "error", text: problem });
        return;
      }
      setNotice(null);
      setVerifying(true);
      try {
        const { signingIn } = await signIn("password", { flow: "email-verification", email: address, code: digits });
        if (signingIn) {
          navigate(returnTo, { replace: true });
          return;
        }
        setNotice({ tone: "error", text: AUTH_MESSAGES.invalidCode });
      } catch (failure) {
        setNotice({ tone: "error", text: authErrorMessage(failure, AUTH_MESSAGES.invalidCode) });
      }
      setVerifying(false);
    },
    [signIn, navigate, returnTo],
  );

  // The e-mail's link carries both values: verify once, without a click (the ref survives StrictMode's re-run).
  const linkUsed = useRef(false);
  useEffect(() => {
    if (linkUsed.current || linkEmail === "" || linkCode === "") return;
    linkUsed.current = true;
    void verify(linkEmail, linkCode);
  }, [linkEmail, linkCode, verify]);

  async function resend() {
    if (email.trim() === "") {
      setNotice({ tone: "error", text: AUTH_MESSAGES.resendNeedsLogin });
      return;
    }
    setNotice(null);
    setResending(true);
    try {
      await signIn("password", { flow: "email-verification", email });
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
    void verify(email, code);
  }

  return (
    <AuthCard
      title="Verify Your Email"
      intro={
        linkEmail
          ? `We sent an ${VERIFICATION_CODE_LENGTH}-digit code to ${linkEmail}. Enter it below, or open the link in the e-mail.`
          : `Enter your e-mail address and the ${VERIFICATION_CODE_LENGTH}-digit code we sent you.`
      }
      footer={
        <Link to={authPathKeepingRedirect(paths.login, searchParams)} className={textLinkClass}>
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
        <FormMessage tone="error">{notice?.tone === "error" ? notice.text : null}</FormMessage>
        <FormMessage tone="success">{notice?.tone === "success" ? notice.text : null}</FormMessage>
        <SubmitButton busy={verifying} busyLabel="Verifying...">
          Verify
        </SubmitButton>
      </form>
      <button
        type="button"
        className={`${secondaryButtonClass} mt-3`}
        disabled={resending}
        onClick={() => void resend()}
      >
        {resending ? "Sending..." : "Resend verification"}
      </button>
      {options.devMailbox && <DevMailboxHint />}
    </AuthCard>
  );
}
