import { useAuthActions } from "@convex-dev/auth/react";
import { useAction, useQuery } from "convex/react";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { errorText } from "@/lib/error-text";
import { forgetSignOutOnPurpose, noteSignOutOnPurpose } from "@/lib/sign-out-intent";
import { showSuccess } from "@/lib/toasts";
import { FormOutcome } from "./form-outcome";

/** What the person types to confirm, exactly (the server checks it again). */
const CONFIRMATION_WORD = "DELETE";
const DELETED = "Your account was deleted.";

/**
 * Delete my account (issue 30): what goes, then a dialog asking for the password (none for an
 * account that signs in with Google only) and DELETE typed exactly. On success the account can
 * no longer sign in, so this device signs out and lands on /login saying so.
 */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <Card as="section" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="text-lg font-semibold text-danger">
        Delete my account
      </h2>
      <div className="mt-2 space-y-2 text-sm text-fg-muted">
        <p>
          Deleting your account is permanent. From that moment you can no longer sign in, and your profile disappears
          from the community.
        </p>
        <p>
          Then everything you made is deleted: your books, posts and comments, your likes, your friends list, the chat
          rooms you created, your chat and private messages, your uploaded images, and your Duma decks and reigns.
          People you wrote to keep their own messages; there you show as &ldquo;Deleted user&rdquo;.
        </p>
        <p>If you want a copy of your data, download it first.</p>
      </div>
      <p className="mt-4">
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete my account…
        </Button>
      </p>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </Card>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const options = useQuery(api.accountDeletion.options, {});
  const deleteMyAccount = useAction(api.accountDeletion.deleteMyAccount);
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hasPassword = options?.hasPassword ?? true;
  const confirmed = confirmation.trim() === CONFIRMATION_WORD;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (deleting || !confirmed || options === undefined) return;
    if (hasPassword && password === "") {
      setError("Please enter your password.");
      return;
    }
    setDeleting(true);
    setError(null);
    // Before the mutation: its user may be gone from the guard's view before the promise settles.
    noteSignOutOnPurpose();
    try {
      await deleteMyAccount({ ...(hasPassword ? { password } : {}), confirmation });
    } catch (failure) {
      forgetSignOutOnPurpose();
      setError(errorText(failure, "Your account could not be deleted. Please try again."));
      setDeleting(false);
      return;
    }
    // The session is gone on the server already; this drops the tokens and leaves the guarded page.
    await signOut().catch(() => undefined);
    await navigate(paths.login.href(), { replace: true });
    showSuccess(DELETED);
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="Delete your account?"
      description="This cannot be undone."
      preventClose={deleting}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        {hasPassword ? (
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            readOnly={deleting}
            autoFocus
          />
        ) : (
          <p className="text-sm text-fg-muted">
            You sign in with Google, so this account has no password: typing DELETE below is all that is needed.
          </p>
        )}
        <TextField
          label="Type DELETE to confirm"
          value={confirmation}
          onChange={setConfirmation}
          readOnly={deleting}
          autoComplete="off"
          autoFocus={!hasPassword}
        />
        <FormOutcome tone="error">{error}</FormOutcome>
        <div className="flex flex-col gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} aria-disabled={deleting}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!confirmed} loading={deleting} loadingLabel="Deleting…">
            Delete my account
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
