import { useMutation } from "convex/react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { withFailureToast } from "@/lib/show-failure";
import { api } from "../../../../convex/_generated/api";
import type { Id } from "../../../../convex/_generated/dataModel";

type DeleteMessageDialogProps = { messageId: Id<"messages"> | null; onClose: () => void };

/** Deleting one's own message asks first (seed §5, PRODUCT D9). */
export function DeleteMessageDialog({ messageId, onClose }: DeleteMessageDialogProps) {
  const removeMessage = useMutation(api.messages.remove);
  return (
    <ConfirmDialog
      open={messageId !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete message?"
      message="Are you sure you want to delete this message? This cannot be undone."
      confirmLabel="Delete"
      busyLabel="Deleting..."
      destructive
      onConfirm={async () => {
        if (messageId === null) return;
        await withFailureToast(() => removeMessage({ messageId }), "Failed to delete message. Please try again.");
      }}
    />
  );
}
