/**
 * `npm run bench:search`: search at scale on the local backend (issue 33 budgets). The local
 * backend's engine opens a temporary data folder and gets 10k people (users with profiles), 20k
 * books, 100k posts and 5k chat rooms, inserted straight through the engine in transactions of
 * 5,000 documents, each with the `searchText` the app's write paths give it (lib/search/text.ts),
 * worded from a fixed vocabulary so every query matches thousands of documents and a page ranks
 * them all. Then, as a signed-in member, for each kind (`search:people`, `books`, `posts`,
 * `posts` with a category, `chatRooms`) and `search:all`, it runs a set of queries (a common word,
 * a rare one, two words, a word being typed, no match): first page and the page after it.
 *   - documents read by one results page, counted by convex-test's own per-transaction metrics
 *     (as bench:feed counts them); budget ≤ 3 × page size (SEARCH_PAGE_SIZE; for `all`, 3 × the
 *     SEARCH_ALL_PER_KIND items of each of the four kinds);
 *   - time per search (engine.runQuery, the whole function: search, items and their reads),
 *     p50 / p95 / max over every run; budget p95 < 50 ms.
 * Prints figures; never fails on them. BENCH_SEARCH_SCALE=0.1 runs a tenth of the data.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { JSONValue } from "convex/values";
// convex-test counts every document a transaction reads here; we listen in on the count.
import { TransactionMetricsTracker } from "convex-test/dist/transactionMetrics.js";
import type { Id, TableNames } from "../convex/_generated/dataModel";
import { bookSearchText, chatRoomSearchText, postSearchText, profileSearchText } from "../convex/lib/search/text";
import { SEARCH_ALL_PER_KIND, SEARCH_PAGE_SIZE } from "../convex/shared/search";
import { DEFAULT_PERSONALITY } from "../convex/shared/validators";
import { openEngine } from "../local-backend/engine/open-engine";
import type { Engine, Identity } from "../local-backend/engine/types";
import { CATEGORIES } from "./bench-posts";

const SCALE = Number(process.env.BENCH_SEARCH_SCALE ?? 1);
const SIZES = {
  profiles: Math.round(10_000 * SCALE),
  books: Math.round(20_000 * SCALE),
  posts: Math.round(100_000 * SCALE),
  rooms: Math.round(5_000 * SCALE),
};
const INSERT_BATCH = 5_000;
const TIMED_RUNS = 5;
const PAGE_BUDGET = 3 * SEARCH_PAGE_SIZE;
const ALL_BUDGET = 3 * 4 * SEARCH_ALL_PER_KIND;
const TIME_BUDGET_MS = 50;

/**
 * The words texts are made of. Word i is picked with weight 1 / (i + 1) (Zipf-like, as in real
 * text), so "spring" is in most documents and the last words in 4–12 % of them.
 */
const VOCABULARY = (
  "spring light garden river winter coffee music morning story city habit mountain forest letter " +
  "ocean village summer window journey bread kitchen bridge autumn painting silence harbor lantern " +
  "meadow orchard compass violin pebble glacier canyon falcon ember thistle quarry saffron marble " +
  "juniper tundra cobalt zephyr obsidian lichen sextant quill nebula fjord basalt mistral vellum"
).split(" ");
const HOMETOWNS = ["Tbilisi", "Porto", "Kyoto", "Oslo", "Lima", "Dakar", "Hanoi", "Quito", "Tartu", "Perth"];
const NAMES = ["Anna", "Boris", "Chen", "Dana", "Emil", "Farah", "Goran", "Hana", "Ivan", "Jia", "Kofi", "Lena"];

type Query = { label: string; query: string };
/** What each kind is asked: a common word, a rarer one, two words, a word half typed, nothing found. */
const QUERIES: Record<"people" | "books" | "posts" | "chatRooms", Query[]> = {
  people: [
    { label: "common word", query: "spring" },
    { label: "name", query: "Farah" },
    { label: "hometown + word", query: "Kyoto garden" },
    { label: "typing", query: "jun" },
    { label: "no match", query: "zzzz" },
  ],
  books: [
    { label: "common word", query: "spring" },
    { label: "rare word", query: "sextant" },
    { label: "two words", query: "river lantern" },
    { label: "typing", query: "gla" },
    { label: "no match", query: "zzzz" },
  ],
  posts: [
    { label: "common word", query: "spring" },
    { label: "rare word", query: "mistral" },
    { label: "two words", query: "morning coffee" },
    { label: "typing", query: "obs" },
    { label: "no match", query: "zzzz" },
  ],
  chatRooms: [
    { label: "common word", query: "spring" },
    { label: "rare word", query: "quill" },
    { label: "two words", query: "ocean harbor" },
    { label: "typing", query: "vio" },
    { label: "no match", query: "zzzz" },
  ],
};

let documentsRead = 0;
const countingWrappers = new WeakSet<object>();

