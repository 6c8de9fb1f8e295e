/**
 * The HTTP endpoints of the `npx convex` CLI that only the admin key opens (a missing key gets
 * 401, a wrong one Convex's 403 BadDeployKey):
 *   POST /api/update_environment_variables   env set / env remove: `{changes: [{name, value|null}]}`
 *   POST /api/export/request/zip             export: make a snapshot (`?includeStorage=true|false`)
 *   GET  /api/export/zip/<start_ts>          export: download it
 *   POST /api/import/start_upload            import: `{uploadToken}`
 *   POST /api/import/upload_part             import: one part of the file (`?uploadToken&partNumber`)
 *   POST /api/import/finish_upload           import: `{importId}` for `{import, uploadToken, partTokens}`
 *   POST /api/perform_import                 import: the confirmed import `{importId}`
 * The endpoints of the CLI's other commands (`dev`, `deploy`, `logs`, `run --push`,
 * `run --inline-query`) answer at once that the local backend does not do that: a 404 would
 * make the CLI retry for about a minute before giving up.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { ImportError } from "../../engine/admin-data";
import { EnvironmentChangeError, type EnvironmentChange } from "../../engine/environment";
import type { Engine } from "../../engine/types";
import { BAD_ADMIN_KEY, MISSING_ADMIN_KEY, type AdminKeyCheck } from "../admin/admin-auth";
import type { SnapshotExports } from "../admin/snapshot-export";
import { ImportRequestError, type ImportRequest, type SnapshotImports } from "../admin/snapshot-import";
import { sendJson } from "./http-io";
import type { RequestBody } from "./request-body";

export type AdminEndpointContext = {
  engine: Engine;
  adminKey: AdminKeyCheck;
  exports: SnapshotExports;
  imports: SnapshotImports;
};

const DOWNLOAD_PREFIX = "/api/export/zip/";
/** An import part: the CLI sends 5 MiB parts (more with CONVEX_IMPORT_CHUNK_SIZE). */
const PART_LIMIT_BYTES = 64 * 1024 * 1024;
const JSON_LIMIT_BYTES = 4 * 1024 * 1024;

type Handler = (context: AdminEndpointContext, url: URL, body: RequestBody) => Promise<Answer>;
type Answer = { status: number; body: unknown } | { status: 200; zip: Buffer; fileName: string };

const POST_ENDPOINTS: Record<string, Handler> = {
  "/api/update_environment_variables": async ({ engine }, _url, body) => {
    const { changes } = (await readJson(body)) as { changes?: unknown };
    if (!Array.isArray(changes) || !changes.every(isChange)) {
      return badRequest("InvalidEnvironmentVariables", "changes must be a list of {name, value}");
    }
    await engine.updateEnvironment(changes);
    return { status: 200, body: {} };
  },
  "/api/export/request/zip": async ({ exports }, url) => {
    await exports.request(url.searchParams.get("includeStorage") === "true");
    return { status: 200, body: {} };
  },
  "/api/import/start_upload": async ({ imports }) => ({
    status: 200,
    body: { uploadToken: imports.startUpload() },
  }),
  "/api/import/upload_part": async ({ imports }, url, body) => {
    const data = await body.read(PART_LIMIT_BYTES);
    const token = url.searchParams.get("uploadToken") ?? "";
    return { status: 200, body: imports.uploadPart(token, Number(url.searchParams.get("partNumber")), data) };
  },
  "/api/import/finish_upload": async ({ imports }, _url, body) => {
    const finish = (await readJson(body)) as { import?: ImportRequest; uploadToken?: unknown; partTokens?: unknown };
    const importId = imports.finishUpload(String(finish.uploadToken ?? ""), finish.partTokens, finish.import ?? {});
    return { status: 200, body: { importId } };
  },
  "/api/perform_import": async ({ imports }, _url, body) => {
    const { importId } = (await readJson(body)) as { importId?: unknown };
    await imports.perform(String(importId ?? ""));
    return { status: 200, body: {} };
  },
};

const UNSUPPORTED = new Set([
  "/api/current_deployment",
  "/api/deploy2/evaluate_push",
  "/api/deploy2/evaluate_schema",
  "/api/deploy2/finish_push",
  "/api/deploy2/report_push_completed",
  "/api/deploy2/start_push",
  "/api/deploy2/wait_for_schema",
  "/api/get_config_hashes",
  "/api/run_test_function",
  "/api/shapes2",
  "/api/stream_function_logs",
]);
const NOT_SUPPORTED = {
  code: "NotSupported",
  message:
    "The local backend runs convex/ itself and supports only the CLI's data, run, env, export and import " +
    "commands (no dev, deploy, logs, run --push or run --inline-query)",
};

export function isAdminEndpoint(pathname: string): boolean {
  return pathname in POST_ENDPOINTS || pathname.startsWith(DOWNLOAD_PREFIX) || UNSUPPORTED.has(pathname);
}

export async function handleAdminEndpoint(
  context: AdminEndpointContext,
  url: URL,
  request: IncomingMessage,
  response: ServerResponse,
  body: RequestBody,
): Promise<void> {
  const credential = context.adminKey.ofRequest(request);
  if (credential.kind === "none") return sendJson(response, 401, MISSING_ADMIN_KEY);
  if (credential.kind === "refused") return sendJson(response, 403, BAD_ADMIN_KEY);
  if (UNSUPPORTED.has(url.pathname)) return sendJson(response, 400, NOT_SUPPORTED);
  const isDownload = url.pathname.startsWith(DOWNLOAD_PREFIX);
  const method = isDownload ? "GET" : "POST";
  if (request.method !== method) {
    return sendJson(response, 405, { code: "MethodNotAllowed", message: `${url.pathname} takes ${method}` });
  }
  let answer: Answer;
  try {
    answer = isDownload ? download(context, url) : await (POST_ENDPOINTS[url.pathname] as Handler)(context, url, body);
  } catch (error) {
    if (error instanceof EnvironmentChangeError) answer = badRequest("InvalidEnvironmentVariables", error.message);
    else if (error instanceof ImportRequestError || error instanceof ImportError) {
      answer = badRequest("InvalidImport", error.message);
    } else if (error instanceof SyntaxError) answer = badRequest("BadJsonBody", error.message);
    else throw error;
  }
  if ("zip" in answer) {
    response.writeHead(200, {
      "Content-Type": "application/zip",
      "Content-Length": answer.zip.length,
      "Content-Disposition": `attachment; filename=${answer.fileName}`,
    });
    response.end(answer.zip);
    return;
  }
  sendJson(response, answer.status, answer.body);
}

function download({ exports }: AdminEndpointContext, url: URL): Answer {
  const found = exports.download(url.pathname.slice(DOWNLOAD_PREFIX.length));
  if (found === null) return { status: 404, body: { code: "ExportNotFound", message: "No such snapshot export" } };
  return { status: 200, zip: found.zip, fileName: found.fileName };
}

function badRequest(code: string, message: string): Answer {
  return { status: 400, body: { code, message } };
}

async function readJson(body: RequestBody): Promise<unknown> {
  const text = (await body.read(JSON_LIMIT_BYTES)).toString("utf8");
  return text === "" ? {} : (JSON.parse(text) as unknown);
}

function isChange(value: unknown): value is EnvironmentChange {
  if (typeof value !== "object" || value === null) return false;
  const { name, value: text } = value as Record<string, unknown>;
  return typeof name === "string" && (typeof text === "string" || text === null);
}
