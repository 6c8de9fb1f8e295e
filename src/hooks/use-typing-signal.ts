import { useCallback, useEffect, useRef } from "react";
import { ignoreShownFailure } from "@/lib/show-failure";
import { shouldSignalTyping } from "@/lib/typing-signals";

/**
 * The composer's `onTyping`, for a room or a private conversation: "typing" goes to the server
 * (`send`, the place's setTyping; keep it stable with useCallback) at most every couple of
 * seconds while the person types (each keeps the server's short window open), and "stopped"
 * once, when the draft empties, is sent or the box loses the focus, or the person leaves. A
 * refused signal (e.g. too many) only costs the indicator, so failures are not shown.
 */
export function useTypingSignal(send: (typing: boolean) => Promise<unknown>): (typing: boolean) => void {
  const lastSentAt = useRef<number | null>(null);

  const signal = useCallback(
    (typing: boolean) => {
      if (typing) {
        const now = Date.now();
        if (!shouldSignalTyping(lastSentAt.current, now)) return;
        lastSentAt.current = now;
        send(true).catch(ignoreShownFailure);
      } else if (lastSentAt.current !== null) {
        lastSentAt.current = null;
        send(false).catch(ignoreShownFailure);
      }
    },
    [send],
  );

  useEffect(() => () => signal(false), [signal]);
  return signal;
}
