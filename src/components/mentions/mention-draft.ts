/**
 * The bookkeeping of a draft with @mentions, as plain functions: where the "@query" being typed
 * is, what choosing a person does to the text and its spans, and how an edit anywhere moves the
 * spans (kept before it, shifted after it, dropped when it touches them).
 */
import { type Mention, mentionEnd } from "@convex/shared/mentions";

/** A draft: its text and the spans of it that mention someone. */
export type MentionDraft = { text: string; mentions: Mention[] };

/** Words the query may have after "@": a full name like "Bob Allen" is two. */
const QUERY_WORDS = 2;

/**
 * The "@query" that ends at the caret, or null: an "@" at the start or after white space, then at
 * most two words on one line ("@", "@Al", "@Bob Al"). `start` is the index of the "@".
 */
export function activeMentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf("@");
  if (at < 0) return null;
  if (at > 0 && !/\s/.test(before[at - 1]!)) return null;
  const query = before.slice(at + 1);
  if (/[\n@]/.test(query) || /^\s/.test(query)) return null;
  if (query.split(" ").length > QUERY_WORDS) return null;
  return { start: at, query };
}

/**
 * The spans after the text changed from `before` to `after`, whatever the change (typing,
 * deleting, pasting, an emoji): the changed region is what lies between the common start and the
 * common end. A span wholly before it stays, one wholly after it moves by the change in length,
 * and one it touches is dropped (its text is no longer "@Name"; it stays as plain text).
 * `caretAfter` (the caret once changed) settles ambiguous edits: typing "@" just before "@Bob"
 * happened before the span, not inside it, because the change ends at the caret.
 */
export function shiftMentions(
  before: string,
  after: string,
  mentions: readonly Mention[],
  caretAfter?: number,
): Mention[] {
  if (before === after || mentions.length === 0) return [...mentions];
  const shortest = Math.min(before.length, after.length);
  const suffixLimit = caretAfter === undefined ? shortest : Math.min(shortest, after.length - caretAfter);
  let suffix = 0;
  while (suffix < suffixLimit && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  let prefix = 0;
  while (prefix < shortest - suffix && before[prefix] === after[prefix]) prefix++;
  const changedEnd = before.length - suffix;
  const delta = after.length - before.length;
  const kept: Mention[] = [];
  for (const mention of mentions) {
    if (mentionEnd(mention) <= prefix) kept.push(mention);
    else if (mention.start >= changedEnd) kept.push({ ...mention, start: mention.start + delta });
  }
  return kept;
}

/**
 * Chooses `person` for the "@query" from `start` to `caret`: the text gets "@Name " in its place,
 * the new span is recorded in text order, and the caret goes after the space.
 */
export function insertMention(
  draft: MentionDraft,
  start: number,
  caret: number,
  person: { userId: Mention["userId"]; displayName: string },
): MentionDraft & { caret: number } {
  const label = `@${person.displayName}`;
  const text = `${draft.text.slice(0, start)}${label} ${draft.text.slice(caret)}`;
  const caretAfter = start + label.length + 1;
  const moved = shiftMentions(draft.text, text, draft.mentions, caretAfter);
  const added: Mention = { userId: person.userId, start, length: label.length };
  const mentions = [...moved, added].sort((a, b) => a.start - b.start);
  return { text, mentions, caret: caretAfter };
}
