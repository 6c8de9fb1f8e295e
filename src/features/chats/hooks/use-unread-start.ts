import { useQuery } from "convex/react";
import { useState } from "react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";

/**
 * Where the reader's unread messages in the room started when they opened it (their mark, a
 * message time), null when nothing was unread; undefined until known. Asked once: the divider
 * stays where it was while they read (their own marks move on), and their marks re-run nothing.
 */
export function useUnreadStart(roomId: Id<"chatRooms">): number | null | undefined {
  const [start, setStart] = useState<number | null | undefined>(undefined);
  const answer = useQuery(api.chatRoomReads.unreadFrom, start === undefined ? { roomId } : "skip");
  if (start === undefined && answer !== undefined) setStart(answer);
  return start !== undefined ? start : answer;
}
