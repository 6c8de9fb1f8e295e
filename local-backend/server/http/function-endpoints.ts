/**
 * The function endpoints of ConvexHttpClient (convex/browser 1.48): POST `/api/query`,
 * `/api/query_ts`, `/api/query_at_ts`, `/api/mutation`, `/api/action` and `/api/function`.
 * Body `{path, args, format: "convex_encoded_json"}`; answer `{status: "success", value,
 * logLines}` (200) or `{status: "error", errorMessage, errorData?, logLines}` (560, the status
 * the client reads as "the function failed").
 */
import type { JSONValue } from "convex/values";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Engine, Identity } from "../../engine/types";
import { checkArguments, MAX_ARGUMENTS_BYTES, ValueLimitError } from "../../engine/value-limits";
import { failureOf, type Log } from "../failure";
import type { TokenVerifier } from "../identity";
import { canonicalUdfPath, encodeTs } from "../sync/protocol";
import { bearerToken, readBody, sendJson } from "./http-io";

const FUNCTION_FAILED = 560;
/** Arguments of Convex's maximum size and the rest of the body. */
const BODY_LIMIT_BYTES = MAX_ARGUMENTS_BYTES + 1024 * 1024;

type Kind = "query" | "mutation" | "action";

const KIND_OF_ENDPOINT: Record<string, Kind | "any"> = {
  "/api/query": "query",
  "/api/query_at_ts": "query",
  "/api/mutation": "mutation",
  "/api/action": "action",
  "/api/function": "any",
};

export const FUNCTION_ENDPOINTS = new Set([...Object.keys(KIND_OF_ENDPOINT), "/api/query_ts"]);

export type FunctionEndpointContext = {
  engine: Engine;
  verifier: TokenVerifier;
  log: Log;
  /** The database version, also the timestamp `/api/query_ts` reports. */
  currentVersion(): number;
};

export async function handleFunctionEndpoint(
  context: FunctionEndpointContext,
  pathname: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  if (request.method !== "POST") {
    sendJson(response, 405, { code: "MethodNotAllowed", message: `${pathname} takes POST` });
    return;
  }
  if (pathname === "/api/query_ts") {
    sendJson(response, 200, { ts: encodeTs(context.currentVersion()) });
    return;
  }
  const kind = KIND_OF_ENDPOINT[pathname] ?? "any";
  let call: { path: string; args: JSONValue };
  try {
    call = parseCall((await readBody(request, BODY_LIMIT_BYTES)).toString("utf8"));
  } catch (error) {
    sendJson(response, 400, { code: "BadJsonBody", message: error instanceof Error ? error.message : String(error) });
    return;
  }
  const udfPath = canonicalUdfPath(call.path);
  try {
    // Before any other work: arguments past Convex's limits cost one bounded walk, nothing more.
    checkArguments(udfPath, call.args);
  } catch (error) {
    if (!(error instanceof ValueLimitError)) throw error;
    sendJson(response, FUNCTION_FAILED, { status: "error", errorMessage: error.message, logLines: [] });
    return;
  }
  let identity: Identity = null;
  const token = bearerToken(request);
  if (token !== null) {
    try {
      identity = (await context.verifier.verify(token)).identity;
    } catch (error) {
      sendJson(response, 401, { code: "Unauthenticated", message: error instanceof Error ? error.message : "" });
      return;
    }
  }
  try {
    const value = await run(context.engine, kind, udfPath, call.args, identity);
    sendJson(response, 200, { status: "success", value, logLines: [] });
  } catch (error) {
    const failure = failureOf(error, `${kind} ${udfPath}`, context.log);
    sendJson(response, FUNCTION_FAILED, {
      status: "error",
      errorMessage: failure.message,
      ...(failure.data !== undefined ? { errorData: failure.data } : {}),
      logLines: [],
    });
  }
}

function parseCall(text: string): { path: string; args: JSONValue } {
  const body = JSON.parse(text) as { path?: unknown; args?: unknown; format?: unknown };
  if (typeof body.path !== "string") throw new Error("the body has no function path");
  if (body.format !== undefined && body.format !== "convex_encoded_json") {
    throw new Error(`unsupported format ${String(body.format)}`);
  }
  // The typed endpoints send `[args]`; `/api/function` sends the arguments object itself.
  const args = Array.isArray(body.args) ? (body.args[0] ?? {}) : (body.args ?? {});
  return { path: body.path, args: args as JSONValue };
}

async function run(
  engine: Engine,
  kind: Kind | "any",
  udfPath: string,
  args: JSONValue,
  identity: Identity,
): Promise<JSONValue> {
  switch (kind) {
    case "query":
      return await engine.runQuery(udfPath, args, identity);
    case "mutation":
      return await engine.runMutation(udfPath, args, identity);
    case "action":
      return await engine.runAction(udfPath, args, identity);
    case "any":
      return await runAnyKind(engine, udfPath, args, identity);
  }
}

/** `/api/function` does not say the kind: try as a query, then as what the engine says it is. */
async function runAnyKind(engine: Engine, udfPath: string, args: JSONValue, identity: Identity): Promise<JSONValue> {
  try {
    return await engine.runQuery(udfPath, args, identity);
  } catch (error) {
    const actual = /but it is defined as (mutation|action)\.$/.exec(error instanceof Error ? error.message : "");
    if (actual === null) throw error;
    return await run(engine, actual[1] as Kind, udfPath, args, identity);
  }
}
