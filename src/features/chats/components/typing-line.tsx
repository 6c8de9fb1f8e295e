import { useQuery } from "convex/react";
import { useMemo } from "react";
import { TypingIndicator } from "@/components/messaging/typing-indicator";
import { useNow } from "@/hooks/use-now";
import { TYPING_SINCE_STEP_MS, typingSince } from "@/lib/typing-signals";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { typingCandidates, type RoomPresence } from "../typing";

type TypingLineProps = { roomId: Id<"chatRooms">; presence: RoomPresence[] | undefined; viewerId: string };

/** "Alice is typing…" under a room's history: the others here now whose signal has not lapsed. */
export function TypingLine({ roomId, presence, viewerId }: TypingLineProps) {
  // The query's "now" moves in steps, so its arguments (and its cached result) hold for a while.
  const since = typingSince(useNow(TYPING_SINCE_STEP_MS, true));
  const signals = useQuery(api.chatPresence.typing, { roomId, since });
  const people = useMemo(() => typingCandidates(presence ?? [], viewerId), [presence, viewerId]);
  return <TypingIndicator signals={signals} people={people} />;
}
