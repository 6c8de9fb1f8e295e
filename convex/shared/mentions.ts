/**
 * @mentions (issue 31, reused by issue 32's messages): the text stays plain text, and the people
 * it mentions are stored beside it as user ids with the `@Name` span they occupy. Shared by the
 * server (convex/lib/mentions.ts checks and stores them) and the client (the picker records the
 * spans, MentionText links them).
 */
import { v, type Infer } from "convex/values";

/** One mention: `text.slice(start, start + length)` is "@" + the person's name when it was written. */
export const mentionValidator = v.object({
  userId: v.id("users"),
  start: v.number(),
  length: v.number(),
});

export type Mention = Infer<typeof mentionValidator>;

/** What a sending mutation takes and a table stores: optional, so rows from before mentions validate. */
export const mentionsValidator = v.optional(v.array(mentionValidator));

/** The picker offers at most this many people at a time. */
export const MENTION_SUGGESTIONS = 8;

/** The longest name query the picker sends (a display name is at most 60 characters). */
export const MENTION_QUERY_MAX = 60;

/** The end of a mention's span (exclusive). */
export function mentionEnd(mention: Mention): number {
  return mention.start + mention.length;
}

/**
 * The spans that are well formed for `text`, in text order: whole numbers, inside the text,
 * starting with "@", not overlapping an earlier one, and no exact repeats. Pure and O(n log n), so
 * hundreds of spans cost nothing; which people they name is checked by the server.
 */
export function wellFormedMentions(text: string, mentions: readonly Mention[]): Mention[] {
  const sorted = mentions
    .filter(
      (mention) =>
        Number.isInteger(mention.start) &&
        Number.isInteger(mention.length) &&
        mention.start >= 0 &&
        mention.length >= 2 &&
        mentionEnd(mention) <= text.length &&
        text[mention.start] === "@",
    )
    .sort((a, b) => a.start - b.start || a.length - b.length);
  const kept: Mention[] = [];
  for (const mention of sorted) {
    const previous = kept[kept.length - 1];
    if (previous !== undefined && mention.start < mentionEnd(previous)) continue;
    kept.push({ userId: mention.userId, start: mention.start, length: mention.length });
  }
  return kept;
}

/**
 * The text trimmed as the server stores it, with the spans moved by what was cut off its start
 * (spans in the cut whitespace fall out later, as outside the text or not starting with "@").
 */
export function trimWithMentions(text: string, mentions: readonly Mention[]): { text: string; mentions: Mention[] } {
  const leading = text.length - text.trimStart().length;
  return {
    text: text.trim(),
    mentions: mentions.map((mention) => ({ ...mention, start: mention.start - leading })),
  };
}

/**
 * Whether a display name matches what was typed after "@": the name or one of its words starts
 * with it, ignoring case ("al" finds "Alice" and "Bob Allen").
 */
export function nameMatches(displayName: string, typed: string): boolean {
  const wanted = typed.trim().toLowerCase();
  if (wanted.length === 0) return true;
  const name = displayName.toLowerCase();
  return name.startsWith(wanted) || name.split(/\s+/).some((word) => word.startsWith(wanted));
}
