/**
 * `npm run bench:feed`: the DUMY feed's cost as the table grows (ARCHITECTURE budget: a page query
 * reads ≤ 3 × page size documents, at 10k and at 100k posts). The local backend's engine (convex-test
 * with sorted indexes, so an index range costs O(log n) like a real database) opens a temporary data
 * folder, gets N posts spread over the six categories with random counts, and runs `posts:feed` as a
 * signed-in user, for each sort over all categories and over a 3-category filter: first page and a
 * later page (through a cursor). Documents read are counted by convex-test's own per-transaction
 * metrics (the ones `transactionLimits` enforces). Prints a table and the 100k/10k ratios; never fails.
 *
 * Reading the times: documents read are what a Convex deployment pays for. Times are the local
 * engine's; its sorted indexes walk a streamed range one document at a time, so they should not
 * grow with the table either (ratio near 1; the first page of a run also pays for warming up).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { JSONValue } from "convex/values";
// convex-test counts every document a transaction reads here; we listen in on the count.
import { TransactionMetricsTracker } from "convex-test/dist/transactionMetrics.js";
import type { Id } from "../convex/_generated/dataModel";
import { openEngine } from "../local-backend/engine/open-engine";
import type { Engine, Identity } from "../local-backend/engine/types";
import { CATEGORIES, fillPosts } from "./bench-posts";

const SIZES = [10_000, 100_000];
const FILTER = ["science", "art", "philosophy"] as const;
const SORTS = ["date", "views", "likes", "comments"] as const;
const PAGE_SIZE = 8;
const READ_BUDGET = 3 * PAGE_SIZE;
const TIMED_RUNS = 7;
/** How many pages deep the "later page" is (reached through cursors before timing). */
const LATER_PAGE = 5;

let documentsRead = 0;

/**
 * Counts reads from now on. Called once the engine is open: opening it puts its own counter (with
 * Convex's messages) on the prototype, which replaced a wrapper put there at import time, so this
 * benchmark printed 0 reads for a while.
 */
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
const countingWrappers = new WeakSet<object>();

type Row = { size: number; sort: string; filter: string; page: string; reads: number; ms: number };
type FeedResult = { posts: unknown[]; continueCursor: string; isDone: boolean };

async function signedInIdentity(engine: Engine): Promise<{ userId: Id<"users">; identity: Identity }> {
  return await engine.admin.run(async (ctx) => {
    const userId = await ctx.db.insert("users", { email: "bench@example.com", emailVerificationTime: Date.now() });
    const sessionId = await ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 86_400_000 });
    const issuer = engine.env.CONVEX_SITE_URL ?? "";
    const subject = `${userId}|${sessionId}`;
    return { userId, identity: { subject, issuer, tokenIdentifier: `${issuer}|${subject}` } };
  });
}

async function feed(
  engine: Engine,
  identity: Identity,
  args: JSONValue,
): Promise<{ result: FeedResult; reads: number; ms: number }> {
  documentsRead = 0;
  const started = performance.now();
  const result = (await engine.runQuery("posts:feed", args, identity)) as FeedResult;
  return { result, reads: documentsRead, ms: performance.now() - started };
}

/** Median time and the (constant) reads of a page, after one untimed run that warms the index up. */
async function measure(engine: Engine, identity: Identity, args: JSONValue): Promise<{ reads: number; ms: number }> {
  const first = await feed(engine, identity, args);
  if (first.result.posts.length !== PAGE_SIZE)
    throw new Error(`expected a full page, got ${first.result.posts.length}`);
  const times: number[] = [];
  let reads = first.reads;
  for (let run = 0; run < TIMED_RUNS; run++) {
    const measured = await feed(engine, identity, args);
    times.push(measured.ms);
    reads = Math.max(reads, measured.reads);
  }
  times.sort((a, b) => a - b);
  return { reads, ms: times[Math.floor(times.length / 2)]! };
}

async function benchSize(size: number): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-feed-"));
  const url = "http://127.0.0.1:1";
  const engine = await openEngine({ dataDir, siteUrl: url, cloudUrl: url });
  countReads();
  const rows: Row[] = [];
  try {
    const { userId, identity } = await signedInIdentity(engine);
    const fillStarted = performance.now();
    await fillPosts(engine, userId, size);
    console.log(
      `  ${size.toLocaleString()} posts inserted in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s`,
    );
    for (const sort of SORTS) {
      for (const [filter, categories] of [
        ["all 6", [...CATEGORIES]],
        ["3 categories", [...FILTER]],
      ] as const) {
        const firstArgs = { sort, categories: [...categories], cursor: null };
        rows.push({ size, sort, filter, page: "1", ...(await measure(engine, identity, firstArgs)) });
        let cursor: string | null = null;
        for (let page = 1; page < LATER_PAGE; page++) {
          cursor = (await feed(engine, identity, { ...firstArgs, cursor })).result.continueCursor;
        }
        rows.push({
          size,
          sort,
          filter,
          page: String(LATER_PAGE),
          ...(await measure(engine, identity, { ...firstArgs, cursor })),
        });
      }
    }
  } finally {
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

function printTable(rows: Row[]): void {
  const [small, large] = SIZES as [number, number];
  console.log(
    `\n${"sort".padEnd(9)}${"filter".padEnd(14)}${"page".padEnd(6)}` +
      `${"reads 10k".padStart(10)}${"reads 100k".padStart(11)}${"ms 10k".padStart(9)}${"ms 100k".padStart(9)}${"time ratio".padStart(12)}`,
  );
  let worstReads = 0;
  const ratios: number[] = [];
  for (const row of rows.filter((r) => r.size === small)) {
    const other = rows.find(
      (r) => r.size === large && r.sort === row.sort && r.filter === row.filter && r.page === row.page,
    )!;
    const ratio = other.ms / row.ms;
    ratios.push(ratio);
    worstReads = Math.max(worstReads, row.reads, other.reads);
    console.log(
      `${row.sort.padEnd(9)}${row.filter.padEnd(14)}${row.page.padEnd(6)}` +
        `${String(row.reads).padStart(10)}${String(other.reads).padStart(11)}` +
        `${row.ms.toFixed(2).padStart(9)}${other.ms.toFixed(2).padStart(9)}${ratio.toFixed(2).padStart(12)}`,
    );
  }
  const meanRatio = ratios.reduce((sum, r) => sum + r, 0) / ratios.length;
  console.log(
    `\nMost documents read by one page: ${worstReads} (budget ${READ_BUDGET}: ${worstReads <= READ_BUDGET ? "within" : "OVER"}); ` +
      `reads are the same at both sizes: ${rows.every((r) => r.reads === rows.find((o) => o.size !== r.size && o.sort === r.sort && o.filter === r.filter && o.page === r.page)?.reads) ? "yes" : "no"}.`,
  );
  console.log(`Time per page, 100k / 10k: mean ${meanRatio.toFixed(2)}, max ${Math.max(...ratios).toFixed(2)}.`);
  console.log(
    "(Times are the local engine's, which walks an index range lazily; documents read are what a Convex deployment pays for.)",
  );
}

console.log(`DUMY feed benchmark: ${SIZES.map((n) => n.toLocaleString()).join(" and ")} posts, page size ${PAGE_SIZE}`);
const rows: Row[] = [];
for (const size of SIZES) rows.push(...(await benchSize(size)));
printTable(rows);
