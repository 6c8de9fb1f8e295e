/**
 * What a client is told when a function fails. A thrown ConvexError keeps its data (the client
 * rebuilds a ConvexError from it); the engine's one-line messages ("Uncaught Error: …",
 * "Could not find public function …") pass as they are, like a Convex dev deployment's. Any
 * other error is a bug in this server: the client gets "Server Error" and the log gets the stack.
 */
import type { JSONValue } from "convex/values";
import type { EngineError } from "../engine/types";

export type Failure = { message: string; data?: JSONValue };

export type Log = (line: string) => void;

export function failureOf(error: unknown, what: string, log: Log): Failure {
  if (isEngineError(error)) {
    if (error.data !== undefined) return { message: error.message, data: error.data };
    log(`${what} failed: ${error.message}`);
    return { message: error.message };
  }
  log(`${what} failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return { message: "Server Error" };
}

function isEngineError(error: unknown): error is EngineError {
  return error instanceof Error && error.name === "EngineError";
}
