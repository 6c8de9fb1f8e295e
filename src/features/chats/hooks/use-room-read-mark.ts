import { useMutation } from "convex/react";
import { useCallback, useEffect, useRef } from "react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";

/**
 * How often, at most, reading to the bottom of a busy room writes the reader's mark: each write
 * re-runs only the reader's own /chats mark for this room, and leaving writes at once anyway.
 */
export const READ_MARK_INTERVAL_MS = 10_000;

/**
 * The reader's last-read mark in a room (chatRoomReads.markRead): `readTo(time)` when they read to
 * the bottom (sent at once, then at most every READ_MARK_INTERVAL_MS with the latest time, and
 * held while the tab is hidden); leaving the room marks `newestLoaded` (the newest message they
 * had on screen) at once. The server clamps the time and never moves the mark back, so a repeat
 * costs a call and no write. Failures only leave a "New" mark up: nothing to tell the reader.
 */
export function useRoomReadMark(roomId: Id<"chatRooms">, newestLoaded: number | undefined) {
  const markRead = useMutation(api.chatRoomReads.markRead);
  const sentAt = useRef<number | null>(null);
  const sentUpTo = useRef(0);
  const pending = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const newest = useRef(newestLoaded);
  useEffect(() => {
    newest.current = newestLoaded;
  }, [newestLoaded]);

  const send = useCallback(
    (readUpTo: number) => {
      if (readUpTo <= sentUpTo.current) return;
      sentUpTo.current = readUpTo;
      sentAt.current = Date.now();
      markRead({ roomId, readUpTo }).catch(() => undefined);
    },
    [markRead, roomId],
  );

  const flush = useCallback(() => {
    timer.current = null;
    if (pending.current === null || document.visibilityState !== "visible") return;
    const readUpTo = pending.current;
    pending.current = null;
    send(readUpTo);
  }, [send]);

  const readTo = useCallback(
    (time: number) => {
      if (time <= sentUpTo.current) return;
      pending.current = Math.max(pending.current ?? 0, time);
      if (timer.current !== null) return;
      const wait = sentAt.current === null ? 0 : sentAt.current + READ_MARK_INTERVAL_MS - Date.now();
      if (wait <= 0) flush();
      else timer.current = setTimeout(flush, wait);
    },
    [flush],
  );

  useEffect(() => {
    // What came while the tab was hidden counts as read once the reader is back at it.
    document.addEventListener("visibilitychange", flush);
    return () => {
      document.removeEventListener("visibilitychange", flush);
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
      pending.current = null;
      // Leaving the room: what they had loaded is read.
      if (newest.current !== undefined) send(newest.current);
    };
  }, [flush, send]);

  return readTo;
}
