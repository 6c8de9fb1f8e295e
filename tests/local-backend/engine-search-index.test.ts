/**
 * The inverted index of a search index (local-backend/engine/search-index.ts) and its pages
 * (search-queries.ts), without an engine: kept in step with thousands of writes (its compaction
 * included) it ranks exactly as an index built afresh, and a watched page keeps its end when a
 * write moves every score.
 */
import { describe, expect, it } from "vitest";
import type { StoredDocument } from "../../local-backend/engine/convex-test-internals";
import { TextIndex, type SearchIndexDefinition } from "../../local-backend/engine/search-index";
import { searchPage } from "../../local-backend/engine/search-queries";
import { filterKey, queryTermsOf } from "../../local-backend/engine/search-text";

const definition: SearchIndexDefinition = {
  table: "posts",
  name: "search",
  searchField: "text",
  filterFields: ["tag"],
};
const words = ["apple", "apricot", "banana", "berry", "cherry", "date", "fig", "grape"];

/** A small deterministic generator, so a failure replays. */
function generator(seed: number) {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

function post(n: number, creationTime: number, random: () => number): StoredDocument {
  const length = 1 + Math.floor(random() * 6);
  const text = Array.from({ length }, () => words[Math.floor(random() * words.length)]).join(" ");
  return { _id: `${n}posts`, _creationTime: creationTime, text, tag: random() < 0.5 ? "a" : "b" };
}

const queries = ["apple", "ap", "berry ch", "fig grape date", "b"];

describe("search index", () => {
  it("ranks as an index built afresh, through thousands of inserts, edits and deletes", () => {
    const random = generator(7);
    const live = new Map<string, StoredDocument>();
    const index = new TextIndex(definition, []);
    let time = 1;
    for (let step = 1; step <= 6000; step++) {
      const ids = [...live.keys()];
      const choice = random();
      if (ids.length < 200 || choice < 0.2) {
        const document = post(step, time++, random);
        live.set(document._id, document);
        index.write(document._id, document);
      } else if (choice < 0.9) {
        const id = ids[Math.floor(random() * ids.length)] as string;
        const edited = {
          ...post(0, 0, random),
          _id: id,
          _creationTime: (live.get(id) as StoredDocument)._creationTime,
        };
        live.set(id, edited);
        index.write(id, edited);
      } else {
        const id = ids[Math.floor(random() * ids.length)] as string;
        live.delete(id);
        index.write(id, null);
      }
      if (step % 1000 === 0) {
        const fresh = new TextIndex(definition, live.values());
        for (const query of queries) {
          for (const filters of [[], [{ field: 0, key: filterKey("a") }]]) {
            const terms = queryTermsOf(query);
            expect(index.rank(terms, filters), `${query} at step ${step}`).toEqual(fresh.rank(terms, filters));
          }
        }
      }
    }
    expect(index.size).toBe(live.size);
  });

  it("keeps a watched page's end at its last document when a write moves every score", () => {
    const documents = Array.from({ length: 9 }, (_, i) => ({
      _id: `${i}posts`,
      _creationTime: i + 1,
      text: `apple ${"x ".repeat(i)}`,
    }));
    const index = new TextIndex(definition, documents);
    const terms = queryTermsOf("apple");
    const everything = () => true;
    const first = searchPage(index.rank(terms, []), { cursor: null, pageSize: 3 }, everything);
    const second = searchPage(index.rank(terms, []), { cursor: first.continueCursor, pageSize: 3 }, everything);
    expect(first.page.map(({ _id }) => _id)).toEqual(["0posts", "1posts", "2posts"]);
    expect(second.page.map(({ _id }) => _id)).toEqual(["3posts", "4posts", "5posts"]);
    // A new, shorter match: N, the average length and "apple"'s frequency change every score.
    const shorter = { _id: "99posts", _creationTime: 100, text: "apple" };
    index.write(shorter._id, shorter);
    const ranked = index.rank(terms, []);
    const watchedFirst = searchPage(ranked, { cursor: null, endCursor: first.continueCursor }, everything);
    const watchedSecond = searchPage(
      ranked,
      { cursor: first.continueCursor, endCursor: second.continueCursor },
      everything,
    );
    expect(watchedFirst.page.map(({ _id }) => _id)).toEqual(["99posts", "0posts", "1posts", "2posts"]);
    expect(watchedSecond.page.map(({ _id }) => _id)).toEqual(["3posts", "4posts", "5posts"]);
  });
});
