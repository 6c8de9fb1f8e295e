/**
 * The Convex sync protocol as `convex/browser` 1.48 speaks it (see
 * node_modules/convex/dist/esm-types/browser/sync/protocol.d.ts). Only the parts this server
 * reads or writes are typed here. Timestamps travel as base64 of a little-endian u64.
 */
import type { JSONValue } from "convex/values";
import { MAX_SESSION_ID_LENGTH, MAX_UDF_PATH_LENGTH } from "./connection-limits";

export type StateVersion = { querySet: number; ts: number; identity: number };

export type AddQuery = {
  type: "Add";
  queryId: number;
  udfPath: string;
  args: JSONValue[];
  journal?: string | null;
  /** A component's function (only admins may name one); absent or "" for the app's. */
  componentPath?: string;
};
export type RemoveQuery = { type: "Remove"; queryId: number };

export type ClientMessage =
  | { type: "Connect"; sessionId: string; connectionCount: number }
  | { type: "ModifyQuerySet"; baseVersion: number; newVersion: number; modifications: (AddQuery | RemoveQuery)[] }
  | { type: "Mutation"; requestId: number; udfPath: string; args: JSONValue[]; componentPath?: string }
  | { type: "Action"; requestId: number; udfPath: string; args: JSONValue[]; componentPath?: string }
  | { type: "Authenticate"; tokenType: "User"; value: string; baseVersion: number }
  | { type: "Authenticate"; tokenType: "Admin"; value: string; baseVersion: number; impersonating?: unknown }
  | { type: "Authenticate"; tokenType: "None"; baseVersion: number }
  | { type: "Event"; eventType: string; event: unknown };

export type StateModification =
  | { type: "QueryUpdated"; queryId: number; value: JSONValue; logLines: string[]; journal: string | null }
  | {
      type: "QueryFailed";
      queryId: number;
      errorMessage: string;
      logLines: string[];
      errorData: JSONValue;
      journal: string | null;
    }
  | { type: "QueryRemoved"; queryId: number };

type EncodedStateVersion = { querySet: number; ts: string; identity: number };

export type ServerMessage =
  | {
      type: "Transition";
      startVersion: EncodedStateVersion;
      endVersion: EncodedStateVersion;
      modifications: StateModification[];
    }
  | { type: "MutationResponse"; requestId: number; success: true; result: JSONValue; ts: string; logLines: string[] }
  | {
      type: "MutationResponse";
      requestId: number;
      success: false;
      result: string;
      logLines: string[];
      errorData?: JSONValue;
    }
  | { type: "ActionResponse"; requestId: number; success: true; result: JSONValue; logLines: string[] }
  | {
      type: "ActionResponse";
      requestId: number;
      success: false;
      result: string;
      logLines: string[];
      errorData?: JSONValue;
    }
  | { type: "AuthError"; error: string; baseVersion: number; authUpdateAttempted: boolean }
  | { type: "Ping" };

/** A timestamp as the client decodes it: `Long.fromBytesLE(base64 bytes)`. */
export function encodeTs(ts: number): string {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(ts));
  return bytes.toString("base64");
}

export function encodeVersion(version: StateVersion): EncodedStateVersion {
  return { querySet: version.querySet, ts: encodeTs(version.ts), identity: version.identity };
}

/** "books.js:page" and "books" (default export) name functions the way the client's canonical form does. */
export function canonicalUdfPath(udfPath: string): string {
  const pieces = udfPath.split(":");
  const functionName = pieces.length === 1 ? "default" : (pieces.pop() ?? "default");
  const moduleName = pieces.join(":");
  return `${moduleName.endsWith(".js") ? moduleName.slice(0, -3) : moduleName}:${functionName}`;
}

/**
 * Checks the shape of an incoming message just enough that handling it cannot crash: every
 * field the server reads has its type, and names and lists have bounded lengths. (Arguments
 * are checked against Convex's limits when they are used: engine/value-limits.ts.)
 */
export function parseClientMessage(text: string): ClientMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const message = parsed;
  switch (message.type) {
    case "Connect":
      // The session id goes into the key of every mutation's durable record: a UUID, never a payload.
      return typeof message.sessionId === "string" &&
        message.sessionId.length <= MAX_SESSION_ID_LENGTH &&
        isCount(message.connectionCount)
        ? (message as ClientMessage)
        : null;
    case "Event":
      return message as ClientMessage;
    case "ModifyQuerySet":
      return Array.isArray(message.modifications) &&
        message.modifications.every(isModification) &&
        isCount(message.baseVersion) &&
        isCount(message.newVersion)
        ? (message as ClientMessage)
        : null;
    case "Mutation":
    case "Action":
      return isCount(message.requestId) &&
        isUdfPath(message.udfPath) &&
        Array.isArray(message.args) &&
        (message.componentPath === undefined || typeof message.componentPath === "string")
        ? (message as ClientMessage)
        : null;
    case "Authenticate":
      return isCount(message.baseVersion) && (message.tokenType === "None" || typeof message.value === "string")
        ? (message as ClientMessage)
        : null;
    default:
      return null;
  }
}

function isModification(value: unknown): boolean {
  if (!isRecord(value) || !isCount(value.queryId)) return false;
  if (value.type === "Remove") return true;
  return (
    value.type === "Add" &&
    isUdfPath(value.udfPath) &&
    Array.isArray(value.args) &&
    (value.journal === undefined || value.journal === null || typeof value.journal === "string") &&
    (value.componentPath === undefined || typeof value.componentPath === "string")
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isUdfPath(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= MAX_UDF_PATH_LENGTH;
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}
