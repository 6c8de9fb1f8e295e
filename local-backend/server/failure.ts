/**
 * What a client is told when a function fails. A thrown ConvexError keeps its message and data
 * (the client rebuilds a ConvexError from them, and the UI shows `error.data`). Anything else —
 * a bug in a function, a failed argument validation, a bug in this server — reaches the client
 * as "Server Error", like on a Convex production deployment, and the full text goes to the
 * server's log, where the developer runs the backend.
 */
import type { JSONValue } from "convex/values";
import type { EngineError } from "../engine/types";

export type Failure = { message: string; data?: JSONValue };

export type Log = (line: string) => void;

export const GENERIC_FAILURE = "Server Error";

export function failureOf(error: unknown, what: string, log: Log): Failure {
  if (isEngineError(error) && error.data !== undefined) return { message: error.message, data: error.data };
  const detail = isEngineError(error)
    ? error.message
    : error instanceof Error
      ? (error.stack ?? error.message)
      : String(error);
  log(`${what} failed: ${detail}`);
  return { message: GENERIC_FAILURE };
}

function isEngineError(error: unknown): error is EngineError {
  return error instanceof Error && error.name === "EngineError";
}
