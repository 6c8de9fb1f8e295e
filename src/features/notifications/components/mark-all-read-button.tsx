import { useMutation, useQueries } from "convex/react";
import { CheckCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ignoreShownFailure, withFailureToast } from "@/lib/show-failure";
import { api } from "@convex/_generated/api";

const UNREAD = { unread: { query: api.notifications.unreadCount, args: {} } };

/**
 * Marks every notification read (the server works through thousands in batches). It stays on the
 * page with nothing unread, said disabled, so pressing it never drops the keyboard focus.
 */
export function MarkAllReadButton() {
  const markAllRead = useMutation(api.notifications.markAllRead);
  const { unread } = useQueries(UNREAD);
  const [pending, setPending] = useState(false);
  const nothingUnread = unread === 0;

  async function markAll() {
    setPending(true);
    try {
      await withFailureToast(() => markAllRead({}), "Failed to mark notifications as read. Please try again.");
    } catch {
      ignoreShownFailure();
    } finally {
      setPending(false);
    }
  }

  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void markAll()}
      loading={pending}
      loadingLabel="Marking..."
      aria-disabled={nothingUnread && !pending}
    >
      <CheckCheck aria-hidden className="size-4" />
      Mark all as read
    </Button>
  );
}
