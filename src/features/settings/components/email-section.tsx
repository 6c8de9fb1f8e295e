import { useAction, useQuery } from "convex/react";
import { useState, type FormEvent } from "react";
import { api } from "@convex/_generated/api";
import { AUTH_MESSAGES, MAX_EMAIL_LENGTH, VERIFICATION_CODE_LENGTH } from "@convex/shared/auth-messages";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { errorText } from "@/lib/error-text";
import { FormOutcome } from "./form-outcome";

type Outcome = { tone: "error" | "success"; text: string } | null;

/**
 * Change e-mail (issue 30), in two steps: the new address gets a code, and the code entered here
 * makes it the sign-in address (the old address is told). The address is shown to its owner
 * only. Google-only accounts keep Google's address.
 */
export function EmailSection() {
  const overview = useQuery(api.accountSettings.overview, {});
  const requestChange = useAction(api.accountSettings.requestEmailChange);
  const confirmChange = useAction(api.accountSettings.confirmEmailChange);
  const [newEmail, setNewEmail] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // "Use another address" goes back to step 1 while a code is still waiting.
  const [choosingAnother, setChoosingAnother] = useState(false);

  const pending = overview?.pendingEmail ?? null;
  const waitingForCode = pending !== null && pending.expiresAt > Date.now() && !choosingAnother;

  async function run(call: () => Promise<unknown>, success: string, fallback: string): Promise<boolean> {
    setBusy(true);
    setOutcome(null);
    try {
      await call();
      setOutcome({ tone: "success", text: success });
      return true;
    } catch (error) {
      setOutcome({ tone: "error", text: errorText(error, fallback) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function submitAddress(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const address = newEmail.trim();
    if (address === "") {
      setOutcome({ tone: "error", text: AUTH_MESSAGES.invalidEmail });
      return;
    }
    const sent = await run(
      () => requestChange({ newEmail: address }),
      `We sent a code to ${address.toLowerCase()}. Enter it below.`,
      "The code could not be sent. Please try again.",
    );
    if (sent) {
      setCode("");
      setChoosingAnother(false);
    }
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (code.trim() === "") {
      setOutcome({ tone: "error", text: `Enter the ${VERIFICATION_CODE_LENGTH}-digit code from the e-mail.` });
      return;
    }
    const changed = await run(
      () => confirmChange({ code }),
      "Your e-mail address was changed. Use it the next time you log in.",
      "Your e-mail address could not be changed. Please try again.",
    );
    if (changed) {
      setCode("");
      setNewEmail("");
    }
  }

  async function sendAgain() {
    if (busy || pending === null) return;
    await run(
      () => requestChange({ newEmail: pending.newEmail }),
      `We sent a new code to ${pending.newEmail}.`,
      "The code could not be sent. Please try again.",
    );
  }

  return (
    <Card as="section" aria-labelledby="email-section-title">
      <h2 id="email-section-title" className="text-lg font-semibold text-fg">
        E-mail address
      </h2>
      {/* While the account loads, the address form is drawn but locked: no jump when it comes. */}
      <>
        <p className="mt-2 text-sm text-fg-muted">
          {overview === undefined ? (
            "Loading your address…"
          ) : (
            <>
              You sign in with <strong className="font-semibold break-all text-fg">{overview.email}</strong>. Only you
              can see it.
            </>
          )}
        </p>
        {overview !== undefined && !overview.hasPassword ? (
          <p className="mt-2 text-sm text-fg-muted">
            It comes from your Google account, so it is changed there, not here.
          </p>
        ) : waitingForCode ? (
          <form noValidate onSubmit={(event) => void submitCode(event)} className="mt-3 max-w-md space-y-4">
            <p className="text-sm text-fg-muted">
              We sent a {VERIFICATION_CODE_LENGTH}-digit code to{" "}
              <strong className="font-semibold break-all text-fg">{pending.newEmail}</strong>. It works for 15 minutes.
              Your address changes once you enter it.
            </p>
            <TextField
              label="Code from the e-mail"
              value={code}
              onChange={setCode}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={VERIFICATION_CODE_LENGTH + 4}
              readOnly={busy}
            />
            <FormOutcome tone="error">{outcome?.tone === "error" && outcome.text}</FormOutcome>
            <FormOutcome tone="success">{outcome?.tone === "success" && outcome.text}</FormOutcome>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="primary" loading={busy} loadingLabel="Checking…">
                Change e-mail
              </Button>
              <Button variant="secondary" aria-disabled={busy} onClick={() => void sendAgain()}>
                Send a new code
              </Button>
              <Button
                variant="ghost"
                aria-disabled={busy}
                onClick={() => {
                  setOutcome(null);
                  setChoosingAnother(true);
                }}
              >
                Use another address
              </Button>
            </div>
          </form>
        ) : (
          <form noValidate onSubmit={(event) => void submitAddress(event)} className="mt-3 max-w-md space-y-4">
            <TextField
              label="New e-mail address"
              type="email"
              autoComplete="email"
              value={newEmail}
              onChange={setNewEmail}
              maxLength={MAX_EMAIL_LENGTH}
              readOnly={busy || overview === undefined}
            />
            <FormOutcome tone="error">{outcome?.tone === "error" && outcome.text}</FormOutcome>
            <FormOutcome tone="success">{outcome?.tone === "success" && outcome.text}</FormOutcome>
            <Button
              type="submit"
              variant="primary"
              loading={busy}
              loadingLabel="Sending…"
              disabled={overview === undefined}
            >
              Send a code
            </Button>
          </form>
        )}
      </>
    </Card>
  );
}
