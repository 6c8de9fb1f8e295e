import { useMutation } from "convex/react";
import { useCallback } from "react";
import { api } from "@convex/_generated/api";
import type { ReactionEmoji } from "@convex/shared/message-extras";
import { ignoreShownFailure, withFailureToast } from "@/lib/show-failure";
import type { ReactableMessageId } from "./reaction-types";

/**
 * Toggles my `emoji` on a message. The count comes back live through the message list (the server
 * changes it in the same mutation); a refusal (too fast, the other person left) shows as a toast.
 */
export function useToggleReaction(messageId: ReactableMessageId): (emoji: ReactionEmoji) => void {
  const toggle = useMutation(api.messageReactions.toggle);
  return useCallback(
    (emoji: ReactionEmoji) => {
      withFailureToast(() => toggle({ messageId, emoji }), "Could not react. Try again.").catch(ignoreShownFailure);
    },
    [toggle, messageId],
  );
}
