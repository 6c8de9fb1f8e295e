import { ConvexReactClient, type Watch } from "convex/react";
import { startTransition } from "react";

type Schedule = (update: () => void) => void;

/**
 * A watch whose updates React renders as a transition. Query results arriving from the server
 * are not urgent input: rendered at the default priority, a page's first results (a chat room's
 * 40 messages, a grid of cards) were one task of up to ~50 ms on a phone, blocking taps and
 * typing meanwhile (Lighthouse's Total Blocking Time). As a transition, React renders them in
 * slices of a few milliseconds and lets input in between; what is shown is the same.
 */
export function renderUpdatesAsTransition<T>(watch: Watch<T>, schedule: Schedule = startTransition): Watch<T> {
  return {
    onUpdate: (callback) => watch.onUpdate(() => schedule(callback)),
    localQueryResult: () => watch.localQueryResult(),
    journal: () => watch.journal(),
  };
}

/**
 * The app's Convex client: every `useQuery`, `useQueries` and `usePaginatedQuery` watches through
 * `watchQuery`, so each of their updates renders as a transition.
 */
export function createAppConvexClient(address: string): ConvexReactClient {
  const client = new ConvexReactClient(address);
  const watchQuery = client.watchQuery;
  // Same arguments as ConvexReactClient's (the query, its arguments, options), passed on untouched.
  const watchAsTransition = (...args: unknown[]) =>
    renderUpdatesAsTransition(Reflect.apply(watchQuery, client, args) as Watch<unknown>);
  client.watchQuery = watchAsTransition as typeof client.watchQuery;
  return client;
}
