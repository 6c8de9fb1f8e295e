import { ConfirmDialog } from "./confirm-dialog";

type DeleteMessageDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Deletes the message; throw to keep the dialog open (report the failure first, e.g. withFailureToast). */
  onDelete: () => Promise<unknown>;
};

/** Deleting one's own message asks first (seed §5, PRODUCT D9). */
export function DeleteMessageDialog({ open, onClose, onDelete }: DeleteMessageDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Delete message?"
      message="Are you sure you want to delete this message? This cannot be undone."
      confirmLabel="Delete"
      busyLabel="Deleting..."
      destructive
      onConfirm={onDelete}
    />
  );
}
