/** What "Seen" needs of a message: when it was written and whether the reader wrote it. */
type SentMessage = { _id: string; _creationTime: number; isMine: boolean };

/**
 * The newest of the reader's own messages the other person has read, by their `readUpTo` (a
 * message time; 0 before they opened the conversation), among those loaded; null if none.
 * `newestFirst` is the history as the server pages it.
 */
export function seenMessageId(newestFirst: readonly SentMessage[], otherReadUpTo: number | undefined): string | null {
  if (otherReadUpTo === undefined) return null;
  return newestFirst.find((message) => message.isMine && message._creationTime <= otherReadUpTo)?._id ?? null;
}
