/**
 * A typed stand-in for "convex/react" in UI tests: answers and spies keyed by function reference.
 *
 * A test file switches it on with one line (vi.mock is hoisted per file) and creates the mock once:
 *
 *     vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
 *     const convex = createConvexMock(); // forgets answers and resets spies before each test
 *
 *     convex.onQuery(api.books.get, book);                                 // a fixed answer
 *     convex.onQuery(api.books.page, ({ cursor }) => pages.get(cursor));   // one per arguments
 *     convex.onQuery(api.posts.get, () => { throw new ConvexError("No") }); // a failing query
 *     convex.onQuery(api.bookComments.list, paginated([comment]));         // usePaginatedQuery
 *     convex.mutation(api.books.remove).mockRejectedValue(error);          // a vi.fn, resolves null
 *     convex.calls(api.books.page);                                        // the arguments asked
 *     convex.setAuth({ isLoading: false, isAuthenticated: false });        // useConvexAuth
 *     convex.setConnection({ isWebSocketConnected: false });              // useConvexConnectionState
 *
 * Answers are checked against the function's return type. A query nobody answered is loading
 * (undefined), as is one called with "skip". A failing query throws from useQuery and comes back
 * as its Error from useQueries, as in Convex. Setting an answer while components are on screen
 * re-renders them (a live update), inside act().
 */
import { act } from "@testing-library/react";
import type * as ConvexReact from "convex/react";
import {
  getFunctionName,
  type FunctionArgs,
  type FunctionReference,
  type FunctionReturnType,
  type PaginationResult,
} from "convex/server";
import { useSyncExternalStore } from "react";
import { beforeEach, vi, type Mock } from "vitest";

type Query = FunctionReference<"query">;
type Mutation = FunctionReference<"mutation">;
type Action = FunctionReference<"action">;
type Args = Record<string, unknown>;

/** A query's result, undefined (loading), or a function of its arguments giving either (or throwing). */
export type QueryAnswer<Q extends Query> =
  FunctionReturnType<Q> | undefined | ((args: FunctionArgs<Q>) => FunctionReturnType<Q> | undefined);

/** The spy a mutation or action hook hands out: a vi.fn, typed by the function's arguments and result. */
export type FunctionMock<F extends Mutation | Action> = Mock<(args: FunctionArgs<F>) => Promise<FunctionReturnType<F>>>;

/** Where a query was read: a hook (useQuery, useQueries, usePaginatedQuery) or useConvex().query. */
export type QuerySource = "hooks" | "client";

type ConvexAuth = { isLoading: boolean; isAuthenticated: boolean };

const SIGNED_IN: ConvexAuth = { isLoading: false, isAuthenticated: true };

/** What useConvexConnectionState says: the client's ConnectionState. */
export type ConnectionState = ReturnType<typeof ConvexReact.useConvexConnectionState>;

/** Connected once, nothing in flight: a page whose connection is fine. */
export const CONNECTED: ConnectionState = {
  hasInflightRequests: false,
  isWebSocketConnected: true,
  timeOfOldestInflightRequest: null,
  hasEverConnected: true,
  connectionCount: 1,
  connectionRetries: 0,
  inflightMutations: 0,
  inflightActions: 0,
};

export type ConvexMock = ReturnType<typeof newConvexMock>;

let installed: ConvexMock | undefined;

/**
 * Creates the file's Convex mock and makes the mocked hooks answer from it. Call it once, at the
 * top of the test file: it resets itself before each test. With `strict`, a component using a
 * function the test did not register (onQuery, mutation, action...) fails with its name.
 */
export function createConvexMock(options: { strict?: boolean } = {}): ConvexMock {
  const mock = newConvexMock(options.strict ?? false);
  installed = mock;
  beforeEach(() => mock.reset());
  return mock;
}

/**
 * A page of a paginated query, for onQuery: `isDone` false makes usePaginatedQuery say "CanLoadMore".
 */
export function paginated<T>(page: T[], { isDone = true } = {}): PaginationResult<T> {
  return { page, isDone, continueCursor: isDone ? "" : "next" };
}

