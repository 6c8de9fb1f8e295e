import { useQuery } from "convex/react";
import { useMemo } from "react";
import { TypingIndicator } from "@/components/messaging/typing-indicator";
import { api } from "@convex/_generated/api";

type ConversationTypingLineProps = { conversationId: string; other: { userId: string; displayName: string } };

/** "Bob is typing…" under a private conversation: the other person's signal, until it lapses. */
export function ConversationTypingLine({ conversationId, other }: ConversationTypingLineProps) {
  const signals = useQuery(api.conversations.typing, { conversationId });
  const people = useMemo(() => [{ userId: other.userId, name: other.displayName }], [other.userId, other.displayName]);
  return <TypingIndicator signals={signals} people={people} />;
}
