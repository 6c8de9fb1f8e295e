/**
 * An in-memory inverted index for one declared search index (`searchIndex(name, { searchField,
 * filterFields })`), and its ranking, as Convex ranks (convex-backend `crates/search`):
 * - candidates are the documents holding any matched term and passing every equality filter;
 * - the terms a query matches: each exact term present, then the prefix term's completions in
 *   term order, at most 64 distinct terms in all (MAX_UNIQUE_QUERY_TERMS, TokenMatchAggregator
 *   keeps exact matches before prefix ones, then the smallest terms);
 * - the score is BM25 over the search field (Tantivy's: k1 = 1.2, b = 0.75,
 *   idf = ln(1 + (N − df + 0.5) / (df + 0.5)), N and the average length over every document of the
 *   index), a completion of the prefix term weighing half (`bm25_boost *= 0.5`), kept as an f32;
 * - order: score descending, then the newest first ("If multiple documents have the same score,
 *   the newest documents are returned first", docs), then the id; only the best 1,024 are kept
 *   (MAX_CANDIDATE_REVISIONS).
 * Convex adds proximity and other criteria to BM25 and says relevance order is subject to change:
 * this ranks by BM25 alone (local-backend/README.md, "Convex behaviours").
 *
 * Each document lives in a slot; its postings are `slot * TF_SPACE + term frequency` in one
 * number array per term. A write frees the old slot (its postings are skipped until the next
 * compaction) and takes a new one, so a commit costs the terms of the documents it wrote.
 */
import type { StoredDocument } from "./convex-test-internals";
import { fieldValue } from "./index-range";
import { filterKey, tokensOf, type QueryTerm } from "./search-text";
import { TopCandidates, type Ranked } from "./search-top";

export type SearchIndexDefinition = { table: string; name: string; searchField: string; filterFields: string[] };

/** A filter as the index checks it: which of its filter fields, and the value's key. */
export type IndexFilter = { field: number; key: string };

export const MAX_CANDIDATES = 1024;
const MAX_UNIQUE_QUERY_TERMS = 64;
const K1 = 1.2;
const B = 0.75;
const PREFIX_BOOST = 0.5;
/** > the most tokens a field can hold (a 1 MiB document has fewer than 2^19), so slot and count share a number. */
const TF_SPACE = 2 ** 20;
/** Rankings kept per index, for the same search asked again before the next write (pages, other users). */
const CACHED_RANKINGS = 128;

/** A term's postings (`slot * TF_SPACE + count`, by slot), how many live documents hold it, its last slot. */
type Term = { postings: number[]; documents: number; lastSlot: number };

/*
 * Captured once: inside a function run convex-test serves globals such as `Math` through a getter
 * that asks an AsyncLocalStorage, which cost more than the scoring itself in the hot loops.
 */
const { fround, log } = Math;

export class TextIndex {
  private ids: (string | null)[] = [];
  private documents: (StoredDocument | null)[] = [];
  private lengths: number[] = [];
  /** Per filter field, each slot's value key. */
  private filterKeys: string[][];
  private readonly slotOf = new Map<string, number>();
  private terms = new Map<string, Term>();
  /** Every term in order (for prefix ranges), and terms added since it was sorted. */
  private sortedTerms: string[] = [];
  private newTerms: string[] = [];
  private liveCount = 0;
  private totalLength = 0;
  private deadCount = 0;
  private readonly rankings = new Map<string, Ranked>();
  /** Scratch space of a ranking, by slot (rankings run one at a time: they never await). */
  private scores = new Float64Array(0);
  private states = new Uint8Array(0);
  private touched = new Int32Array(0);

  constructor(
    readonly definition: SearchIndexDefinition,
    documents: Iterable<StoredDocument>,
  ) {
    this.filterKeys = definition.filterFields.map(() => []);
    for (const document of documents) this.add(document);
    this.sortedTerms = [...this.terms.keys()].sort();
    this.newTerms = [];
  }

  get size(): number {
    return this.liveCount;
  }

