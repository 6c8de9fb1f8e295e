/** How a typed query becomes what the search indexes are asked (issue 33, shared/search.ts). */
import { SEARCH_MAX_CHARS, SEARCH_MIN_CHARS } from "../../shared/search";
import { searchWords } from "./text";

/** Convex search uses at most the first 16 terms of a query; the rest are dropped here, before asking. */
export const SEARCH_MAX_TERMS = 16;
/** Convex's tokenizer drops words of this many UTF-8 bytes or more: they can match nothing. */
const MAX_WORD_BYTES = 32;

const encoder = new TextEncoder();

/**
 * The words to search for, or null when there is nothing worth asking (shorter than
 * SEARCH_MIN_CHARS once trimmed, or only punctuation, emoji, markup or overlong words): the caller
 * then answers empty without reading. Longer queries are cut to SEARCH_MAX_CHARS first (the client
 * says so), and split the way the stored texts are (text.ts), so every engine sees the same words.
 */
export function searchQuery(raw: string): string | null {
  const cut = raw.trim().slice(0, SEARCH_MAX_CHARS);
  if (cut.length < SEARCH_MIN_CHARS) return null;
  const words = searchWords(cut)
    .split(" ")
    .filter((word) => word.length > 0 && encoder.encode(word).length < MAX_WORD_BYTES);
  const query = words.slice(0, SEARCH_MAX_TERMS).join(" ");
  return query.length < SEARCH_MIN_CHARS ? null : query;
}
