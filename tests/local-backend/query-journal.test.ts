/**
 * Query journals (engine/query-journal.ts): a live query's `.paginate()` ends where its previous
 * run's page ended, as on Convex (its queryPage takes the call's end cursor, else the previous
 * journal's), whatever the function's arguments are called; a first run, or a call that is not
 * a subscription, pages freshly.
 */
import { ConvexClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { Engine } from "../../local-backend/engine/types";
import { startLocalBackend, type LocalBackend } from "../../local-backend/server/start-server";
import { FIXTURE_FUNCTIONS, fixtureEngine, removeTemporaryDataDirs } from "./engine-test-env";

type Page = { ids: string[]; isDone: boolean; continueCursor: string };

const putItem = makeFunctionReference<"mutation", { group: string }, string>("items:put");
const removeItem = makeFunctionReference<"mutation", { id: string }>("items:remove");
const newestUnlessFailing = makeFunctionReference<"query", { cursor: string | null }, Page>(
  "items:newestUnlessFailing",
);
const newestByCursor = makeFunctionReference<"query", { cursor: string | null }, Page>("items:newestByCursor");

describe("a subscription's paginate", () => {
  let engine: Engine;
  const put = async () => (await engine.runMutation("items:put", { group: "g" }, null)) as string;
  const run = async (journal: string | null) => {
    const { value, journal: next } = await engine.runQueryTrackingReads(
      "items:newestByCursor",
      { cursor: null },
      null,
      "public",
      journal,
    );
    return { page: value as Page, journal: next };
  };

  beforeEach(async () => {
    engine = await fixtureEngine();
  });
  afterEach(async () => {
    await engine.close();
    removeTemporaryDataDirs();
  });

  it("ends where the previous run's page ended: it grows with documents added inside it", async () => {
    const [a, b, c] = [await put(), await put(), await put()];
    const first = await run(null);
    expect(first.page.ids).toEqual([c, b]);
    expect(first.journal).toBe(JSON.stringify({ endCursor: first.page.continueCursor }));

    const d = await put();
    const again = await run(first.journal);
    expect(again.page).toEqual({ ids: [d, c, b], isDone: false, continueCursor: first.page.continueCursor });
    expect(again.journal).toBe(first.journal);
    // The next page still starts right after it: nothing repeated, nothing skipped.
    const next = (await engine.runQuery("items:newestByCursor", { cursor: again.page.continueCursor }, null)) as Page;
    expect(next.ids).toEqual([a]);

    // Without a journal (a first run, or a one-off call), the page is two documents again.
    expect((await run(null)).page.ids).toEqual([d, c]);
    expect(((await engine.runQuery("items:newestByCursor", { cursor: null }, null)) as Page).ids).toEqual([d, c]);
  });

  it("keeps its end when the document at the boundary is deleted", async () => {
    await put();
    const b = await put();
    const c = await put();
    const first = await run(null);
    await engine.runMutation("items:remove", { id: b }, null);
    const again = await run(first.journal);
    expect(again.page).toEqual({ ids: [c], isDone: false, continueCursor: first.page.continueCursor });
  });

  it("reaches the end of the table when its first page did", async () => {
    const a = await put();
    const first = await run(null);
    expect(first.page).toMatchObject({ ids: [a], isDone: true });
    const b = await put();
    expect((await run(first.journal)).page).toMatchObject({ ids: [b, a], isDone: true });
  });

  it("pages search results without repeating or skipping any, and a watched search page keeps them", async () => {
    for (let n = 1; n <= 8; n++) await engine.runMutation("notes:add", { text: `sam ${n}` }, null);
    const search = async (cursor: string | null, journal: string | null = null) => {
      const run = await engine.runQueryTrackingReads(
        "notes:searchPage",
        { term: "sam", cursor },
        null,
        "public",
        journal,
      );
      return { page: run.value as { texts: string[]; isDone: boolean; continueCursor: string }, journal: run.journal };
    };
    const first = await search(null);
    const second = await search(first.page.continueCursor);
    const third = await search(second.page.continueCursor);
    const texts = [...first.page.texts, ...second.page.texts, ...third.page.texts];
    expect(texts.sort()).toEqual(Array.from({ length: 8 }, (_, i) => `sam ${i + 1}`).sort());
    expect(third.page.isDone).toBe(true);

    await engine.runMutation("notes:add", { text: "unrelated" }, null);
    expect((await search(null, first.journal)).page.texts).toEqual(first.page.texts);
  });

  it("does not recommend splitting a page that grew, as Convex recommends it only past 6,144 items", async () => {
    for (let i = 0; i < 3; i++) await put();
    const args = { paginationOpts: { numItems: 2, cursor: null } };
    const first = await engine.runQueryTrackingReads("items:splitOfScan", args, null, "public", null);
    for (let i = 0; i < 3; i++) await put();
    const grown = await engine.runQueryTrackingReads("items:splitOfScan", args, null, "public", first.journal);
    // The split cursor still comes with it: usePaginatedQuery splits a page past twice its size.
    expect(grown.value).toEqual({ size: 5, pageStatus: null, splitCursor: expect.any(String) });
  });

  it("has no journal when the query does not paginate", async () => {
    const { journal } = await engine.runQueryTrackingReads("items:inRange", { group: "g", order: "asc" }, null);
    expect(journal).toBeNull();
  });
});

describe("over the sync protocol", () => {
  let backend: LocalBackend | undefined;
  const folders: string[] = [];

  afterEach(async () => {
    await backend?.close();
    backend = undefined;
  });
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  async function start(): Promise<{ backend: LocalBackend; client: ConvexClient }> {
    const dataDir = mkdtempSync(path.join(tmpdir(), "query-journal-"));
    folders.push(dataDir);
    backend = await startLocalBackend({ port: 0, dataDir, seed: false, modulesDir: FIXTURE_FUNCTIONS, log: () => {} });
    const client = new ConvexClient(backend.url, {
      webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
    });
    return { backend, client };
  }

  it("a run that fails drops the journal, so the page after it is a fresh one, as on Convex", async () => {
    const { client } = await start();
    try {
      for (let i = 0; i < 3; i++) await client.mutation(putItem, { group: "g" });
      const pages: Page[] = [];
      let failures = 0;
      let wake = () => {};
      client.onUpdate(
        newestUnlessFailing,
        { cursor: null },
        (page) => {
          pages.push(page);
          wake();
        },
        () => {
          failures += 1;
          wake();
        },
      );
      const until = (done: () => boolean) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`stuck at ${JSON.stringify(pages.at(-1))}`)), 5_000);
          wake = () => {
            if (!done()) return;
            clearTimeout(timer);
            resolve();
          };
          wake();
        });
      await until(() => pages.length === 1);
      const failing = await client.mutation(putItem, { group: "fail" });
      await until(() => failures > 0);
      const newest = await client.mutation(putItem, { group: "g" });
      await client.mutation(removeItem, { id: failing });
      // Bounded by the journal of the run before the failure, it would hold 3 items.
      await until(() => pages.at(-1)?.ids[0] === newest);
      expect(pages.at(-1)?.ids).toHaveLength(2);
    } finally {
      await client.close();
    }
  }, 30_000);

  it("a client watching a page with a bare cursor sees it grow, as on Convex", async () => {
    const { client } = await start();
    try {
      for (let i = 0; i < 3; i++) await client.mutation(putItem, { group: "g" });
      const pages: Page[] = [];
      let waiter: { count: number; resolve: () => void } | null = null;
      client.onUpdate(newestByCursor, { cursor: null }, (page) => {
        pages.push(page);
        if (waiter !== null && page.ids.length === waiter.count) waiter.resolve();
      });
      const pageOf = (count: number) =>
        new Promise<void>((resolve, reject) => {
          if (pages.at(-1)?.ids.length === count) return resolve();
          waiter = { count, resolve };
          setTimeout(() => reject(new Error(`no page of ${count}: ${JSON.stringify(pages.at(-1))}`)), 5_000);
        });
      await pageOf(2);
      const newest = await client.mutation(putItem, { group: "g" });
      await pageOf(3);
      expect(pages.at(-1)?.ids[0]).toBe(newest);
      expect(pages.at(-1)?.continueCursor).toBe(pages[0]?.continueCursor);
    } finally {
      await client.close();
    }
  }, 30_000);
});
