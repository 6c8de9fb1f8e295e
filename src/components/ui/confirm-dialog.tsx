import { useState } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  /** The confirm button's text, e.g. "Delete". */
  confirmLabel: string;
  /** The other button's text; defaults to "Cancel". */
  cancelLabel?: string;
  /** Runs on confirm; the dialog closes when it resolves and stays open (buttons enabled again) if it throws. */
  onConfirm: () => Promise<unknown> | void;
  /** The confirm button's text while onConfirm runs; defaults to "Working...". */
  busyLabel?: string;
  /** Paints the confirm button red, for deletes. */
  destructive?: boolean;
};

/**
 * The in-app replacement for window.confirm (PRODUCT D9). Cancel gets the focus first so Enter
 * never deletes by accident; a second click cannot confirm twice. The caller reports failures
 * (e.g. with a toast) from onConfirm.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel = "Cancel",
  onConfirm,
  busyLabel = "Working...",
  destructive = false,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // Stay open so the user can retry or cancel; the caller has shown what went wrong.
    } finally {
      setBusy(false);
    }
  }

  return (
    // The message is the dialog's description, so screen readers announce it with the title.
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={message} preventClose={busy}>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" data-autofocus onClick={() => onOpenChange(false)} aria-disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={destructive ? "danger" : "primary"} onClick={confirm} loading={busy} loadingLabel={busyLabel}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
