import { useMemo, useRef } from "react";
import type { RoomPresence, TypingDeadline } from "../typing";
import { typingDeadlines, typingLabel, typingNames } from "../typing";
import { useNow } from "../hooks/use-now";

/** "Alice is typing…" under the history; the line keeps its height so the page does not jump. */
export function TypingLine({ presence, viewerId }: { presence: RoomPresence[] | undefined; viewerId: string }) {
  const anyoneSignalled = (presence ?? []).some((person) => person.userId !== viewerId && person.data !== undefined);
  // A signal lapses by the clock alone (nobody writes when someone just stops), so tick while one is out.
  const now = useNow(1_000, anyoneSignalled);
  // Each signal's deadline by this browser's clock, counted from when it arrived (typing.ts).
  const known = useRef<ReadonlyMap<string, TypingDeadline> | null>(null);
  const deadlines = useMemo(() => {
    if (presence === undefined) return new Map<string, TypingDeadline>();
    known.current = typingDeadlines(known.current, presence, Date.now());
    return known.current;
  }, [presence]);
  const label = typingLabel(typingNames(presence ?? [], viewerId, deadlines, now));
  return (
    <p aria-live="polite" className="h-6 truncate bg-stone-50 px-4 text-xs leading-6 text-stone-600 italic sm:px-6">
      {label}
    </p>
  );
}
