import { useMutation } from "convex/react";
import { useCallback, useEffect, useRef } from "react";
import { ignoreShownFailure } from "@/lib/show-failure";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { shouldSignalTyping } from "../typing";

/**
 * The composer's `onTyping` for a room: "typing" goes to the server at most every couple of
 * seconds while the person types (each keeps the server's short window open), and "stopped" once,
 * when the draft empties, is sent or the box loses the focus, or the person leaves the room.
 * A refused signal (e.g. too many) only costs the indicator, so failures are not shown.
 */
export function useTypingSignal(roomId: Id<"chatRooms">): (typing: boolean) => void {
  const setTyping = useMutation(api.chatPresence.setTyping);
  const lastSentAt = useRef<number | null>(null);

  const signal = useCallback(
    (typing: boolean) => {
      if (typing) {
        const now = Date.now();
        if (!shouldSignalTyping(lastSentAt.current, now)) return;
        lastSentAt.current = now;
        setTyping({ roomId, typing: true }).catch(ignoreShownFailure);
      } else if (lastSentAt.current !== null) {
        lastSentAt.current = null;
        setTyping({ roomId, typing: false }).catch(ignoreShownFailure);
      }
    },
    [roomId, setTyping],
  );

  useEffect(() => () => signal(false), [signal]);
  return signal;
}
