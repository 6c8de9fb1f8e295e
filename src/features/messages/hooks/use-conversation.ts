import { useQueries } from "convex/react";
import { useMemo } from "react";
import { errorText } from "@/lib/error-text";
import { api } from "@convex/_generated/api";
import type { ConversationDetails } from "../message-types";

export type ConversationState =
  | { status: "loading" }
  | { status: "ready"; conversation: ConversationDetails }
  /** Not a participant, or no such conversation: the server's message, to show on the way out. */
  | { status: "refused"; message: string };

/**
 * The conversation named in the address bar. The server refuses strangers and unknown ids with
 * a message; unlike useQuery this hands that message back instead of throwing it at the page.
 */
export function useConversation(conversationId: string): ConversationState {
  const request = useMemo(
    () => ({ conversation: { query: api.conversations.get, args: { conversationId } } }),
    [conversationId],
  );
  const { conversation } = useQueries(request) as { conversation: ConversationDetails | Error | undefined };
  if (conversation === undefined) return { status: "loading" };
  if (conversation instanceof Error) {
    return { status: "refused", message: errorText(conversation, "Conversation not found.") };
  }
  return { status: "ready", conversation };
}
