import { useMutation } from "convex/react";
import { useEffect, useRef } from "react";
import { api } from "@convex/_generated/api";

/**
 * Opening a conversation reads it; so does a message arriving while it is open and the tab is
 * in view. A message that arrives while the tab is hidden stays unread until the reader is back.
 */
export function useMarkRead(conversationId: string, unreadCount: number): void {
  const markRead = useMutation(api.conversations.markRead);
  const openedId = useRef<string | null>(null);

  useEffect(() => {
    const readIfVisible = () => {
      if (document.visibilityState !== "visible") return;
      // Failing to mark read only leaves a badge up; nothing the reader needs to hear about.
      markRead({ conversationId }).catch(() => undefined);
    };
    const justOpened = openedId.current !== conversationId;
    openedId.current = conversationId;
    if (justOpened || unreadCount > 0) readIfVisible();
    if (unreadCount === 0) return;
    document.addEventListener("visibilitychange", readIfVisible);
    return () => document.removeEventListener("visibilitychange", readIfVisible);
  }, [conversationId, unreadCount, markRead]);
}
