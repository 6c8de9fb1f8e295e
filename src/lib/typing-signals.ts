/**
 * "Alice is typing…", the plain logic shared by chat rooms and private messages (issue 32): when
 * the composer tells the server, how the page ages signals out by its own clock, and the words.
 * The server side is convex/lib/typing.ts.
 */
import { TYPING_SIGNAL_MS } from "@convex/shared/typing-signal";

/** A typing signal as the typing queries list it: who, and until when by the server's clock. */
export type TypingSignal = { userId: string; until: number };

/** How often the room typing query's "since" moves on: its arguments, and so its cache, hold this long. */
export const TYPING_SINCE_STEP_MS = 30_000;
/**
 * How far back "since" reaches: signals a little past are listed too (the page ages them out
 * by its own clock), so a browser clock up to ~2 minutes ahead of the server's still sees them.
 */
const TYPING_SINCE_MARGIN_MS = 120_000;

/**
 * The "since" a room's typing query is asked with at `now`: this browser's clock less the margin,
 * rounded down to the step, so every reader in a room asks the same for 30 s. The server reads
 * no clock in a query (it would not re-run as time passes).
 */
export function typingSince(now: number): number {
  return Math.floor((now - TYPING_SINCE_MARGIN_MS) / TYPING_SINCE_STEP_MS) * TYPING_SINCE_STEP_MS;
}

/** How often, at most, the box tells the server "still typing"; the server keeps it for 6 s. */
export const TYPING_SIGNAL_INTERVAL_MS = 2_000;

/** A typing signal as this browser keeps it: the server's `until` it came with, and when it lapses here. */
export type TypingDeadline = { signal: number; until: number };

/**
 * This browser's deadlines for the typing `signals`. A signal that arrives while the page is
 * open (`previous` is the last list's) lasts TYPING_SIGNAL_MS from `now`, when it came: the
 * server's `until` is only compared with itself, never with this browser's clock, which can be
 * seconds off the server's (a fast clock would hide every signal, a slow one keep a lapsed one
 * on screen). Signals already in the first list (`previous` null) may be nearly over, so those
 * keep what is left of them by the server's time, at most the full span.
 */
export function typingDeadlines(
  previous: ReadonlyMap<string, TypingDeadline> | null,
  signals: readonly TypingSignal[],
  now: number,
): Map<string, TypingDeadline> {
  const next = new Map<string, TypingDeadline>();
  for (const { userId, until: signal } of signals) {
    const known = previous?.get(userId);
    if (known?.signal === signal) next.set(userId, known);
    else if (previous !== null) next.set(userId, { signal, until: now + TYPING_SIGNAL_MS });
    else next.set(userId, { signal, until: Math.min(signal, now + TYPING_SIGNAL_MS) });
  }
  return next;
}

/** Someone who may show as typing, in the order the line names them. */
export type TypingCandidate = { userId: string; name?: string };

/**
 * The names of the `people` typing at `now`: their last "typing" not yet lapsed (`deadlines`).
 * The server cannot take a stale signal back on time passing, so the clock decides here.
 */
export function namesTyping(
  people: readonly TypingCandidate[],
  deadlines: ReadonlyMap<string, TypingDeadline>,
  now: number,
): string[] {
  return people
    .filter((person) => (deadlines.get(person.userId)?.until ?? 0) > now)
    .map((person) => person.name ?? "Someone");
}

/** "Alice is typing…", "Alice and Ben are typing…", "Alice, Ben and 2 others are typing…", or null. */
export function typingLabel(names: readonly string[]): string | null {
  const [first, second, third] = names;
  if (first === undefined) return null;
  if (second === undefined) return `${first} is typing…`;
  if (third === undefined) return `${first} and ${second} are typing…`;
  if (names.length === 3) return `${first}, ${second} and ${third} are typing…`;
  return `${first}, ${second} and ${names.length - 2} others are typing…`;
}

/**
 * Whether a "typing: true" should go to the server now: the first one at once, then at most one
 * per interval while the person keeps typing (each keeps the server's 6 s window open).
 */
export function shouldSignalTyping(lastSentAt: number | null, now: number): boolean {
  return lastSentAt === null || now - lastSentAt >= TYPING_SIGNAL_INTERVAL_MS;
}
