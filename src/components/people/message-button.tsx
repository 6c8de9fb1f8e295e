import { useMutation } from "convex/react";
import { MessageSquare } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { ignoreShownFailure, withFailureToast } from "@/lib/show-failure";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";

/**
 * Seed's Message: opens the one conversation with this person, creating it the first time,
 * through the same find-or-create mutation private messages use everywhere.
 */
export function MessageButton({ userId, name }: { userId: Id<"users">; name: string }) {
  const openWith = useMutation(api.conversations.openWith);
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);

  async function open() {
    setOpening(true);
    try {
      const conversationId = await withFailureToast(
        () => openWith({ userId }),
        "Could not open the conversation. Please try again.",
      );
      await navigate(paths.conversation.href(conversationId));
    } catch {
      ignoreShownFailure();
      setOpening(false);
    }
  }

  return (
    <Button variant="secondary" onClick={() => void open()} disabled={opening} aria-label={`Message (${name})`}>
      <MessageSquare aria-hidden className="size-4" />
      Message
    </Button>
  );
}
