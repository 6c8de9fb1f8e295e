import { useMemo, useRef } from "react";
import { useNow } from "@/hooks/use-now";
import {
  namesTyping,
  typingDeadlines,
  typingLabel,
  type TypingCandidate,
  type TypingDeadline,
  type TypingSignal,
} from "@/lib/typing-signals";

type TypingIndicatorProps = {
  /** The typing query's answer (undefined while it loads). */
  signals: readonly TypingSignal[] | undefined;
  /** Who may show as typing, in the order to name them (never the reader). */
  people: readonly TypingCandidate[];
};

/**
 * "Alice is typing…" under a history, for rooms and private messages alike; the line keeps its
 * height so the page does not jump. Signals lapse by this browser's clock (typing-signals.ts).
 */
export function TypingIndicator({ signals, people }: TypingIndicatorProps) {
  // Each signal's deadline by this browser's clock, counted from when it arrived.
  const known = useRef<ReadonlyMap<string, TypingDeadline> | null>(null);
  const deadlines = useMemo(() => {
    // While the next list loads, the last one's deadlines stand.
    if (signals === undefined) return known.current ?? new Map<string, TypingDeadline>();
    known.current = typingDeadlines(known.current, signals, Date.now());
    return known.current;
  }, [signals]);
  const anyoneSignalled = (signals ?? []).some((signal) => people.some((person) => person.userId === signal.userId));
  // A signal lapses by the clock alone (nobody writes when someone just stops), so tick while one is out.
  const now = useNow(1_000, anyoneSignalled);
  const label = typingLabel(namesTyping(people, deadlines, now));
  return (
    <p aria-live="polite" className="h-6 truncate bg-canvas px-4 text-xs leading-6 text-fg-muted italic sm:px-6">
      {label}
    </p>
  );
}
