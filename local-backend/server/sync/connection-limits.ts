/**
 * What one WebSocket connection may ask of the server, so a single client can neither crash it,
 * nor exhaust its memory, nor starve the others. Argument limits are Convex's
 * (engine/value-limits.ts); these bound the connection itself.
 */
import { MAX_ARGUMENTS_BYTES } from "../../engine/value-limits";

/**
 * A client message may carry arguments of Convex's maximum size plus its envelope; a larger
 * frame closes the connection (1009) before it is buffered whole.
 */
export const MAX_FRAME_BYTES = MAX_ARGUMENTS_BYTES + 1024 * 1024;

/** Live queries one connection may hold; further ones fail with `tooManySubscriptionsMessage`. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 1000;
export const tooManySubscriptionsMessage = () =>
  `Too many queries subscribed on one connection (maximum ${MAX_SUBSCRIPTIONS_PER_CONNECTION})`;

/**
 * What may wait to be sent to a client that does not read: past either bound the connection is
 * dropped (the official client reconnects and subscribes again) instead of buffering without end.
 * One message of any size is always let through an empty queue (a large query result).
 */
export const MAX_QUEUED_BYTES = 8 * 1024 * 1024;
export const MAX_QUEUED_MESSAGES = 500;

/**
 * What may wait to be sent to all connections together: the per-connection bound alone let 50
 * clients that stopped reading hold 50 × 8 MB (the server grew from 290 MB to 1.09 GB, and every
 * healthy client's pushes slowed with it). Past this, the connection with the most waiting is
 * dropped, as with held arguments; it reconnects and catches up when it reads again. A client
 * that reads has almost nothing waiting between two turns, so healthy ones are never the heaviest.
 */
export const MAX_QUEUED_BYTES_ALL_CONNECTIONS = 32 * 1024 * 1024;

/**
 * How long a connection may leave sends untaken before the query hub passes it over (runs and
 * sends nothing for it until it has taken them, then sends what is current in one Transition).
 * A reader that is only behind for a moment (a large result on its way) drains in milliseconds;
 * one that has taken nothing for this long has stopped reading, and serving it would only pile up
 * Transitions it cannot take and cost the readers a run of each of its queries per commit.
 */
export const PASS_OVER_UNREAD_AFTER_MS = 1000;

/** A function path is a module path and an export name; nothing legitimate is longer. */
export const MAX_UDF_PATH_LENGTH = 1024;

/** The official client's session id is a UUID (36 characters); it is part of every mutation's record. */
export const MAX_SESSION_ID_LENGTH = 128;

/**
 * Past MAX_SUBSCRIPTIONS_PER_CONNECTION further queries fail but are still held (removing others
 * lets them run); a client that keeps adding past twice the limit, or whose queries' arguments
 * add up to more than this, is disconnected instead of holding memory without end.
 */
export const MAX_HELD_SUBSCRIPTIONS = 2 * MAX_SUBSCRIPTIONS_PER_CONNECTION;
export const MAX_HELD_ARGUMENT_BYTES = 4 * MAX_ARGUMENTS_BYTES;

/**
 * What all connections' subscribed queries may hold in arguments together: a cap per connection
 * alone lets enough connections exhaust the memory. Past it the connection holding the most is
 * disconnected. Real apps' query arguments are a few hundred bytes each.
 */
export const MAX_HELD_ARGUMENT_BYTES_ALL_CONNECTIONS = 16 * MAX_ARGUMENTS_BYTES;

/**
 * Memory a parsed JSON value takes beyond its text (a V8 object or array, a boxed number):
 * arguments are held as parsed values, so 17 MB of `{},{},…` text is about 470 MB of memory.
 * Held arguments are counted as their size plus this much per value.
 */
export const HELD_BYTES_PER_VALUE = 80;

/**
 * Mutations and actions one connection may have waiting for an answer; a client that sends more
 * without waiting is disconnected instead of queueing work without end.
 */
export const MAX_PENDING_REQUESTS = 1000;
