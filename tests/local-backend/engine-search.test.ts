/**
 * The engine's full-text search (local-backend/engine/search-*.ts) against hand-computed answers:
 * Convex's tokenizing, prefix on the last term only, BM25 relevance order with the newest first
 * among equals, equality filters, the 16-term and 1,024-result limits, pages that join, read sets
 * that re-run a search exactly when a write can change it, and a rebuild after a restart.
 * Functions: tests/local-backend/search-fixture/convex/posts.ts.
 */
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { openEngine } from "../../local-backend/engine/open-engine";
import type { DocumentWrite } from "../../local-backend/engine/read-set";
import { queryTermsOf, tokensOf } from "../../local-backend/engine/search-text";
import type { Engine } from "../../local-backend/engine/types";
import { removeTemporaryDataDirs, temporaryDataDir, URLS } from "./engine-test-env";

const SEARCH_FIXTURE = fileURLToPath(new URL("./search-fixture/convex", import.meta.url));

const open = (dataDir: string, directQueries = true) =>
  openEngine({ dataDir, modulesDir: SEARCH_FIXTURE, ...URLS, directQueries });

type Page = { texts: string[]; isDone: boolean; continueCursor: string };

let dataDir: string;
let engine: Engine;

const add = (text: string, category?: string) =>
  engine.runMutation("posts:add", category === undefined ? { text } : { text, category }, null) as Promise<string>;
const take = (query: string, n = 10, category?: string | null) =>
  engine.runQuery("posts:take", category === undefined ? { query, n } : { query, n, category }, null) as Promise<
    string[]
  >;
const page = (query: string, cursor: string | null, numItems: number, onEngine = engine) =>
  onEngine.runQuery("posts:page", { query, paginationOpts: { cursor, numItems } }, null) as Promise<Page>;

beforeEach(async () => {
  dataDir = temporaryDataDir();
  engine = await open(dataDir);
});

afterEach(async () => {
  await engine.close();
});

afterAll(removeTemporaryDataDirs);

describe("search text", () => {
  it("splits on anything not a letter or digit, lowercases, and drops terms of 32 bytes or more", () => {
    expect(tokensOf("Hello, WORLD! it's 2024—café_au-lait")).toEqual([
      "hello",
      "world",
      "it",
      "s",
      "2024",
      "café",
      "au",
      "lait",
    ]);
    expect(tokensOf("I ❤️ pizza🍕party 🐱")).toEqual(["i", "pizza", "party"]);
    expect(tokensOf("!!! ... ???")).toEqual([]);
    expect(tokensOf(`${"a".repeat(31)} ${"b".repeat(32)} ok`)).toEqual(["a".repeat(31), "ok"]);
    // 16 bytes of two-byte letters pass, 32 do not.
    expect(tokensOf(`${"é".repeat(15)} ${"é".repeat(16)}`)).toEqual(["é".repeat(15)]);
    // Σ lowercases letter by letter (Tantivy's LowerCaser), not to a final ς.
    expect(tokensOf("ΟΔΟΣ")).toEqual(["οδοσ"]);
  });

  it("keeps a query's first 16 terms, the last of them a prefix", () => {
    const words = Array.from({ length: 20 }, (_, i) => `w${i}`);
    const terms = queryTermsOf(words.join(" "));
    expect(terms).toHaveLength(16);
    expect(terms.filter(({ prefix }) => prefix)).toEqual([{ token: "w15", prefix: true }]);
  });
});

