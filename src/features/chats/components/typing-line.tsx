import type { RoomPresence } from "../typing";
import { typingLabel, typingNames } from "../typing";
import { useNow } from "../hooks/use-now";

/** "Alice is typing…" under the history; the line keeps its height so the page does not jump. */
export function TypingLine({ presence, viewerId }: { presence: RoomPresence[] | undefined; viewerId: string }) {
  const anyoneSignalled = (presence ?? []).some((person) => person.userId !== viewerId && person.data !== undefined);
  // A signal lapses by the clock alone (nobody writes when someone just stops), so tick while one is out.
  const now = useNow(1_000, anyoneSignalled);
  const label = typingLabel(typingNames(presence ?? [], viewerId, now));
  return (
    <p aria-live="polite" className="h-6 truncate bg-stone-50 px-4 text-xs leading-6 text-stone-600 italic sm:px-6">
      {label}
    </p>
  );
}
