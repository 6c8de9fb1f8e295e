/**
 * Which words of a text a search matched, for <mark>: built as text parts, never HTML, so a query
 * or a title holding "<b>" shows those characters. Convex's search splits text into words and
 * matches the query's last word as a prefix; marking every word that starts with one of the
 * query's words shows those matches (and, at worst, a near one the index did not count).
 */

/** The words of a query, lower-cased, without repeats: letters and digits, as the index splits them. */
export function searchTerms(query: string): string[] {
  const words = query.toLocaleLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)];
}

export type TextPart = { text: string; match: boolean };

/** The text in parts, each a run of matched words (`match`) or of everything between them. */
export function highlightParts(text: string, terms: readonly string[]): TextPart[] {
  if (terms.length === 0 || text === "") return text === "" ? [] : [{ text, match: false }];
  const parts: TextPart[] = [];
  let from = 0;
  for (const word of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const lower = word[0].toLocaleLowerCase();
    if (!terms.some((term) => lower.startsWith(term))) continue;
    const start = word.index;
    if (start > from) parts.push({ text: text.slice(from, start), match: false });
    parts.push({ text: word[0], match: true });
    from = start + word[0].length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}
