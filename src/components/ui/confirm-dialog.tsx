import { clsx } from "clsx";
import { useState } from "react";
import { Dialog } from "./dialog";

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  /** The confirm button's text, e.g. "Delete". */
  confirmLabel: string;
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
        <button
          type="button"
          data-autofocus
          onClick={() => !busy && onOpenChange(false)}
          aria-disabled={busy}
          className="inline-flex min-h-10 items-center justify-center rounded-lg border border-line-strong bg-surface px-4 text-sm font-medium text-fg-secondary shadow-sm transition hover:bg-canvas focus-ring aria-disabled:opacity-50"
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={confirm}
          aria-disabled={busy}
          className={clsx(
            "inline-flex min-h-10 items-center justify-center rounded-lg px-4 text-sm font-semibold text-accent-contrast shadow-sm transition focus-ring aria-disabled:opacity-60",
            destructive
              ? "bg-danger hover:bg-danger-hover focus-visible:outline-danger-ring"
              : "bg-accent hover:bg-accent-hover focus-visible:outline-focus",
          )}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