describe("search queries", () => {
  it("order by BM25 relevance, the last term matching as a prefix at half weight", async () => {
    for (const text of [
      "cat",
      "cat cat dog",
      "dog",
      "category theory",
      "the cat sat on the mat with another cat and a hat",
    ]) {
      await add(text);
    }
    // N = 5, average length 19/5; "cat" is in 3 documents, its completion "category" in 1:
    // category theory 0.8597, cat cat dog 0.7878, cat 0.7716, the cat sat… 0.4612.
    expect(await take("cat")).toEqual([
      "category theory",
      "cat cat dog",
      "cat",
      "the cat sat on the mat with another cat and a hat",
    ]);
    // Both terms exact-or-prefix: cat cat dog 1.7457, dog 1.2532, cat 0.7716, the cat sat… 0.4612.
    expect(await take("Cat DOG")).toEqual([
      "cat cat dog",
      "dog",
      "cat",
      "the cat sat on the mat with another cat and a hat",
    ]);
    // Only the last term is a prefix: "ca" matches no word exactly (convex-test would match every
    // cat), so "dog" alone ranks, the shorter text first.
    expect(await take("ca dog")).toEqual(["dog", "cat cat dog"]);
    expect(await take("theo")).toEqual(["category theory"]);
    expect(await take("zebra")).toEqual([]);
  });

  it("give the newest first among equal scores, and answer punctuation and emoji without error", async () => {
    // One term in a two-term text each: equal scores.
    await add("same one");
    await add("same two");
    await add("I ❤️ pizza🍕party");
    await add("same six");
    expect(await take("same")).toEqual(["same six", "same two", "same one"]);
    expect(await take("!!! ... ???")).toEqual([]);
    expect(await take("🍕")).toEqual([]);
    expect(await take("🍕 pizza")).toEqual(["I ❤️ pizza🍕party"]);
    expect(await take("<script>")).toEqual([]);
    expect(await take("<b>pizza</b>")).toEqual(["I ❤️ pizza🍕party"]);
  });

  it("cut a query to 16 terms", async () => {
    await add("needle");
    const fifteen = Array.from({ length: 15 }, (_, i) => `none${i}`).join(" ");
    expect(await take(`${fifteen} needle`)).toEqual(["needle"]);
    expect(await take(`${fifteen} other needle`)).toEqual([]);
  });

  it("filter on filter fields, a missing field being its own value", async () => {
    await add("red apple", "fruit");
    await add("red car", "cars");
    await add("red sky");
    expect(await take("red", 10, "fruit")).toEqual(["red apple"]);
    expect(await take("red", 10, null)).toEqual(["red sky"]);
    expect((await take("red", 10)).sort()).toEqual(["red apple", "red car", "red sky"]);
    expect(await take("red", 10, "none")).toEqual([]);
  });

  it("refuse malformed searches with Convex's messages", async () => {
    await expect(engine.runQuery("posts:malformed", { kind: "field" }, null)).rejects.toThrow(
      /contains a search filter against "other", which doesn't match the indexed `searchField` "text"/,
    );
    await expect(engine.runQuery("posts:malformed", { kind: "filter" }, null)).rejects.toThrow(
      /equality filter on "other" but that field isn't indexed for filtering/,
    );
    await expect(engine.runQuery("posts:malformed", { kind: "index" }, null)).rejects.toThrow(/not declared/);
    await expect(engine.runQuery("posts:malformed", { kind: "order" }, null)).rejects.toThrow(
      "Search queries must always be in relevance order. Can not set order manually.",
    );
  });

  it("page through results without repeating or skipping, with cursors that stay put", async () => {
    // Scores fall with length, so the order is by length, then the newest first.
    for (let i = 0; i < 25; i++) await add(`apple ${"x ".repeat(i % 7)}${i}`);
    const all = await take("apple", 100);
    expect(all).toHaveLength(25);
    const first = await page("apple", null, 10);
    const second = await page("apple", first.continueCursor, 10);
    const third = await page("apple", second.continueCursor, 10);
    expect([...first.texts, ...second.texts, ...third.texts]).toEqual(all);
    expect([first.isDone, second.isDone, third.isDone]).toEqual([false, false, true]);
    expect(await page("apple", first.continueCursor, 10)).toEqual(second);
    await expect(page("apple", "not a cursor", 10)).rejects.toThrow(/InvalidCursor/);
  });

  it("scan at most 1,024 results: collect fails past them, take and pages stop there", async () => {
    const texts = Array.from({ length: 1100 }, (_, i) => `many ${i}`);
    await engine.runMutation("posts:addMany", { texts }, null);
    await expect(engine.runQuery("posts:collect", { query: "many" }, null)).rejects.toThrow(
      "Search query scanned too many documents (fetched 1024).",
    );
    expect(await take("many", 1024)).toHaveLength(1024);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (;;) {
      const next: Page = await page("many", cursor, 300);
      seen.push(...next.texts);
      if (next.isDone) break;
      cursor = next.continueCursor;
    }
    expect(seen).toHaveLength(1024);
    expect(new Set(seen).size).toBe(1024);
  });

  it("see the running mutation's own writes", async () => {
    await add("old note");
    expect(await engine.runMutation("posts:addThenSearch", { text: "new note", query: "note" }, null)).toEqual([
      "new note",
      "old note",
    ]);
  });

  it("forget deleted documents and find edited ones by their new words, also after a restart", async () => {
    const a = await add("alpha one");
    const b = await add("alpha two");
    expect(await take("alpha")).toEqual(["alpha two", "alpha one"]);
    await engine.runMutation("posts:remove", { id: a }, null);
    await engine.runMutation("posts:edit", { id: b, text: "beta two" }, null);
    expect(await take("alpha")).toEqual([]);
    expect(await take("beta")).toEqual(["beta two"]);
    await add("alphabet");
    await engine.close();
    engine = await open(dataDir);
    expect(await take("alpha")).toEqual(["alphabet"]);
    expect(await take("two")).toEqual(["beta two"]);
  });

  it("answer the same whether a query runs directly or on convex-test", async () => {
    for (const text of ["cat", "cat cat dog", "dog", "category theory", "a long long cat story"])
      await add(text, "pets");
    const calls: [string, Record<string, unknown>][] = [
      ["posts:take", { query: "cat", n: 3 }],
      ["posts:take", { query: "cat do", n: 10, category: "pets" }],
      ["posts:takeLongerThan", { query: "cat", n: 10, length: 3 }],
      ["posts:page", { query: "cat", paginationOpts: { cursor: null, numItems: 2 } }],
    ];
    const run = async (on: Engine) =>
      await Promise.all(calls.map(([path, args]) => on.runQuery(path, args as never, null)));
    const direct = await run(engine);
    expect(engine.queriesOnConvexTest).not.toContain("posts:take");
    await engine.close();
    engine = await open(dataDir, false);
    expect(await run(engine)).toEqual(direct);
  });
});

