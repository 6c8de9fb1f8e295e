import { useConvex, useMutation, useQuery } from "convex/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import type { RoomPresence } from "../typing";

type PresenceTokens = { roomToken: string; sessionToken: string };

/**
 * Keeps this tab in a chat room's presence while the room is open and visible, and returns
 * who is in the room (the reader first), or undefined while loading. It drives the
 * @convex-dev/presence component through convex/chatPresence.ts the way the package's own
 * `usePresence` hook does (a heartbeat at once and every `intervalMs`, leave when the tab is
 * hidden or closed, back when it is shown), with one difference that is why it exists: the
 * package's hook keeps one heartbeat in flight with a guard that stays shut after a heartbeat
 * is refused (a rate limit, a sign-in being refreshed), so that tab never heartbeats again and
 * its reader drops out of the room ~25 s later while still reading it. Here a refused
 * heartbeat is let go and the next tick tries again.
 */
export function useRoomPresence(
  roomId: Id<"chatRooms">,
  userId: Id<"users">,
  intervalMs: number,
): RoomPresence[] | undefined {
  const convex = useConvex();
  const heartbeat = useMutation(api.chatPresence.heartbeat);
  const disconnect = useMutation(api.chatPresence.disconnect);
  const [instanceId] = useState(() => crypto.randomUUID());
  // One presence session per tab and room, renewed by every heartbeat.
  const sessionId = JSON.stringify([instanceId, roomId, userId]);
  const [tokens, setTokens] = useState<PresenceTokens | null>(null);
  const sessionTokenRef = useRef<string | null>(null);
  // The session the mounted effect keeps alive: React re-runs an effect (StrictMode, a new
  // interval) by cleaning up first, and the new run adopts the same session, which the old
  // run's cleanup must then not end.
  const activeSessionRef = useRef<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let inFlight = false;
    let timer: ReturnType<typeof setInterval> | null = null;
    activeSessionRef.current = sessionId;

    const leave = (sessionToken: string) => {
      disconnect({ sessionToken }).catch(ignorePresenceFailure);
    };
    const leaveIfOrphaned = (sessionToken: string) =>
      queueMicrotask(() => {
        if (activeSessionRef.current !== sessionId) leave(sessionToken);
      });

    const sendHeartbeat = () => {
      // A tick while the last heartbeat is still on its way has nothing new to say.
      if (inFlight) return;
      inFlight = true;
      heartbeat({ roomId, userId, sessionId, interval: intervalMs })
        .then((answer) => {
          if (cancelled) {
            if (answer.sessionToken) leaveIfOrphaned(answer.sessionToken);
            return;
          }
          sessionTokenRef.current = answer.sessionToken || null;
          setTokens(answer);
        })
        // Refused (too many heartbeats, signed out meanwhile…): the next tick tries again.
        .catch(ignorePresenceFailure)
        .finally(() => (inFlight = false));
    };
    const startBeating = () => {
      sendHeartbeat();
      if (timer !== null) clearInterval(timer);
      timer = setInterval(sendHeartbeat, intervalMs);
    };
    const stopBeating = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };

    const onVisibilityChange = () => {
      if (!document.hidden) return startBeating();
      stopBeating();
      if (sessionTokenRef.current) leave(sessionTokenRef.current);
    };
    // A closing tab cannot wait for a mutation; a beacon is sent even as the page goes.
    const onPageHide = () => {
      const sessionToken = sessionTokenRef.current;
      if (!sessionToken) return;
      const body = JSON.stringify({ path: "chatPresence:disconnect", args: { sessionToken } });
      navigator.sendBeacon(`${convex.url}/api/mutation`, new Blob([body], { type: "application/json" }));
    };

    if (!document.hidden) startBeating();
    document.addEventListener("visibilitychange", onVisibilityChange);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      cancelled = true;
      activeSessionRef.current = null;
      stopBeating();
      document.removeEventListener("visibilitychange", onVisibilityChange);
      window.removeEventListener("pagehide", onPageHide);
      if (sessionTokenRef.current) leaveIfOrphaned(sessionTokenRef.current);
    };
  }, [convex, heartbeat, disconnect, roomId, userId, sessionId, intervalMs]);

  const roomToken = tokens?.roomToken;
  const people = useQuery(api.chatPresence.list, roomToken ? { roomToken } : "skip");
  return useMemo(() => (people === undefined ? undefined : readerFirst(people, userId)), [people, userId]);
}

/** The reader first, the others in the order the server gave (online first). */
function readerFirst(people: RoomPresence[], userId: string): RoomPresence[] {
  return [...people].sort((a, b) => Number(b.userId === userId) - Number(a.userId === userId));
}

/** Presence is best effort: a refused heartbeat or leave only costs the list a few seconds. */
function ignorePresenceFailure(): void {}
