/**
 * Full-text search as Convex words it: how text becomes terms, how a search expression becomes a
 * query, and which writes a search has read (so a subscription re-runs when a result may change).
 *
 * Followed (docs.convex.dev/search/text-search, "Search Behavior" and "Limits", and
 * convex-backend `crates/search`):
 * - Text is tokenized by Tantivy's SimpleTokenizer (a token is a run of characters for which
 *   Rust's `char::is_alphanumeric` holds; everything else, punctuation and emoji included,
 *   separates), then RemoveLongFilter(32) drops tokens of 32 UTF-8 bytes or more, then LowerCaser
 *   lowercases each character (`constants.rs`, `convex_en`).
 * - A query keeps its first 16 tokens (MAX_QUERY_TERMS; further ones are silently dropped). The
 *   last kept token matches as a prefix ("typeahead"), the others exactly; fuzzy matching was
 *   removed on 2025-01-15. A document matches when it holds any query term (the terms are OR-ed)
 *   and every equality filter (at most 8, MAX_FILTER_CONDITIONS).
 * - A search's reads are its terms and filters (`query.rs`, QueryReads): a written document
 *   (before or after the write) affects it when it passes the filters and holds a token equal to
 *   an exact term or starting with the prefix term.
 */
import { convexToJson, type Value } from "convex/values";
import { fieldValue } from "./index-range";
import type { StoredDocument } from "./convex-test-internals";

export const MAX_QUERY_TERMS = 16;
export const MAX_FILTER_CONDITIONS = 8;
/** Tokens of this many UTF-8 bytes or more are dropped (RemoveLongFilter keeps `len < limit`). */
export const MAX_TERM_BYTES = 32;

/** One term of a compiled query: the last one matches every term it is a prefix of. */
export type QueryTerm = { token: string; prefix: boolean };

/** An equality filter of a search: the field and its value's key (filterKey). */
export type FilterCondition = { fieldPath: string; key: string };

/** What a search read, as Convex records it: its table, search field, terms and filters. */
export type SearchRead = { table: string; searchField: string; terms: QueryTerm[]; filters: FilterCondition[] };

const alphanumericCache = new Map<number, boolean>();
const ALPHANUMERIC = /^[\p{Alphabetic}\p{N}]$/u;

/** Rust's `char::is_alphanumeric`: the Alphabetic property or a Numeric general category. */
function isAlphanumeric(codePoint: number): boolean {
  if (codePoint < 128) {
    return (
      (codePoint >= 48 && codePoint <= 57) ||
      (codePoint >= 65 && codePoint <= 90) ||
      (codePoint >= 97 && codePoint <= 122)
    );
  }
  let known = alphanumericCache.get(codePoint);
  if (known === undefined) {
    known = ALPHANUMERIC.test(String.fromCodePoint(codePoint));
    alphanumericCache.set(codePoint, known);
  }
  return known;
}

/** Printable ASCII and the usual whitespace (text with other control characters takes the loop). */
const ASCII = /^[\t\n\r -~]*$/;
const ASCII_TOKEN = /[A-Za-z0-9]+/g;

/** The terms of `text`, in order (repeats kept), at most `limit` of them. */
export function tokensOf(text: string, limit = Infinity): string[] {
  // Most text is ASCII: a regular expression finds its tokens many times faster than the loop,
  // and stops at the limit (a long query costs no more than its first 16 terms).
  if (ASCII.test(text)) {
    const tokens: string[] = [];
    const pattern = new RegExp(ASCII_TOKEN);
    for (let match = pattern.exec(text); match !== null && tokens.length < limit; match = pattern.exec(text)) {
      if (match[0].length < MAX_TERM_BYTES) tokens.push(match[0].toLowerCase());
    }
    return tokens;
  }
  const tokens: string[] = [];
  let start = -1;
  let ascii = true;
  for (let i = 0; i < text.length && tokens.length < limit;) {
    const codePoint = text.codePointAt(i) as number;
    const width = codePoint > 0xffff ? 2 : 1;
    if (isAlphanumeric(codePoint)) {
      if (start < 0) {
        start = i;
        ascii = true;
      }
      if (codePoint >= 128) ascii = false;
    } else if (start >= 0) {
      addToken(tokens, text.slice(start, i), ascii);
      start = -1;
    }
    i += width;
  }
  if (start >= 0 && tokens.length < limit) addToken(tokens, text.slice(start), ascii);
  return tokens;
}

function addToken(tokens: string[], raw: string, ascii: boolean): void {
  // RemoveLongFilter runs before LowerCaser, on the token as written.
  if (ascii) {
    if (raw.length < MAX_TERM_BYTES) tokens.push(raw.toLowerCase());
    return;
  }
  if (Buffer.byteLength(raw, "utf8") >= MAX_TERM_BYTES) return;
  // LowerCaser lowercases character by character (no final-sigma context, unlike String#toLowerCase).
  let lower = "";
  for (const character of raw) lower += character.toLowerCase();
  tokens.push(lower);
}

/** The query terms of a search text: its first 16 tokens, the last one a prefix. */
export function queryTermsOf(text: string): QueryTerm[] {
  const tokens = tokensOf(text, MAX_QUERY_TERMS);
  return tokens.map((token, i) => ({ token, prefix: i === tokens.length - 1 }));
}

/**
 * A key equal for two field values exactly when Convex's filter sees them equal (it compares the
 * values' bytes: a missing field is its own value, 1 and 1n differ, so do 0 and -0).
 */
export function filterKey(value: unknown): string {
  if (value === undefined) return "u";
  if (value === null) return "z";
  switch (typeof value) {
    case "string":
      return `s${value}`;
    case "boolean":
      return value ? "b1" : "b0";
    case "number":
      return Object.is(value, -0) ? "n-0" : `n${String(value)}`;
    case "bigint":
      return `i${String(value)}`;
    default:
      return `j${JSON.stringify(sortedKeys(convexToJson(value as Value)))}`;
  }
}

/** A JSON value with its objects' fields in name order (Convex objects have no field order). */
function sortedKeys(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(sortedKeys);
  if (typeof json !== "object" || json === null) return json;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(json).sort()) sorted[key] = sortedKeys((json as Record<string, unknown>)[key]);
  return sorted;
}

/** Whether `document` passes every equality filter. */
export function passesFilters(document: StoredDocument, filters: readonly FilterCondition[]): boolean {
  return filters.every(({ fieldPath, key }) => filterKey(fieldValue(document, fieldPath)) === key);
}

/**
 * Whether a write leaving or making `document` can change what the search `read` returns:
 * Convex's QueryReads::overlaps_document (filters first; no terms means every filtered document).
 */
export function searchReadOverlaps(read: SearchRead, document: StoredDocument): boolean {
  if (!passesFilters(document, read.filters)) return false;
  if (read.terms.length === 0) return true;
  const text = fieldValue(document, read.searchField);
  if (typeof text !== "string") return false;
  return tokensOf(text).some((token) =>
    read.terms.some((term) => (term.prefix ? token.startsWith(term.token) : token === term.token)),
  );
}
