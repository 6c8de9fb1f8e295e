import type { UnsavedChanges } from "@/hooks/use-unsaved-changes";
import { ConfirmDialog } from "./confirm-dialog";

type UnsavedChangesDialogProps = {
  /** What useUnsavedChanges gave the form. */
  unsaved: UnsavedChanges;
  /** What the edits are to, for "Your changes to this post will be lost.". */
  what: string;
};

/**
 * "Leave without saving?" while a navigation waits on a form with unsaved edits. Stay (the
 * first focus, so Enter or Escape keeps the edits) cancels the navigation, Leave goes on with it.
 */
export function UnsavedChangesDialog({ unsaved, what }: UnsavedChangesDialogProps) {
  return (
    <ConfirmDialog
      open={unsaved.asking}
      onOpenChange={(open) => {
        if (!open) unsaved.stay();
      }}
      title="Leave without saving?"
      message={`Your changes to ${what} will be lost.`}
      cancelLabel="Stay"
      confirmLabel="Leave"
      busyLabel="Leaving..."
      destructive
      onConfirm={unsaved.leave}
    />
  );
}
