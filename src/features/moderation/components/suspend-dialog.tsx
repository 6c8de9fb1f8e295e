import { useMutation } from "convex/react";
import { useState, type FormEvent } from "react";
import { Dialog } from "@/components/ui/dialog";
import { FormActions, FormError } from "@/components/ui/form-actions";
import { RadioChoices } from "@/components/ui/radio-choices";
import { TextArea } from "@/components/ui/text-area";
import { withFailureToast } from "@/lib/show-failure";
import { showSuccess } from "@/lib/toasts";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import {
  MODERATION_REASON_LIMIT,
  SUSPENSION_DURATIONS,
  type SuspensionDuration,
} from "@convex/shared/moderation-validators";

const DURATION_LABELS: Record<SuspensionDuration, string> = {
  "1d": "1 day",
  "7d": "7 days",
  "30d": "30 days",
  indefinite: "Indefinitely",
};

type SuspendDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: Id<"users">;
  name: string;
};

/** Suspends a person for a period or indefinitely, with a reason they will be shown. */
export function SuspendDialog({ open, onOpenChange, userId, name }: SuspendDialogProps) {
  const suspend = useMutation(api.moderation.suspend);
  const [duration, setDuration] = useState<SuspensionDuration>("7d");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (reason.trim() === "") {
      setError("Please give a reason for the suspension.");
      return;
    }
    setBusy(true);
    try {
      await withFailureToast(() => suspend({ userId, duration, reason }), "Could not suspend.");
      showSuccess(`${name} is suspended.`);
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
      title={`Suspend ${name}`}
      description="Every action of theirs is refused at once and they see the reason. Their content stays."
      preventClose={busy}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <RadioChoices
          name="duration"
          legend="For how long"
          choices={SUSPENSION_DURATIONS}
          labels={DURATION_LABELS}
          value={duration}
          onChange={setDuration}
          twoColumnsOnPhones
        />
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
        <FormActions cancel={{ onClick: () => onOpenChange(false) }} busy={busy} busyLabel="Suspending...">
          Suspend
        </FormActions>
      </form>
    </Dialog>
  );
}