/** Counts reads from now on (after the engine opened: it puts its own counter on the prototype). */
function countReads(): void {
  const counting = TransactionMetricsTracker.prototype.trackRead;
  if (countingWrappers.has(counting)) return;
  const wrapper = function (this: TransactionMetricsTracker, size: number) {
    documentsRead += 1;
    return counting.call(this, size);
  };
  countingWrappers.add(wrapper);
  TransactionMetricsTracker.prototype.trackRead = wrapper;
}

/** A small deterministic generator, so every run measures the same data. */
function random(seed: number): (max: number) => number {
  let state = seed;
  return (max: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % max;
  };
}

const next = random(33);
const WEIGHTS = VOCABULARY.map((_, i) => 1 / (i + 1));
const TOTAL_WEIGHT = WEIGHTS.reduce((sum, w) => sum + w, 0);

function word(): string {
  let left = (next(1_000_000) / 1_000_000) * TOTAL_WEIGHT;
  for (let i = 0; i < VOCABULARY.length; i++) {
    left -= WEIGHTS[i]!;
    if (left <= 0) return VOCABULARY[i]!;
  }
  return VOCABULARY[VOCABULARY.length - 1]!;
}

function words(count: number): string {
  return Array.from({ length: count }, word).join(" ");
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Inserts `count` documents made by `make(i)` in transactions of INSERT_BATCH; returns their ids. */
async function insertMany<T extends TableNames>(
  engine: Engine,
  table: T,
  count: number,
  make: (i: number) => Record<string, unknown>,
): Promise<Id<T>[]> {
  const ids: Id<T>[] = [];
  for (let start = 0; start < count; start += INSERT_BATCH) {
    const docs = Array.from({ length: Math.min(INSERT_BATCH, count - start) }, (_, i) => make(start + i));
    const made = await engine.admin.run(async (ctx) => {
      const db = ctx.db as unknown as { insert(table: string, doc: Record<string, unknown>): Promise<Id<T>> };
      const out: Id<T>[] = [];
      for (const doc of docs) out.push(await db.insert(table, doc));
      return out;
    });
    ids.push(...made);
  }
  return ids;
}

async function fill(engine: Engine): Promise<Identity> {
  const now = Date.now();
  const users = await insertMany(engine, "users", SIZES.profiles, (i) => ({
    email: `person${i}@example.com`,
    emailVerificationTime: now,
  }));
  await insertMany(engine, "profiles", SIZES.profiles, (i) => {
    const profile = {
      displayName: `${NAMES[next(NAMES.length)]} ${words(1)}`,
      hometown: HOMETOWNS[next(HOMETOWNS.length)],
      interests: words(4),
    };
    return {
      ...profile,
      userId: users[i]!,
      email: `person${i}@example.com`,
      personality: DEFAULT_PERSONALITY,
      askedForName: true,
      searchText: profileSearchText(profile),
      searchHidden: false,
    };
  });
  const owner = () => users[next(users.length)]!;
  await insertMany(engine, "books", SIZES.books, (i) => {
    const book = { title: `${words(2)} ${i}`, author: NAMES[next(NAMES.length)], description: words(20) };
    const counts = { views: next(500), likes: next(50), comments: next(10) };
    const image = { url: `https://example.com/b${i}.png` };
    return { ...book, ...counts, searchText: bookSearchText(book), image, userId: owner(), updatedAt: now };
  });
  await insertMany(engine, "posts", SIZES.posts, (i) => {
    const post = { title: `${words(3)} ${i}`, description: words(30) };
    return {
      ...post,
      searchText: postSearchText(post),
      category: CATEGORIES[next(CATEGORIES.length)],
      image: { url: `https://example.com/p${i}.png` },
      userId: owner(),
      updatedAt: now,
      views: next(5_000),
      likes: next(300),
      comments: next(60),
    };
  });
  await insertMany(engine, "chatRooms", SIZES.rooms, (i) => {
    const room = { name: `${words(2)} ${i}`, description: words(8) };
    return { ...room, searchText: chatRoomSearchText(room), createdBy: owner(), lastMessageAt: now - i * 1_000 };
  });
  // The caller: one of the people, with a session, as Convex Auth names it.
  return await engine.admin.run(async (ctx) => {
    const sessionId = await ctx.db.insert("authSessions", { userId: users[0]!, expirationTime: now + 86_400_000 });
    const issuer = engine.env.CONVEX_SITE_URL ?? "";
    const subject = `${users[0]!}|${sessionId}`;
    return { subject, issuer, tokenIdentifier: `${issuer}|${subject}` };
  });
}

/** A kind's page, or `all`'s four kinds. */
type Page = { page?: unknown[]; isDone?: boolean; continueCursor?: string } & Partial<
  Record<"people" | "books" | "posts" | "chatRooms", { items: unknown[] }>
>;
type Row = { fn: string; label: string; page: string; found: number; reads: number; times: number[] };

async function timed(engine: Engine, identity: Identity, fn: string, args: JSONValue) {
  documentsRead = 0;
  const started = performance.now();
  const result = (await engine.runQuery(fn, args, identity)) as Page;
  return { result, reads: documentsRead, ms: performance.now() - started };
}

/** One warm-up run, then TIMED_RUNS timed ones; reads are the most any run read. */
async function measure(engine: Engine, identity: Identity, fn: string, args: JSONValue) {
  const first = await timed(engine, identity, fn, args);
  let reads = first.reads;
  const times: number[] = [];
  for (let run = 0; run < TIMED_RUNS; run++) {
    const measured = await timed(engine, identity, fn, args);
    reads = Math.max(reads, measured.reads);
    times.push(measured.ms);
  }
  return { result: first.result, reads, times };
}

async function run(engine: Engine, identity: Identity): Promise<Row[]> {
  const rows: Row[] = [];
  const kinds: { fn: string; queries: Query[]; extra: Record<string, string> }[] = [
    { fn: "search:people", queries: QUERIES.people, extra: {} },
    { fn: "search:books", queries: QUERIES.books, extra: {} },
    { fn: "search:posts", queries: QUERIES.posts, extra: {} },
    { fn: "search:posts", queries: QUERIES.posts, extra: { category: "art" } },
    { fn: "search:chatRooms", queries: QUERIES.chatRooms, extra: {} },
  ];
  for (const { fn, queries, extra } of kinds) {
    const name = "category" in extra ? `${fn} (art)` : fn;
    for (const { label, query } of queries) {
      const args: Record<string, JSONValue> = { query, ...extra };
      const firstPage = { numItems: SEARCH_PAGE_SIZE, cursor: null };
      const first = await measure(engine, identity, fn, { ...args, paginationOpts: firstPage });
      rows.push({ fn: name, label, page: "1", found: first.result.page?.length ?? 0, ...first });
      if (first.result.isDone === false) {
        const cursor = first.result.continueCursor ?? null;
        const second = await measure(engine, identity, fn, {
          ...args,
          paginationOpts: { ...firstPage, cursor },
        });
        rows.push({ fn: name, label, page: "2", found: second.result.page?.length ?? 0, ...second });
      }
    }
  }
  for (const { label, query } of [
    { label: "common word", query: "spring" },
    { label: "rare word", query: "sextant" },
    { label: "two words", query: "morning coffee" },
    { label: "typing", query: "gla" },
    { label: "no match", query: "zzzz" },
  ]) {
    const measured = await measure(engine, identity, "search:all", { query });
    const { people, books, posts, chatRooms } = measured.result;
    const found = [people, books, posts, chatRooms].reduce((sum, kind) => sum + (kind?.items.length ?? 0), 0);
    rows.push({ fn: "search:all", label, page: "-", found, ...measured });
  }
  return rows;
}

function print(rows: Row[]): void {
  console.log(
    `\n${"function".padEnd(24)}${"query".padEnd(17)}${"page".padEnd(6)}${"items".padStart(6)}` +
      `${"reads".padStart(7)}${"budget".padStart(8)}${"p50 ms".padStart(9)}${"max ms".padStart(9)}`,
  );
  for (const row of rows) {
    const budget = row.fn === "search:all" ? ALL_BUDGET : PAGE_BUDGET;
    console.log(
      `${row.fn.padEnd(24)}${row.label.padEnd(17)}${row.page.padEnd(6)}${String(row.found).padStart(6)}` +
        `${String(row.reads).padStart(7)}${String(budget).padStart(8)}` +
        `${percentile(row.times, 50).toFixed(2).padStart(9)}${Math.max(...row.times)
          .toFixed(2)
          .padStart(9)}`,
    );
  }
  console.log("\nPer function, over every query, page and run:");
  for (const fn of [...new Set(rows.map((row) => row.fn))]) {
    const mine = rows.filter((row) => row.fn === fn);
    const times = mine.flatMap((row) => row.times);
    const reads = Math.max(...mine.map((row) => row.reads));
    const budget = fn === "search:all" ? ALL_BUDGET : PAGE_BUDGET;
    console.log(
      `  ${fn.padEnd(24)} reads ≤ ${String(reads).padStart(3)} (budget ${budget}: ${reads <= budget ? "within" : "OVER"}), ` +
        `p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms`,
    );
  }
  const all = rows.flatMap((row) => row.times);
  const p95 = percentile(all, 95);
  console.log(
    `\nAll searches: p95 ${p95.toFixed(2)} ms (budget < ${TIME_BUDGET_MS} ms: ${p95 < TIME_BUDGET_MS ? "within" : "OVER"}).`,
  );
}

console.log(
  `DUMY search benchmark: ${SIZES.profiles.toLocaleString()} people, ${SIZES.books.toLocaleString()} books, ` +
    `${SIZES.posts.toLocaleString()} posts, ${SIZES.rooms.toLocaleString()} chat rooms; page size ${SEARCH_PAGE_SIZE}`,
);
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-search-"));
const url = "http://127.0.0.1:1";
const engine = await openEngine({ dataDir, siteUrl: url, cloudUrl: url });
countReads();
try {
  const started = performance.now();
  const identity = await fill(engine);
  console.log(`  filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  print(await run(engine, identity));
} finally {
  await engine.close();
  rmSync(dataDir, { recursive: true, force: true });
}
