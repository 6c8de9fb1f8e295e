import { useEffect, useEffectEvent, useRef, useState } from "react";

/** What the announcer needs of a message: which it is, when it came, and whether the reader wrote it. */
export type AnnouncedMessage = { _id: string; _creationTime: number; isMine: boolean };

type NewMessageAnnouncerProps<M extends AnnouncedMessage> = {
  /** The loaded history, oldest first: its last message is the newest. */
  messages: readonly M[];
  /** The history's first page has come: no message then means nobody has written yet. */
  loaded: boolean;
  /** What a screen reader says for it, e.g. "New message from Ann: Hi". */
  describe: (message: M) => string;
};

/**
 * Tells screen-reader users when someone else's message arrives while the history is open, the
 * first one of an empty history too (not the history already there when it opened, nor older
 * pages loaded above, nor their own). A message deleted after it was announced (by its author
 * or a moderator) leaves the live region at once.
 */
export function NewMessageAnnouncer<M extends AnnouncedMessage>({
  messages,
  loaded,
  describe,
}: NewMessageAnnouncerProps<M>) {
  const [announced, setAnnounced] = useState<{ id: string; text: string } | null>(null);
  const seenUpTo = useRef<number | null>(null);
  const announce = useEffectEvent((message: M) => setAnnounced({ id: message._id, text: describe(message) }));
  const newest = messages.at(-1);

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

  // Read while rendering, so the text goes in the same render as the deleted message.
  const stillThere = announced !== null && messages.some((message) => message._id === announced.id);

  return (
    <div aria-live="polite" className="sr-only">
      {stillThere ? announced.text : ""}
    </div>
  );
}
