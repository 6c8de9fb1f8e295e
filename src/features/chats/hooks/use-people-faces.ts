import { useQueries } from "convex/react";
import { useMemo } from "react";
import { api } from "@convex/_generated/api";

/** A person's name and avatar as the room page shows them. */
export type Face = { name: string; image?: string };

/**
 * The names and avatars of `userIds`, one `chatPresence.person` query each: a join or leave
 * changes only which of them are asked for, and the Convex client shares each person's
 * subscription between the rooms the reader has open. Undefined while none of them has arrived
 * (so the room does not first show a row of "Someone"); after that, someone newly asked for is
 * missing from the map until their face arrives.
 */
export function usePeopleFaces(userIds: readonly string[]): ReadonlyMap<string, Face> | undefined {
  const requests = useMemo(
    () => Object.fromEntries(userIds.map((userId) => [userId, { query: api.chatPresence.person, args: { userId } }])),
    [userIds],
  );
  const answers = useQueries(requests) as Record<string, Face | Error | undefined>;
  return useMemo(() => {
    const faces = new Map<string, Face>();
    let waiting = 0;
    for (const userId of userIds) {
      const answer = answers[userId];
      if (answer === undefined) waiting++;
      // A face that failed to load shows as the placeholder rather than holding up the room.
      else faces.set(userId, answer instanceof Error ? { name: "Someone" } : answer);
    }
    return waiting > 0 && faces.size === 0 ? undefined : faces;
  }, [answers, userIds]);
}
