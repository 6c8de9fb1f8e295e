import { useMutation } from "convex/react";
import { useState, type FormEvent } from "react";
import { api } from "@convex/_generated/api";
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXT_LIMIT,
  type ReportReason,
  type ReportTarget,
} from "@convex/shared/moderation-validators";
import { withFailureToast } from "@/lib/show-failure";
import { showSuccess } from "@/lib/toasts";
import { Dialog } from "@/components/ui/dialog";
import { FormActions, FormError } from "@/components/ui/form-actions";
import { RadioChoices } from "@/components/ui/radio-choices";
import { ShortcutHint } from "@/components/ui/shortcut-hint";
import { TextArea } from "@/components/ui/text-area";

export const REPORT_SENT = "Thanks. Your report was sent to the moderators.";
export const REASON_REQUIRED = "Please choose a reason.";

type ReportDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: ReportTarget;
  /** What is reported, in words: "post", "comment", "profile"… (the title says "Report this post"). */
  label: string;
};

/**
 * Asks why (one reason of a short list, required) and optionally more words, then files the
 * report. The server refuses repeats and one's own content; its message comes up as a toast.
 */
export function ReportDialog({ open, onOpenChange, target, label }: ReportDialogProps) {
  const report = useMutation(api.reports.report);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function reset(next: boolean) {
    if (!next) {
      setReason(null);
      setText("");
      setError(null);
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (reason === null) {
      setError(REASON_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      const details = text.trim();
      await withFailureToast(
        () => report({ target, reason, ...(details ? { text: details } : {}) }),
        "Could not send the report. Please try again.",
      );
      showSuccess(REPORT_SENT);
      reset(false);
    } catch {
      // The toast said why; keep the choice so the user can retry or cancel.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={reset}
      title={`Report this ${label}`}
      description="Moderators will look at it. The author is not told who reported it."
      preventClose={busy}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <RadioChoices
          name="reason"
          legend={
            <>
              Reason <span aria-hidden>*</span>
            </>
          }
          choices={REPORT_REASONS}
          labels={REPORT_REASON_LABELS}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(null);
          }}
        />
        <TextArea
          label="Details (optional)"
          rows={3}
          value={text}
          onChange={setText}
          maxLength={REPORT_TEXT_LIMIT}
          limitName="Details"
        />
        <FormError message={error} />
        <FormActions
          cancel={{ onClick: () => reset(false) }}
          busy={busy}
          busyLabel="Sending..."
          hint={<ShortcutHint action="send" />}
        >
          Send report
        </FormActions>
      </form>
    </Dialog>
  );
}