  /** Keeps the index in step with a committed write of document `id` (`after` null: deleted). */
  write(id: string, after: StoredDocument | null): void {
    this.remove(id);
    if (after !== null) this.add(after);
    this.rankings.clear();
    if (this.deadCount > 4096 && this.deadCount > this.liveCount) this.compact();
  }

  /** The best matches of `terms` passing `filters`, in relevance order (at most 1,024). */
  rank(terms: readonly QueryTerm[], filters: readonly IndexFilter[]): Ranked {
    const cacheKey = JSON.stringify([terms, filters]);
    const cached = this.rankings.get(cacheKey);
    if (cached !== undefined) return cached;
    const ranked = this.computeRanking(terms, filters);
    if (this.rankings.size >= CACHED_RANKINGS) this.rankings.delete(this.rankings.keys().next().value as string);
    this.rankings.set(cacheKey, ranked);
    return ranked;
  }

  private add(document: StoredDocument): void {
    const slot = this.ids.length;
    const text = fieldValue(document, this.definition.searchField);
    const tokens = typeof text === "string" ? tokensOf(text) : [];
    // One lookup per token: a term's last posting is this document's while it counts its repeats.
    for (const token of tokens) {
      let term = this.terms.get(token);
      if (term === undefined) {
        term = { postings: [], documents: 0, lastSlot: -1 };
        this.terms.set(token, term);
        this.newTerms.push(token);
      }
      if (term.lastSlot === slot) {
        const last = term.postings.length - 1;
        term.postings[last] = (term.postings[last] as number) + 1;
      } else {
        term.postings.push(slot * TF_SPACE + 1);
        term.documents += 1;
        term.lastSlot = slot;
      }
    }
    this.ids.push(document._id);
    this.documents.push(document);
    this.lengths.push(tokens.length);
    this.definition.filterFields.forEach((field, i) =>
      this.filterKeys[i]?.push(filterKey(fieldValue(document, field))),
    );
    this.slotOf.set(document._id, slot);
    this.liveCount += 1;
    this.totalLength += tokens.length;
  }