function newConvexMock(strict: boolean) {
  const answers = new Map<string, unknown>();
  const spies = new Map<string, Mock>();
  const loadMores = new Map<string, Mock<(numItems: number) => void>>();
  let log: { name: string; args: Args; source: QuerySource }[] = [];
  let auth = SIGNED_IN;
  let connection = CONNECTED;
  let version = 0;
  const listeners = new Set<() => void>();

  function changed() {
    version += 1;
    if (listeners.size > 0) act(() => listeners.forEach((listener) => listener()));
  }

  function unexpected(name: string): never {
    throw new Error(`convex-mock: the component used ${name}, which this test did not register`);
  }

  function spy(name: string): Mock {
    let fn = spies.get(name);
    if (!fn) {
      const created = vi.fn(async (..._args: unknown[]): Promise<unknown> => null);
      fn = Object.assign(created, { withOptimisticUpdate: () => created });
      spies.set(name, fn);
    }
    return fn;
  }

  function spyFor(fn: Mutation | Action): Mock {
    const name = getFunctionName(fn);
    return strict && !spies.has(name) ? unexpected(name) : spy(name);
  }

  function read(query: Query, args: Args, source: QuerySource): unknown {
    const name = getFunctionName(query);
    log.push({ name, args, source });
    if (!answers.has(name)) return strict ? unexpected(name) : undefined;
    const answer = answers.get(name);
    return typeof answer === "function" ? (answer as (args: Args) => unknown)(args) : answer;
  }

  function mutation<M extends Mutation>(ref: M): FunctionMock<M> {
    return spy(getFunctionName(ref)) as unknown as FunctionMock<M>;
  }

  function action<A extends Action>(ref: A): FunctionMock<A> {
    return spy(getFunctionName(ref)) as unknown as FunctionMock<A>;
  }

  function loadMore(query: Query): Mock<(numItems: number) => void> {
    const name = getFunctionName(query);
    let fn = loadMores.get(name);
    if (!fn) loadMores.set(name, (fn = vi.fn()));
    return fn;
  }

  /** useConvex(): one-off reads (recorded as source "client") and calls, as on the real client. */
  const client = {
    query: async (query: Query, args?: Args) => read(query, args ?? {}, "client"),
    mutation: async (ref: Mutation, args?: Args) => spyFor(ref)(args ?? {}),
    action: async (ref: Action, args?: Args) => spyFor(ref)(args ?? {}),
  };

  return {
    /** Answers `query` from now on: a result, undefined (loading), or a function of the arguments. */
    onQuery<Q extends Query>(query: Q, answer: QueryAnswer<Q>): void {
      answers.set(getFunctionName(query), answer);
      changed();
    },

    /** The spy useMutation(ref) returns, the same one all along; it resolves null unless told otherwise. */
    mutation,

    /** Runs `handler` for calls of the mutation; returns its spy. */
    onMutation<M extends Mutation>(
      ref: M,
      handler: (args: FunctionArgs<M>) => FunctionReturnType<M> | Promise<FunctionReturnType<M>>,
    ): FunctionMock<M> {
      return mutation(ref).mockImplementation(async (args) => handler(args));
    },

    /** The spy useAction(ref) returns; it resolves null unless told otherwise. */
    action,

    /** Runs `handler` for calls of the action; returns its spy. */
    onAction<A extends Action>(
      ref: A,
      handler: (args: FunctionArgs<A>) => FunctionReturnType<A> | Promise<FunctionReturnType<A>>,
    ): FunctionMock<A> {
      return action(ref).mockImplementation(async (args) => handler(args));
    },

    /** The `loadMore` spy usePaginatedQuery(query) hands out. */
    loadMore,

    /** The arguments of every read of `query` so far, oldest first (a hook reads on every render). */
    calls<Q extends Query>(query: Q, source: QuerySource = "hooks"): FunctionArgs<Q>[] {
      const name = getFunctionName(query);
      return log
        .filter((call) => call.name === name && call.source === source)
        .map((call) => call.args as FunctionArgs<Q>);
    },

    /** Forgets the reads recorded so far. */
    clearCalls(): void {
      log = [];
    },

    /** What useConvexAuth says; signed in unless set. */
    setAuth(next: ConvexAuth): void {
      auth = next;
      changed();
    },

    /**
     * What useConvexConnectionState says from now on: these fields over a connected client's
     * (CONNECTED), e.g. `{ isWebSocketConnected: false }` when the connection goes.
     */
    setConnection(next: Partial<ConnectionState>): void {
      connection = { ...CONNECTED, ...next };
      changed();
    },

    /** Back to the start: no answers, no reads, signed in and connected, every spy reset (the same spies). */
    reset(): void {
      answers.clear();
      log = [];
      auth = SIGNED_IN;
      connection = CONNECTED;
      for (const fn of [...spies.values(), ...loadMores.values()]) fn.mockReset();
    },

    /** For the mocked hooks. */
    internals: {
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      version: () => version,
      auth: () => auth,
      connection: () => connection,
      read,
      spyFor,
      loadMore,
      client,
    },
  };
}

function current(): ConvexMock["internals"] {
  if (!installed) throw new Error("convex-mock: call createConvexMock() at the top of the test file");
  return installed.internals;
}

/** The mock's hooks re-render when an answer changes. */
function useMock(): ConvexMock["internals"] {
  const mock = current();
  useSyncExternalStore(mock.subscribe, mock.version);
  return mock;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** The stand-in module: the parts of "convex/react" the app uses. */
export const convexReact = {
  useQuery(query: Query, args?: Args | "skip") {
    const mock = useMock();
    return args === "skip" ? undefined : mock.read(query, args ?? {}, "hooks");
  },

  /** Like Convex: a failed query comes back as its Error instead of being thrown. */
  useQueries(request: Record<string, { query: Query; args: Args }>) {
    const mock = useMock();
    return Object.fromEntries(
      Object.entries(request).map(([key, { query, args }]) => {
        try {
          return [key, mock.read(query, args, "hooks")];
        } catch (error) {
          return [key, asError(error)];
        }
      }),
    );
  },

  usePaginatedQuery(query: Query, args: Args | "skip", options: { initialNumItems: number }) {
    const mock = useMock();
    const loadMore = mock.loadMore(query);
    const paginationOpts = { numItems: options.initialNumItems, cursor: null };
    const result =
      args === "skip"
        ? undefined
        : (mock.read(query, { ...args, paginationOpts }, "hooks") as PaginationResult<unknown>);
    if (result === undefined) return { results: [], status: "LoadingFirstPage", isLoading: true, loadMore };
    const status = result.isDone ? "Exhausted" : "CanLoadMore";
    return { results: result.page, status, isLoading: false, loadMore };
  },

  useMutation(mutation: Mutation) {
    return current().spyFor(mutation);
  },

  useAction(action: Action) {
    return current().spyFor(action);
  },

  useConvex() {
    return current().client;
  },

  useConvexAuth() {
    return useMock().auth();
  },

  useConvexConnectionState() {
    return useMock().connection();
  },
} satisfies Partial<Record<keyof typeof ConvexReact, unknown>>;
