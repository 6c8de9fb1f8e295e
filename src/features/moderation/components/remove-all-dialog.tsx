import { useMutation } from "convex/react";
import { useState, type FormEvent } from "react";
import { Dialog } from "@/components/ui/dialog";
import { FormActions, FormError } from "@/components/ui/form-actions";
import { TextArea } from "@/components/ui/text-area";
import { withFailureToast } from "@/lib/show-failure";
import { showSuccess } from "@/lib/toasts";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { MODERATION_REASON_LIMIT } from "@convex/shared/moderation-validators";

type RemoveAllDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: Id<"users">;
  name: string;
};

/**
 * Confirms "Remove all content" of a person, naming them and what goes, with the reason the
 * audit log keeps. The server removes it in batches; "Content removals" shows the progress.
 */
export function RemoveAllDialog({ open, onOpenChange, userId, name }: RemoveAllDialogProps) {
  const removeAll = useMutation(api.moderation.removeAllContent);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (reason.trim() === "") {
      setError("Please give a reason for the removal.");
      return;
    }
    setBusy(true);
    try {
      await withFailureToast(() => removeAll({ userId, reason }), "Could not start the removal.");
      showSuccess(`Removing all content of ${name}. Content removals shows the progress.`);
      onOpenChange(false);
    } catch {
      // The toast said why; the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Remove all content of ${name}?`}
      description="Every book, post, book comment, post comment, chat room they created, chat message and private message of theirs is deleted, with what belongs to it. Their account and profile stay. This cannot be undone."
      preventClose={busy}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextArea
          label="Reason"
          required
          rows={3}
          value={reason}
          maxLength={MODERATION_REASON_LIMIT}
          onChange={(value) => {
            setReason(value);
            setError(null);
          }}
        />
        <FormError message={error} />
        <FormActions cancel={{ onClick: () => onOpenChange(false) }} busy={busy} busyLabel="Starting...">
          Remove all content
        </FormActions>
      </form>
    </Dialog>
  );
}
