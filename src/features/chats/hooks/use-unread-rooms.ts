import { useQueries } from "convex/react";
import { useMemo } from "react";
import { api } from "@convex/_generated/api";

/**
 * Which of the listed rooms have messages since the reader's last visit: one small query per
 * room (chatRoomReads.unreadFrom, 2 reads), so a message re-runs only its own room's query, and
 * only once until the reader reads it again (convex/lib/room-reads.ts).
 */
export function useUnreadRooms(roomIds: readonly string[]): ReadonlySet<string> {
  const requests = useMemo(
    () =>
      Object.fromEntries(roomIds.map((roomId) => [roomId, { query: api.chatRoomReads.unreadFrom, args: { roomId } }])),
    [roomIds],
  );
  const answers = useQueries(requests) as Record<string, number | null | Error | undefined>;
  return useMemo(() => new Set(roomIds.filter((roomId) => typeof answers[roomId] === "number")), [answers, roomIds]);
}
