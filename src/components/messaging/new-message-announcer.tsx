import { useEffect, useEffectEvent, useRef, useState } from "react";

/** What the announcer needs of a message: when it came, and whether the reader wrote it. */
export type AnnouncedMessage = { _creationTime: number; isMine: boolean };

type NewMessageAnnouncerProps<M extends AnnouncedMessage> = {
  newest: M | undefined;
  /** The history's first page has come: no `newest` then means nobody has written yet. */
  loaded: boolean;
  /** What a screen reader says for it, e.g. "New message from Ann: Hi". */
  describe: (message: M) => string;
};

/**
 * Tells screen-reader users when someone else's message arrives while the history is open, the
 * first one of an empty history too (not the history already there when it opened, nor older
 * pages loaded above, nor their own).
 */
export function NewMessageAnnouncer<M extends AnnouncedMessage>({
  newest,
  loaded,
  describe,
}: NewMessageAnnouncerProps<M>) {
  const [announcement, setAnnouncement] = useState("");
  const seenUpTo = useRef<number | null>(null);
  const announce = useEffectEvent((message: M) => setAnnouncement(describe(message)));

  useEffect(() => {
    if (!newest) {
      // An empty history seen: its first message arrives while it is open.
      if (loaded) seenUpTo.current ??= 0;
      return;
    }
    const arrivedWhileOpen = seenUpTo.current !== null && newest._creationTime > seenUpTo.current;
    seenUpTo.current = Math.max(seenUpTo.current ?? 0, newest._creationTime);
    if (arrivedWhileOpen && !newest.isMine) announce(newest);
  }, [newest, loaded]);

  return (
    <div aria-live="polite" className="sr-only">
      {announcement}
    </div>
  );
}
