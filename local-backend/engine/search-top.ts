/**
 * The best results of a ranking in Convex's relevance order: the higher score first, then the
 * newer document ("If multiple documents have the same score, the newest documents are returned
 * first", docs.convex.dev/search/text-search), then the smaller id (convex-backend orders its
 * candidates by (-score, -creation time, id) and keeps the best 1,024).
 */
import type { StoredDocument } from "./convex-test-internals";

/** A search's results in relevance order, with each one's score (the page cursors hold it). */
export type Ranked = { documents: StoredDocument[]; scores: number[] };

/** A search result's place in relevance order, as its page cursor holds it. */
export type RankKey = { score: number; creationTime: number; id: string };

/** Relevance order: the higher score, then the newer document, then the smaller id. */
export function compareRankKeys(a: RankKey, b: RankKey): number {
  if (a.score !== b.score) return a.score > b.score ? -1 : 1;
  if (a.creationTime !== b.creationTime) return a.creationTime > b.creationTime ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Whether result (`score`, `document`) comes before (`otherScore`, `other`) in relevance order. */
function isBefore(score: number, document: StoredDocument, otherScore: number, other: StoredDocument): boolean {
  if (score !== otherScore) return score > otherScore;
  if (document._creationTime !== other._creationTime) return document._creationTime > other._creationTime;
  return document._id < other._id;
}

/**
 * The best `capacity` results of a ranking: a heap whose root is the worst kept one, in flat
 * arrays (a ranking offers every matching document: no object per offer).
 */
export class TopCandidates {
  private readonly scores: Float64Array;
  private readonly documents: StoredDocument[] = [];
  private size = 0;

  constructor(private readonly capacity: number) {
    this.scores = new Float64Array(capacity);
  }

  offer(document: StoredDocument, score: number): void {
    if (this.size < this.capacity) {
      this.scores[this.size] = score;
      this.documents[this.size] = document;
      this.size += 1;
      this.up(this.size - 1);
    } else if (isBefore(score, document, this.scores[0] as number, this.documents[0] as StoredDocument)) {
      this.scores[0] = score;
      this.documents[0] = document;
      this.down(0);
    }
  }

  /** The kept results, best first. */
  inOrder(): Ranked {
    const order = Array.from({ length: this.size }, (_, i) => i);
    const { scores, documents } = this;
    order.sort((a, b) =>
      isBefore(scores[a] as number, documents[a] as StoredDocument, scores[b] as number, documents[b] as StoredDocument)
        ? -1
        : 1,
    );
    return {
      documents: order.map((i) => documents[i] as StoredDocument),
      scores: order.map((i) => scores[i] as number),
    };
  }

  /** Whether the entry at `a` is better than the one at `b` (so `b` is the worse one). */
  private better(a: number, b: number): boolean {
    const { scores, documents } = this;
    return isBefore(
      scores[a] as number,
      documents[a] as StoredDocument,
      scores[b] as number,
      documents[b] as StoredDocument,
    );
  }

  private swap(a: number, b: number): void {
    const { scores, documents } = this;
    const score = scores[a] as number;
    const document = documents[a] as StoredDocument;
    scores[a] = scores[b] as number;
    documents[a] = documents[b] as StoredDocument;
    scores[b] = score;
    documents[b] = document;
  }

  private up(at: number): void {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.better(parent, at)) return;
      this.swap(parent, at);
      at = parent;
    }
  }

  private down(at: number): void {
    for (;;) {
      const left = at * 2 + 1;
      const right = left + 1;
      let worst = at;
      if (left < this.size && this.better(worst, left)) worst = left;
      if (right < this.size && this.better(worst, right)) worst = right;
      if (worst === at) return;
      this.swap(worst, at);
      at = worst;
    }
  }
}