  private remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    const document = this.documents[slot] as StoredDocument;
    const text = fieldValue(document, this.definition.searchField);
    for (const token of new Set(typeof text === "string" ? tokensOf(text) : [])) {
      const term = this.terms.get(token);
      if (term !== undefined) term.documents -= 1;
    }
    this.ids[slot] = null;
    this.documents[slot] = null;
    this.slotOf.delete(id);
    this.liveCount -= 1;
    this.totalLength -= this.lengths[slot] ?? 0;
    this.deadCount += 1;
  }

  /** Renumbers the live slots, dropping the postings of freed ones and terms no document holds. */
  private compact(): void {
    const renumbered = new Int32Array(this.ids.length).fill(-1);
    let next = 0;
    this.ids.forEach((id, slot) => {
      if (id !== null) renumbered[slot] = next++;
    });
    const keep = <T>(values: T[]) => values.filter((_, slot) => (renumbered[slot] as number) >= 0);
    this.ids = keep(this.ids);
    this.documents = keep(this.documents);
    this.lengths = keep(this.lengths);
    this.filterKeys = this.filterKeys.map(keep);
    this.ids.forEach((id, slot) => this.slotOf.set(id as string, slot));
    for (const [token, term] of this.terms) {
      if (term.documents === 0) {
        this.terms.delete(token);
        continue;
      }
      const postings: number[] = [];
      for (const posting of term.postings) {
        const slot = (posting / TF_SPACE) | 0;
        const moved = renumbered[slot] as number;
        if (moved >= 0) postings.push(moved * TF_SPACE + (posting - slot * TF_SPACE));
      }
      term.postings = postings;
      // Slots are numbered afresh: a new document may take the number this one last saw.
      term.lastSlot = -1;
    }
    this.sortedTerms = this.sortedTerms.filter((token) => this.terms.has(token));
    this.newTerms = this.newTerms.filter((token) => this.terms.has(token));
    this.deadCount = 0;
  }

  /** The terms a query matches, each with its weight's boost (exact 1, a prefix completion 0.5). */
  private matchedTerms(queryTerms: readonly QueryTerm[]): Map<string, number> {
    const matched = new Map<string, number>();
    const exact = [...new Set(queryTerms.map(({ token }) => token))].sort();
    for (const token of exact) {
      if ((this.terms.get(token)?.documents ?? 0) > 0) matched.set(token, 1);
    }
    const prefix = queryTerms.find((term) => term.prefix)?.token;
    if (prefix === undefined) return matched;
    const sorted = this.termsInOrder();
    for (let i = lowerBound(sorted, prefix); i < sorted.length && matched.size < MAX_UNIQUE_QUERY_TERMS; i++) {
      const token = sorted[i] as string;
      if (!token.startsWith(prefix)) break;
      if (!matched.has(token) && (this.terms.get(token)?.documents ?? 0) > 0) matched.set(token, PREFIX_BOOST);
    }
    return matched;
  }

  private termsInOrder(): string[] {
    if (this.newTerms.length === 0) return this.sortedTerms;
    const added = this.newTerms.sort();
    this.newTerms = [];
    if (added.length < 64) {
      for (const token of added) this.sortedTerms.splice(lowerBound(this.sortedTerms, token), 0, token);
    } else {
      this.sortedTerms = mergeSorted(this.sortedTerms, added);
    }
    return this.sortedTerms;
  }

  private computeRanking(queryTerms: readonly QueryTerm[], filters: readonly IndexFilter[]): Ranked {
    if (queryTerms.length === 0 || this.liveCount === 0) return { documents: [], scores: [] };
    const matched = this.matchedTerms(queryTerms);
    if (this.scores.length < this.ids.length) {
      this.scores = new Float64Array(this.ids.length * 2);
      this.states = new Uint8Array(this.ids.length * 2);
      this.touched = new Int32Array(this.ids.length * 2);
    }
    const { scores, states, ids, lengths } = this;
    const count = this.liveCount;
    const averageLength = this.totalLength / count;
    const touched = this.touched;
    let touchedCount = 0;
    for (const [token, boost] of matched) {
      const term = this.terms.get(token) as Term;
      const idf = log(1 + (count - term.documents + 0.5) / (term.documents + 0.5));
      const weight = idf * boost * (K1 + 1);
      for (const posting of term.postings) {
        const slot = (posting / TF_SPACE) | 0;
        if (ids[slot] === null) continue;
        let state = states[slot];
        if (state === 0) {
          state = filters.length === 0 || this.passes(slot, filters) ? 1 : 2;
          states[slot] = state;
          touched[touchedCount++] = slot;
        }
        if (state === 2) continue;
        const frequency = posting - slot * TF_SPACE;
        const norm = K1 * (1 - B + (B * (lengths[slot] as number)) / averageLength);
        scores[slot] = (scores[slot] as number) + (weight * frequency) / (frequency + norm);
      }
    }
    const best = new TopCandidates(MAX_CANDIDATES);
    for (let i = 0; i < touchedCount; i++) {
      const slot = touched[i] as number;
      if (states[slot] === 1) {
        best.offer(this.documents[slot] as StoredDocument, fround(scores[slot] as number));
      }
      scores[slot] = 0;
      states[slot] = 0;
    }
    return best.inOrder();
  }

  private passes(slot: number, filters: readonly IndexFilter[]): boolean {
    for (const { field, key } of filters) if (this.filterKeys[field]?.[slot] !== key) return false;
    return true;
  }
}

/** The first position whose term is not before `token`. */
function lowerBound(sorted: readonly string[], token: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < token) low = middle + 1;
    else high = middle;
  }
  return low;
}

function mergeSorted(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length)
    out.push((a[i] as string) <= (b[j] as string) ? (a[i++] as string) : (b[j++] as string));
  while (i < a.length) out.push(a[i++] as string);
  while (j < b.length) out.push(b[j++] as string);
  return out;
}
