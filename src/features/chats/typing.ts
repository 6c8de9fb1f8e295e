import type { TypingCandidate, TypingDeadline } from "@/lib/typing-signals";
import { namesTyping } from "@/lib/typing-signals";

/** One person in a room as the presence component reports them (convex/chatPresence.ts list). */
export type RoomPresence = {
  userId: string;
  online: boolean;
  name?: string;
  image?: string;
};

/** Who is in the room now (online), the reader first as the presence hook sorts them. */
export function peopleHere(presence: readonly RoomPresence[]): RoomPresence[] {
  return presence.filter((person) => person.online);
}

/** Who in the room may show as typing: online and not the reader, in the presence list's order. */
export function typingCandidates(presence: readonly RoomPresence[], myUserId: string): TypingCandidate[] {
  return presence.filter((person) => person.online && person.userId !== myUserId);
}

/**
 * The names of the others typing at `now`: online, not the reader, and their last "typing" not
 * yet lapsed (`deadlines`, src/lib/typing-signals.ts).
 */
export function typingNames(
  presence: readonly RoomPresence[],
  myUserId: string,
  deadlines: ReadonlyMap<string, TypingDeadline>,
  now: number,
): string[] {
  return namesTyping(typingCandidates(presence, myUserId), deadlines, now);
}
