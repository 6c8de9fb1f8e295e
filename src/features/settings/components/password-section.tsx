import { useAction, useQuery } from "convex/react";
import { useState, type FormEvent } from "react";
import { api } from "@convex/_generated/api";
import { AUTH_MESSAGES, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@convex/shared/auth-messages";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { errorText } from "@/lib/error-text";
import { FormOutcome } from "./form-outcome";

type Outcome = { tone: "error" | "success"; text: string } | null;

/** What the form can tell before asking the server (the server checks all of it again). */
function problemWith(current: string, next: string, repeated: string): string | null {
  if (current === "") return "Enter your current password.";
  if (next.length < MIN_PASSWORD_LENGTH) return AUTH_MESSAGES.weakPassword;
  if (next.length > MAX_PASSWORD_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  if (next !== repeated) return AUTH_MESSAGES.passwordsDoNotMatch;
  return null;
}

/**
 * Change password (issue 30): the current password, then the new one twice. Afterwards every
 * other device is signed out and this one stays. A Google-only account has no password: the
 * section says so and offers nothing.
 */
export function PasswordSection() {
  const overview = useQuery(api.accountSettings.overview, {});
  const changePassword = useAction(api.accountSettings.changePassword);
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeated, setRepeated] = useState("");
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const problem = problemWith(current, next, repeated);
    if (problem !== null) {
      setOutcome({ tone: "error", text: problem });
      return;
    }
    setSaving(true);
    setOutcome(null);
    try {
      await changePassword({ currentPassword: current, newPassword: next });
      setCurrent("");
      setNext("");
      setRepeated("");
      setOutcome({ tone: "success", text: "Your password was changed. Your other devices were signed out." });
    } catch (error) {
      setOutcome({ tone: "error", text: errorText(error, "Your password could not be changed. Please try again.") });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card as="section" aria-labelledby="password-section-title">
      <h2 id="password-section-title" className="text-lg font-semibold text-fg">
        Password
      </h2>
      {/* While the account loads, the form is drawn (most accounts have a password) but locked: no jump when it comes. */}
      {overview !== undefined && !overview.hasPassword ? (
        <p className="mt-2 text-sm text-fg-muted">
          You sign in with Google, so this account has no password. There is nothing to change here.
        </p>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-3 max-w-md space-y-4">
          <p className="text-sm text-fg-muted">
            After the change, every other device signed in to your account is signed out. This one stays signed in.
          </p>
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
            readOnly={saving || overview === undefined}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={setNext}
            readOnly={saving || overview === undefined}
          />
          <TextField
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            value={repeated}
            onChange={setRepeated}
            readOnly={saving || overview === undefined}
          />
          <FormOutcome tone="error">{outcome?.tone === "error" && outcome.text}</FormOutcome>
          <FormOutcome tone="success">{outcome?.tone === "success" && outcome.text}</FormOutcome>
          <Button
            type="submit"
            variant="primary"
            loading={saving}
            loadingLabel="Changing…"
            disabled={overview === undefined}
          >
            Change password
          </Button>
        </form>
      )}
    </Card>
  );
}
