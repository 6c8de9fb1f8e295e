import { useEffect, useRef, useState } from "react";
import type { PrivateMessage } from "../message-types";

type NewMessageAnnouncerProps = { newest: PrivateMessage | undefined; otherName: string };

/**
 * Tells screen-reader users when the other person's message arrives while the conversation is
 * open (not the history already there when it opened, nor older pages loaded above).
 */
export function NewMessageAnnouncer({ newest, otherName }: NewMessageAnnouncerProps) {
  const [announcement, setAnnouncement] = useState("");
  const seenUpTo = useRef<number | null>(null);

  useEffect(() => {
    if (!newest) return;
    const arrivedWhileOpen = seenUpTo.current !== null && newest._creationTime > seenUpTo.current;
    seenUpTo.current = Math.max(seenUpTo.current ?? 0, newest._creationTime);
    if (arrivedWhileOpen && !newest.isMine) setAnnouncement(`New message from ${otherName}: ${newest.text}`);
  }, [newest, otherName]);

  return (
    <div aria-live="polite" className="sr-only">
      {announcement}
    </div>
  );
}
