/**
 * What a client is told when a function fails, as a Convex deployment tells it. A thrown
 * ConvexError keeps its message and data (the client rebuilds a ConvexError from them, and the
 * UI shows `error.data`). Anything else — an uncaught exception, a failed argument validation,
 * an unknown function — reaches the client the way a DEV deployment sends it:
 * "[Request ID: …] Server Error" and the error's text, so the developer sees it in the browser.
 * With `redactErrors` (`npm start -- --redact-errors`) it is "[Request ID: …] Server Error" only,
 * like a production deployment. The full text always goes to the server's log with the request id.
 */
import type { JSONValue } from "convex/values";
import { randomBytes } from "node:crypto";
import type { EngineError } from "../engine/types";

export type Failure = { message: string; data?: JSONValue };

/** The server's log; `redactErrors` says clients get no error text (see above). */
export type Log = ((line: string) => void) & { readonly redactErrors?: boolean };

export const GENERIC_FAILURE = "Server Error";

/** A log whose failures reach clients redacted, like on a production deployment. */
export function redactingLog(log: (line: string) => void): Log {
  return Object.assign((line: string) => log(line), { redactErrors: true });
}

export function failureOf(error: unknown, what: string, log: Log): Failure {
  if (isEngineError(error) && error.data !== undefined) return { message: error.message, data: error.data };
  const requestId = randomBytes(8).toString("hex");
  const detail = isEngineError(error)
    ? error.message
    : error instanceof Error
      ? (error.stack ?? error.message)
      : String(error);
  log(`${what} failed [Request ID: ${requestId}]: ${detail}`);
  const header = `[Request ID: ${requestId}] ${GENERIC_FAILURE}`;
  if (log.redactErrors === true) return { message: header };
  const text = isEngineError(error)
    ? error.message
    : `Uncaught ${error instanceof Error ? error.name : "Error"}: ${error instanceof Error ? error.message : String(error)}`;
  return { message: `${header}\n${text}` };
}

function isEngineError(error: unknown): error is EngineError {
  return error instanceof Error && error.name === "EngineError";
}
