/**
 * Protocol conformance: the official ConvexClient (WebSocket sync) against the local backend,
 * with this project's own functions — live queries, mutations, actions, errors, pagination.
 */
import { ConvexError } from "convex/values";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { TITLE_AND_IMAGE_REQUIRED } from "../../convex/books";
import {
  delay,
  newClient,
  removeTestDataDirs,
  signedInClient,
  startTestBackend,
  waitForResult,
  type TestClient,
} from "./server-fixture/protocol-env";

const cover = { url: "https://example.com/cover.png" };

describe("sync protocol with ConvexClient", () => {
  let backend: Awaited<ReturnType<typeof startTestBackend>>;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    backend = await startTestBackend();
    alice = await signedInClient(backend.url, "alice@example.com");
    bob = await signedInClient(backend.url, "bob@example.com");
  }, 30_000);

  afterAll(async () => {
    await alice?.client.close();
    await bob?.client.close();
    await backend?.close();
    removeTestDataDirs();
  });

  it("shows a subscriber the write another client makes", async () => {
    const seen = waitForResult(alice.client, api.books.page, { cursor: null }, (page) =>
      page.books.some((book) => book.title === "Dune"),
    );
    await bob.client.mutation(api.books.create, { title: "Dune", image: cover });
    expect((await seen).books[0]).toMatchObject({ title: "Dune" });
  });

  it("resolves a mutation only once the subscribed query shows its write", async () => {
    const subscription = alice.client.onUpdate(api.books.page, { cursor: null }, () => {});
    await waitForResult(alice.client, api.books.page, { cursor: null }, () => true);
    for (const title of ["Emma", "Persuasion", "Ulysses"]) {
      await alice.client.mutation(api.books.create, { title, image: cover });
      // Read synchronously, in the same tick the promise resolved.
      expect(subscription.getCurrentValue()?.books[0]?.title).toBe(title);
    }
    subscription.unsubscribe();
  });

  it("replaces an optimistic update with the server's result without showing the old one again", async () => {
    await alice.client.mutation(api.books.create, { title: "Before the optimism", image: cover });
    const firstTitles: string[] = [];
    const subscription = alice.client.onUpdate(api.books.page, { cursor: null }, (page) =>
      firstTitles.push(page.books[0]?.title ?? ""),
    );
    await waitForResult(alice.client, api.books.page, { cursor: null }, () => true);
    const before = firstTitles.at(-1);
    await alice.client.mutation(
      api.books.create,
      { title: "Middlemarch", image: cover },
      {
        optimisticUpdate: (store) => {
          const current = store.getQuery(api.books.page, { cursor: null });
          if (current === undefined) return;
          const [top] = current.books;
          if (top === undefined) return;
          store.setQuery(
            api.books.page,
            { cursor: null },
            { ...current, books: [{ ...top, title: "Middlemarch (sending)" }, ...current.books] },
          );
        },
      },
    );
    const after = firstTitles.slice(firstTitles.indexOf("Middlemarch (sending)"));
    expect(after[0]).toBe("Middlemarch (sending)");
    expect(after.at(-1)).toBe("Middlemarch");
    expect(after).not.toContain(before);
    subscription.unsubscribe();
  });

  it("runs one client's mutations in the order it sent them", async () => {
    const bookId = (await alice.client.mutation(api.books.create, { title: "In order", image: cover })) as Id<"books">;
    const texts = Array.from({ length: 8 }, (_, n) => `in order ${n}`);
    // Sent back to back without waiting, as a fast user's clicks would be.
    await Promise.all(texts.map((text) => alice.client.mutation(api.bookComments.add, { bookId, text })));
    const page = await alice.client.query(api.bookComments.list, {
      bookId,
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(page.page.map((comment) => comment.text)).toEqual([...texts].reverse());
  });

  it("re-runs a subscription only after a commit that wrote a table it read", async () => {
    const seenTitles: string[] = [];
    const subscription = alice.client.onUpdate(api.books.page, { cursor: null }, (page) =>
      seenTitles.push(page.books[0]?.title ?? ""),
    );
    await waitForResult(alice.client, api.books.page, { cursor: null }, () => true);
    const engine = backend.engine;
    const trackedRun = engine.runQueryTrackingReads.bind(engine);
    let boardRuns = 0;
    engine.runQueryTrackingReads = async (udfPath, ...rest) => {
      if (udfPath === "books:page") boardRuns += 1;
      return await trackedRun(udfPath, ...rest);
    };
    try {
      // A commit to a table the board never reads, then a round trip that waits for its tick.
      await engine.admin.run(async (ctx) => {
        await ctx.db.insert("devMailbox", { to: "x@example.com", subject: "Unread", code: "12345678", link: "" });
      });
      await alice.client.mutation(api.files.generateUploadUrl, {});
      expect(boardRuns).toBe(0);

      await bob.client.mutation(api.books.create, { title: "Read sets", image: cover });
      await waitForResult(
        alice.client,
        api.books.page,
        { cursor: null },
        (page) => page.books[0]?.title === "Read sets",
      );
      expect(boardRuns).toBeGreaterThan(0);
    } finally {
      engine.runQueryTrackingReads = trackedRun;
      subscription.unsubscribe();
    }
  });

  it("re-runs a subscription only after a commit that wrote into an index range it read", async () => {
    const watched = (await bob.client.mutation(api.books.create, { title: "Watched", image: cover })) as Id<"books">;
    const other = (await bob.client.mutation(api.books.create, { title: "Other", image: cover })) as Id<"books">;
    const args = { bookId: watched, paginationOpts: { numItems: 10, cursor: null } };
    const subscription = alice.client.onUpdate(api.bookComments.list, args, () => {});
    await waitForResult(alice.client, api.bookComments.list, args, () => true);
    const engine = backend.engine;
    const trackedRun = engine.runQueryTrackingReads.bind(engine);
    let commentListRuns = 0;
    engine.runQueryTrackingReads = async (udfPath, ...rest) => {
      if (udfPath === "bookComments:list") commentListRuns += 1;
      return await trackedRun(udfPath, ...rest);
    };
    try {
      // The same table and index, another book: outside the range alice's list read.
      await bob.client.mutation(api.bookComments.add, { bookId: other, text: "Elsewhere" });
      await alice.client.mutation(api.files.generateUploadUrl, {});
      expect(commentListRuns).toBe(0);

      await bob.client.mutation(api.bookComments.add, { bookId: watched, text: "Here" });
      await waitForResult(alice.client, api.bookComments.list, args, (page) => page.page[0]?.text === "Here");
      expect(commentListRuns).toBeGreaterThan(0);
    } finally {
      engine.runQueryTrackingReads = trackedRun;
      subscription.unsubscribe();
    }
  });

  it("resolves a mutation that writes nothing", async () => {
    const uploadUrl = await alice.client.mutation(api.files.generateUploadUrl, {});
    expect(uploadUrl).toMatch(new RegExp(`^${backend.url}/api/storage/upload\\?token=`));
  });

  it("passes a thrown ConvexError's data to a mutation's caller", async () => {
    const failure = await alice.client.mutation(api.books.create, { title: "   ", image: cover }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ConvexError);
    expect((failure as ConvexError<string>).data).toBe(TITLE_AND_IMAGE_REQUIRED);
  });

  it("answers other failures as a dev deployment does: Server Error with the error's text, also in the server log", async () => {
    const failure = await alice.client
      .mutation(api.bookComments.add, { bookId: "not-an-id" as Id<"books">, text: "hello" })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(ConvexError);
    expect((failure as Error).message).toMatch(/\[Request ID: [0-9a-f]{16}\] Server Error\nArgumentValidationError/);
    expect((failure as Error).message).toContain('Path: .bookId\nValue: "not-an-id"\nValidator: v.id("books")');
    expect(backend.logLines.some((line) => line.includes("bookComments:add") && line.includes("not-an-id"))).toBe(true);
  });

  it("passes a query's ConvexError to the subscriber, then its result once the caller may read it", async () => {
    const anonymous = newClient(backend.url);
    const failure = await new Promise<unknown>((resolve) => {
      anonymous.client.onUpdate(api.books.page, { cursor: null }, () => resolve(null), resolve);
    });
    expect(failure).toBeInstanceOf(ConvexError);
    expect(typeof (failure as ConvexError<string>).data).toBe("string");
    expect(await anonymous.client.query(api.users.viewer, {})).toBeNull();
    await anonymous.client.close();
  });

  it("runs an action and returns its result", async () => {
    // Signed out: a sign-in by a signed-in caller replaces (deletes) the caller's session, which
    // would end alice's token at once (convex/lib/auth.ts, sessionUser).
    const anonymous = newClient(backend.url);
    const result = (await anonymous.client.action(api.auth.signIn, {
      provider: "password",
      params: { email: "carol@example.com", password: "demo-password", flow: "signIn" },
    })) as { tokens?: { token: string } };
    expect(result.tokens?.token).toMatch(/^ey/);
    await expect(
      anonymous.client.action(api.auth.signIn, {
        provider: "password",
        params: { email: "carol@example.com", password: "wrong-password", flow: "signIn" },
      }),
    ).rejects.toThrow();
    await anonymous.client.close();
  });

  it("gives functions the signed-in user's identity", async () => {
    expect(await alice.client.query(api.users.viewer, {})).toMatchObject({ email: "alice@example.com" });
    expect(await bob.client.query(api.users.viewer, {})).toMatchObject({ email: "bob@example.com" });
  });

  it("loads further pages of a paginated query and keeps every page live", async () => {
    const bookId = (await alice.client.mutation(api.books.create, { title: "Comments", image: cover })) as Id<"books">;
    for (let n = 1; n <= 5; n++) await alice.client.mutation(api.bookComments.add, { bookId, text: `comment ${n}` });
    type Texts = { status: string; texts: string[] };
    const updates: Texts[] = [];
    let waiter: { accept: (texts: Texts) => boolean; resolve: () => void } | null = null;
    // The experimental API's declared types do not match what it passes (usePaginatedQuery's shape).
    type Comment = { text: string };
    type PaginatedComments = { status: string; results: Comment[]; loadMore(numItems: number): boolean };
    const subscription = bob.client.onPaginatedUpdate_experimental(
      api.bookComments.list,
      { bookId } as never,
      { initialNumItems: 2 },
      (value) => {
        const result = value as unknown as PaginatedComments;
        const texts = { status: result.status, texts: result.results.map((comment) => comment.text) };
        updates.push(texts);
        if (waiter?.accept(texts)) waiter.resolve();
      },
    );
    const loadMore = (numItems: number) =>
      (subscription.getCurrentValue() as unknown as PaginatedComments | undefined)?.loadMore(numItems);
    const until = (accept: (texts: Texts) => boolean) =>
      new Promise<void>((resolve, reject) => {
        const last = updates.at(-1);
        if (last !== undefined && accept(last)) return resolve();
        waiter = { accept, resolve };
        setTimeout(() => reject(new Error(`stuck at ${JSON.stringify(updates.at(-1))}`)), 5000);
      });

    await until((u) => u.status === "CanLoadMore" && u.texts.length === 2);
    expect(updates.at(-1)?.texts).toEqual(["comment 5", "comment 4"]);
    loadMore(2);
    await until((u) => u.texts.length === 4);
    expect(updates.at(-1)?.texts).toEqual(["comment 5", "comment 4", "comment 3", "comment 2"]);

    // A new comment joins the first page; nothing is lost or repeated at the page boundary.
    await alice.client.mutation(api.bookComments.add, { bookId, text: "comment 6" });
    await until((u) => u.texts.length === 5);
    expect(updates.at(-1)?.texts).toEqual(["comment 6", "comment 5", "comment 4", "comment 3", "comment 2"]);

    loadMore(2);
    await until((u) => u.status === "Exhausted");
    expect(updates.at(-1)?.texts).toEqual([
      "comment 6",
      "comment 5",
      "comment 4",
      "comment 3",
      "comment 2",
      "comment 1",
    ]);
    subscription.unsubscribe();
  });

  it("does not resend results that did not change", async () => {
    const watched = (await alice.client.mutation(api.books.create, { title: "Watched", image: cover })) as Id<"books">;
    const other = (await alice.client.mutation(api.books.create, { title: "Other", image: cover })) as Id<"books">;
    const watcher = await signedInClient(backend.url, "carol@example.com");
    const args = { bookId: watched, paginationOpts: { numItems: 5, cursor: null } };
    const subscription = watcher.client.onUpdate(api.bookComments.list, args, () => {});
    await waitForResult(watcher.client, api.bookComments.list, args, () => true);
    await delay(100);
    const transitionsBefore = watcher.received.count("Transition");

    // Writes that do not touch the watched book's comments: no Transition for the watcher.
    await bob.client.mutation(api.bookComments.add, { bookId: other, text: "elsewhere" });
    await bob.client.mutation(api.bookComments.add, { bookId: other, text: "elsewhere again" });
    await delay(200);
    expect(watcher.received.count("Transition")).toBe(transitionsBefore);

    // A write it does show: exactly one Transition.
    await bob.client.mutation(api.bookComments.add, { bookId: watched, text: "here" });
    await delay(200);
    expect(subscription.getCurrentValue()?.page.map((comment) => comment.text)).toEqual(["here"]);
    expect(watcher.received.count("Transition")).toBe(transitionsBefore + 1);
    await watcher.client.close();
  });

  it("keeps many clients of one user in step", async () => {
    const tabs = await Promise.all(Array.from({ length: 8 }, () => signedInClient(backend.url, "bob@example.com")));
    const seen = tabs.map(({ client }) =>
      waitForResult(client, api.books.page, { cursor: null }, (page) => page.books[0]?.title === "Many tabs"),
    );
    await alice.client.mutation(api.books.create, { title: "Many tabs", image: cover });
    await Promise.all(seen);
    await Promise.all(tabs.map(({ client }) => client.close()));
  }, 30_000); // eight password sign-ins: seconds on a busy 2-core machine
});
