import { useState, type ReactNode } from "react";
import { withFailureToast } from "@/lib/show-failure";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/**
 * Deleting one's own message asks first (seed §5, PRODUCT D9). `askToDelete(id)` opens the
 * confirmation; `dialog` goes anywhere in the history's tree. A failed delete says so in a toast
 * and keeps the dialog open.
 */
export function useDeleteMessage<MessageId extends string>(
  remove: (messageId: MessageId) => Promise<unknown>,
): { askToDelete: (messageId: MessageId) => void; dialog: ReactNode } {
  const [deleting, setDeleting] = useState<MessageId | null>(null);
  const dialog = (
    <ConfirmDialog
      open={deleting !== null}
      onOpenChange={(next) => !next && setDeleting(null)}
      title="Delete message?"
      message="Are you sure you want to delete this message? This cannot be undone."
      confirmLabel="Delete"
      busyLabel="Deleting..."
      destructive
      onConfirm={async () => {
        if (deleting === null) return;
        await withFailureToast(() => remove(deleting), "Failed to delete message. Please try again.");
      }}
    />
  );
  return { askToDelete: setDeleting, dialog };
}
