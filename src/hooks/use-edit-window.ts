import { useEffect, useState } from "react";
import { MESSAGE_EDIT_WINDOW_MS } from "@convex/shared/message-extras";

/**
 * Whether a message sent at `sentAt` may still be edited (MESSAGE_EDIT_WINDOW_MS): true until the
 * window closes, then false (one timer per open window, none for older messages). The server
 * checks again, so a clock that is off only shows Edit a little too long or too short.
 */
export function useEditWindowOpen(sentAt: number): boolean {
  const closesAt = sentAt + MESSAGE_EDIT_WINDOW_MS;
  // The window that has closed, as far as this component knows.
  const [closed, setClosed] = useState(() => (Date.now() >= closesAt ? closesAt : null));
  useEffect(() => {
    const timer = window.setTimeout(() => setClosed(closesAt), Math.max(0, closesAt - Date.now()));
    return () => window.clearTimeout(timer);
  }, [closesAt]);
  return closed !== closesAt;
}
