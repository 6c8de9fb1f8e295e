import { useQuery } from "convex/react";
import { useMemo, useRef } from "react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import type { RoomPresence, TypingDeadline } from "../typing";
import { TYPING_SINCE_STEP_MS, typingDeadlines, typingLabel, typingNames, typingSince } from "../typing";
import { useNow } from "../hooks/use-now";

type TypingLineProps = { roomId: Id<"chatRooms">; presence: RoomPresence[] | undefined; viewerId: string };

/** "Alice is typing…" under the history; the line keeps its height so the page does not jump. */
export function TypingLine({ roomId, presence, viewerId }: TypingLineProps) {
  // The query's "now" moves in steps, so its arguments (and its cached result) hold for a while.
  const since = typingSince(useNow(TYPING_SINCE_STEP_MS, true));
  const signals = useQuery(api.chatPresence.typing, { roomId, since });
  // Each signal's deadline by this browser's clock, counted from when it arrived (typing.ts).
  const known = useRef<ReadonlyMap<string, TypingDeadline> | null>(null);
  const deadlines = useMemo(() => {
    // While the next step's list loads, the last one's deadlines stand.
    if (signals === undefined) return known.current ?? new Map<string, TypingDeadline>();
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
