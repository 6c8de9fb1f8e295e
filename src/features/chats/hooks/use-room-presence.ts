import { useConvex, useMutation, useQuery } from "convex/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import type { RoomPresence } from "../typing";
import { usePeopleFaces } from "./use-people-faces";

/**
 * How often an open room tab tells the server "still here" while it is shown. A tab that goes
 * without a word (a crash, a lost connection) leaves the list 2.5 intervals later (50 s); one
 * that closes says so at once (a beacon). docs/architecture.md "Presence cost" has the sums.
 */
export const VISIBLE_HEARTBEAT_MS = 20_000;
/**
 * … and while it is hidden: the tab stays in the room as long as it is open, at a third of the
 * cost. Browsers wake hidden tabs' timers at most once a minute anyway; the server's longest
 * interval (chatPresence.MAX_HEARTBEAT_INTERVAL_MS) is this one.
 */
export const HIDDEN_HEARTBEAT_MS = 60_000;

type PresenceTokens = { roomToken: string; sessionToken: string };

/**
 * Keeps this tab in a chat room's presence while the room is open, and returns who is in the
 * room (the reader first), or undefined while loading. It drives the @convex-dev/presence
 * component through convex/chatPresence.ts the way the package's own `usePresence` hook does (a
 * heartbeat at once and every interval, leave when the room or the tab closes), with three
 * differences:
 * - a hidden tab keeps heartbeating, slowly, instead of leaving: a tab switch re-runs nobody's
 *   queries;
 * - each heartbeat shows the ticket of the last answer, so the server knows it for a renewal and
 *   spends no allowance (a rate-limiter write) on it;
 * - a refused heartbeat (a rate limit, a sign-in being refreshed) is let go and the next tick
 *   tries again, where the package's hook stays shut and its reader drops out of the room.
 * The room's list is user ids shared by everyone in it; names and avatars come per person
 * (usePeopleFaces).
 */
export function useRoomPresence(roomId: Id<"chatRooms">, userId: Id<"users">): RoomPresence[] | undefined {
  const convex = useConvex();
  const heartbeat = useMutation(api.chatPresence.heartbeat);
  const disconnect = useMutation(api.chatPresence.disconnect);
  const [instanceId] = useState(() => crypto.randomUUID());
  // One presence session per tab and room, renewed by every heartbeat.
  const sessionId = JSON.stringify([instanceId, roomId, userId]);
  const [tokens, setTokens] = useState<PresenceTokens | null>(null);
  const sessionTokenRef = useRef<string | null>(null);
  // The last answer's renewal ticket; dropped when the session ends, so the next heartbeat says "new".
  const ticketRef = useRef<string | null>(null);
  // The session the mounted effect keeps alive: React re-runs an effect (StrictMode) by cleaning
  // up first, and the new run adopts the same session, which the old run's cleanup must then not end.
  const activeSessionRef = useRef<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let inFlight = false;
    let beatAgain = false;
    let timer: ReturnType<typeof setInterval> | null = null;
    activeSessionRef.current = sessionId;
    const intervalNow = () => (document.hidden ? HIDDEN_HEARTBEAT_MS : VISIBLE_HEARTBEAT_MS);

    const leave = (sessionToken: string) => {
      ticketRef.current = null;
      disconnect({ sessionToken, roomId }).catch(ignorePresenceFailure);
    };
    const leaveIfOrphaned = (sessionToken: string) =>
      queueMicrotask(() => {
        if (activeSessionRef.current !== sessionId) leave(sessionToken);
      });

    const sendHeartbeat = () => {
      // One heartbeat at a time; one asked for meanwhile (the tab was hidden or shown, so the
      // interval changed) goes as soon as this one is answered.
      if (inFlight) {
        beatAgain = true;
        return;
      }
      inFlight = true;
      const ticket = ticketRef.current;
      heartbeat({ roomId, userId, sessionId, interval: intervalNow(), ...(ticket ? { ticket } : {}) })
        .then((answer) => {
          if (cancelled) {
            if (answer.sessionToken) leaveIfOrphaned(answer.sessionToken);
            return;
          }
          sessionTokenRef.current = answer.sessionToken || null;
          ticketRef.current = answer.ticket || null;
          setTokens((known) => (sameTokens(known, answer) ? known : answer));
        })
        // Refused (too many heartbeats, signed out meanwhile…): the next tick tries again.
        .catch(ignorePresenceFailure)
        .finally(() => {
          inFlight = false;
          if (beatAgain && !cancelled) {
            beatAgain = false;
            sendHeartbeat();
          }
        });
    };
    // A heartbeat now (with the interval for the tab as it is now), then one every interval.
    const beat = () => {
      sendHeartbeat();
      if (timer !== null) clearInterval(timer);
      timer = setInterval(sendHeartbeat, intervalNow());
    };

    // A closing tab cannot wait for a mutation; a beacon is sent even as the page goes.
    const onPageHide = () => {
      const sessionToken = sessionTokenRef.current;
      if (!sessionToken) return;
      const body = JSON.stringify({ path: "chatPresence:disconnect", args: { sessionToken, roomId } });
      navigator.sendBeacon(`${convex.url}/api/mutation`, new Blob([body], { type: "application/json" }));
    };

    beat();
    document.addEventListener("visibilitychange", beat);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      cancelled = true;
      activeSessionRef.current = null;
      if (timer !== null) clearInterval(timer);
      document.removeEventListener("visibilitychange", beat);
      window.removeEventListener("pagehide", onPageHide);
      if (sessionTokenRef.current) leaveIfOrphaned(sessionTokenRef.current);
    };
  }, [convex, heartbeat, disconnect, roomId, userId, sessionId]);

  const roomToken = tokens?.roomToken;
  const people = useQuery(api.chatPresence.list, roomToken ? { roomToken } : "skip");
  const onlineIds = useMemo(
    () => (people ?? []).filter((person) => person.online).map((person) => person.userId),
    [people],
  );
  const faces = usePeopleFaces(onlineIds);
  return useMemo(() => {
    if (people === undefined || faces === undefined) return undefined;
    // Someone whose name is still on its way is left out for that moment, not shown as "Someone".
    const named = people.flatMap((person) => {
      if (!person.online) return [{ ...person }];
      const face = faces.get(person.userId);
      return face === undefined ? [] : [{ ...person, ...face }];
    });
    return readerFirst(named, userId);
  }, [people, faces, userId]);
}

function sameTokens(known: PresenceTokens | null, answer: PresenceTokens): boolean {
  return known !== null && known.roomToken === answer.roomToken && known.sessionToken === answer.sessionToken;
}

/** The reader first, the others in the order the server gave (online first). */
function readerFirst(people: RoomPresence[], userId: string): RoomPresence[] {
  return [...people].sort((a, b) => Number(b.userId === userId) - Number(a.userId === userId));
}

/** Presence is best effort: a refused heartbeat or leave only costs the list a few seconds. */
function ignorePresenceFailure(): void {}