describe("search read sets", () => {
  const post = (n: number, text: string, category?: string) => ({
    _id: `${n}posts`,
    _creationTime: n,
    text,
    ...(category === undefined ? {} : { category }),
  });
  const write = (before: ReturnType<typeof post> | null, after: ReturnType<typeof post> | null): DocumentWrite => ({
    id: (before ?? after)?._id ?? "",
    before,
    after,
  });

  it("re-run a search exactly when a written document matches it, before or after", async () => {
    await add("hello world", "news");
    for (const [path, args] of [
      ["posts:take", { query: "world hel", n: 10, category: "news" }],
      ["posts:page", { query: "world hel", category: "news", paginationOpts: { cursor: null, numItems: 5 } }],
    ] as const) {
      const { readSet } = await engine.runQueryTrackingReads(path, args, null);
      const affected = (w: DocumentWrite) => readSet.isAffectedBy(w);
      expect(affected(write(null, post(90, "a whole new world", "news"))), path).toBe(true);
      expect(affected(write(null, post(91, "help wanted", "news"))), path).toBe(true);
      expect(affected(write(null, post(92, "worldly hello", "news"))), path).toBe(true);
      // "world" is exact, only the last term is a prefix; other categories and words are spared.
      expect(affected(write(null, post(93, "worldly matters", "news"))), path).toBe(false);
      expect(affected(write(null, post(94, "hello world", "sports"))), path).toBe(false);
      expect(affected(write(null, post(95, "nothing here", "news"))), path).toBe(false);
      expect(affected(write(post(96, "world news", "news"), post(96, "other", "news"))), path).toBe(true);
      expect(affected(write(post(97, "world news", "news"), null)), path).toBe(true);
    }
  });

  it("a watched search sees a new match appear", async () => {
    await add("first light");
    const watched = await engine.runQueryTrackingReads("posts:take", { query: "light", n: 10 }, null);
    const commit = new Promise<readonly DocumentWrite[]>((resolve) => {
      const stop = engine.onCommit(({ writes }) => {
        stop();
        resolve(writes);
      });
    });
    await add("second light");
    const writes = await commit;
    expect(writes.some((w) => watched.readSet.isAffectedBy(w))).toBe(true);
    expect(await take("light")).toEqual(["second light", "first light"]);
  });
});
