import { useQuery } from "convex/react";
import { useMemo, useRef } from "react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import type { RoomPresence, TypingDeadline } from "../typing";
import { typingDeadlines, typingLabel, typingNames } from "../typing";
import { useNow } from "../hooks/use-now";

type TypingLineProps = { roomId: Id<"chatRooms">; presence: RoomPresence[] | undefined; viewerId: string };

/** "Alice is typing…" under the history; the line keeps its height so the page does not jump. */
export function TypingLine({ roomId, presence, viewerId }: TypingLineProps) {
  const signals = useQuery(api.chatPresence.typing, { roomId });
  // Each signal's deadline by this browser's clock, counted from when it arrived (typing.ts).
  const known = useRef<ReadonlyMap<string, TypingDeadline> | null>(null);
  const deadlines = useMemo(() => {
    if (signals === undefined) return new Map<string, TypingDeadline>();
    known.current = typingDeadlines(known.current, signals, Date.now());
    return known.current;
  }, [signals]);
  const anyoneSignalled = (signals ?? []).some((signal) => signal.userId !== viewerId);
  // A signal lapses by the clock alone (nobody writes when someone just stops), so tick while one is out.
  const now = useNow(1_000, anyoneSignalled);
  const label = typingLabel(typingNames(presence ?? [], viewerId, deadlines, now));
  return (
    <p aria-live="polite" className="h-6 truncate bg-canvas px-4 text-xs leading-6 text-fg-muted italic sm:px-6">
      {label}
    </p>
  );
}
