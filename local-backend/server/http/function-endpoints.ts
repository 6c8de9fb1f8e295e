/**
 * The function endpoints of ConvexHttpClient (convex/browser 1.48): POST `/api/query`,
 * `/api/query_ts`, `/api/query_at_ts`, `/api/mutation`, `/api/action` and `/api/function`.
 * Body `{path, args, format: "convex_encoded_json"}`; answer `{status: "success", value,
 * logLines}` (200) or `{status: "error", errorMessage, errorData?, logLines}` (560, the status
 * the client reads as "the function failed").
 *
 * With the admin key (`Authorization: Convex <key>[:<identity>]`, the `npx convex` CLI) internal
 * functions and the CLI's system queries are reachable too, acting as nobody or as the identity
 * given; a wrong key is refused with Convex's 403. Without one, nothing changes.
 */
import type { JSONValue } from "convex/values";
import type { IncomingMessage, ServerResponse } from "node:http";
import { EngineError, type Access, type Engine, type Identity } from "../../engine/types";
import { checkArguments, MAX_ARGUMENTS_BYTES, ValueLimitError } from "../../engine/value-limits";
import { BAD_ADMIN_KEY, type AdminKeyCheck } from "../admin/admin-auth";
import {
  COMPONENT_CALL_REFUSAL,
  isSystemQuery,
  SYSTEM_QUERY_REFUSAL,
  type SystemQueries,
} from "../admin/system-queries";
import { failureOf, type Log } from "../failure";
import type { TokenVerifier } from "../identity";
import { canonicalUdfPath, encodeTs } from "../sync/protocol";
import { bearerToken, sendJson } from "./http-io";
import { BodyAbortedError, BodyBudgetExhaustedError, type RequestBody } from "./request-body";

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
  adminKey: AdminKeyCheck;
  systemQueries: SystemQueries;
  log: Log;
  /** The database version, also the timestamp `/api/query_ts` reports. */
  currentVersion(): number;
};

export async function handleFunctionEndpoint(
  context: FunctionEndpointContext,
  pathname: string,
  request: IncomingMessage,
  response: ServerResponse,
  body: RequestBody,
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
  const admin = context.adminKey.ofRequest(request);
  if (admin.kind === "refused") {
    sendJson(response, 403, BAD_ADMIN_KEY);
    return;
  }
  let call: { path: string; args: JSONValue; componentPath: string };
  try {
    call = parseCall((await body.read(BODY_LIMIT_BYTES)).toString("utf8"));
  } catch (error) {
    // A full budget (503) and a client gone are the router's to answer.
    if (error instanceof BodyBudgetExhaustedError || error instanceof BodyAbortedError) throw error;
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
  if (call.componentPath !== "") {
    sendJson(response, FUNCTION_FAILED, { status: "error", errorMessage: COMPONENT_CALL_REFUSAL, logLines: [] });
    return;
  }
  let identity: Identity = null;
  const access: Access = admin.kind === "admin" ? "internal" : "public";
  const token = bearerToken(request);
  if (admin.kind === "admin") {
    identity = admin.actingAs;
  } else if (token !== null) {
    try {
      identity = (await context.verifier.verify(token)).identity;
    } catch (error) {
      sendJson(response, 401, { code: "Unauthenticated", message: error instanceof Error ? error.message : "" });
      return;
    }
  }
  try {
    if (isSystemQuery(udfPath) && access !== "internal") throw new EngineError(SYSTEM_QUERY_REFUSAL);
    const value = isSystemQuery(udfPath)
      ? context.systemQueries.run(udfPath, call.args)
      : await run(context.engine, kind, udfPath, call.args, identity, access);
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

function parseCall(text: string): { path: string; args: JSONValue; componentPath: string } {
  const body = JSON.parse(text) as { path?: unknown; args?: unknown; format?: unknown; componentPath?: unknown };
  if (typeof body.path !== "string") throw new Error("the body has no function path");
  if (body.format !== undefined && body.format !== "convex_encoded_json") {
    throw new Error(`unsupported format ${String(body.format)}`);
  }
  // The typed endpoints send `[args]`; `/api/function` sends the arguments object itself.
  const args = Array.isArray(body.args) ? (body.args[0] ?? {}) : (body.args ?? {});
  const componentPath = typeof body.componentPath === "string" ? body.componentPath : "";
  return { path: body.path, args: args as JSONValue, componentPath };
}

async function run(
  engine: Engine,
  kind: Kind | "any",
  udfPath: string,
  args: JSONValue,
  identity: Identity,
  access: Access,
): Promise<JSONValue> {
  switch (kind) {
    case "query":
      return await engine.runQuery(udfPath, args, identity, access);
    case "mutation":
      return await engine.runMutation(udfPath, args, identity, access);
    case "action":
      return await engine.runAction(udfPath, args, identity, access);
    case "any":
      return await runAnyKind(engine, udfPath, args, identity, access);
  }
}

/** `/api/function` does not say the kind: try as a query, then as what the engine says it is. */
async function runAnyKind(
  engine: Engine,
  udfPath: string,
  args: JSONValue,
  identity: Identity,
  access: Access,
): Promise<JSONValue> {
  try {
    return await engine.runQuery(udfPath, args, identity, access);
  } catch (error) {
    const actual = /but it is defined as (mutation|action)\.$/.exec(error instanceof Error ? error.message : "");
    if (actual === null) throw error;
    return await run(engine, actual[1] as Kind, udfPath, args, identity, access);
  }
}
