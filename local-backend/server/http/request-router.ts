/**
 * Every HTTP request on the backend's one port, in this order:
 *   1. `/api/query` … `/api/function`  the function endpoints (function-endpoints.ts)
 *   2. `/api/storage/…`                 uploads and stored files (storage-endpoints.ts)
 *      the CLI's admin endpoints        env, export, import; admin key only (admin-endpoints.ts)
 *   3. a file of the built client       (when serving one)
 *   4. the routes of `convex/http.ts`   (Convex Auth's `/.well-known/…`, `/api/auth/…`, and any
 *                                       other route the project declares: site and deployment
 *                                       URL are one origin here)
 *   5. index.html for other page GETs   (when serving a client), else the router's 404.
 * The API paths (1, 2 and the admin endpoints) answer only allowed origins (../origins.ts) and give those CORS
 * headers; a page from any other website gets 403. http routes set their own headers.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Identity } from "../../engine/types";
import type { Log } from "../failure";
import { handleAdminEndpoint, isAdminEndpoint, type AdminEndpointContext } from "./admin-endpoints";
import { FUNCTION_ENDPOINTS, handleFunctionEndpoint, type FunctionEndpointContext } from "./function-endpoints";
import { AllowedOrigins } from "../origins";
import { allowOrigin, bearerToken, sendJson, sendText, sendWebResponse, toWebRequest } from "./http-io";
import {
  BodyAbortedError,
  BodyBudgetExhaustedError,
  BodyTooLargeError,
  RequestBody,
  type BodyBudget,
} from "./request-body";
import { StaticFiles, wantsAppPage } from "./static-files";
import { handleStorageGet, handleUpload, STORAGE_PREFIX, UPLOAD_PATH } from "./storage-endpoints";

const HTTP_ACTION_BODY_LIMIT = 20 * 1024 * 1024;

export type RouterContext = FunctionEndpointContext &
  AdminEndpointContext & {
    origin: string;
    allowedOrigins: AllowedOrigins;
    staticDir?: string | undefined;
    log: Log;
    /** What every request body read counts against (./request-body.ts). */
    bodyBudget: BodyBudget;
  };

export function createRequestRouter(context: RouterContext) {
  const staticFiles = context.staticDir === undefined ? null : new StaticFiles(context.staticDir);

  async function route(request: IncomingMessage, response: ServerResponse, body: RequestBody): Promise<void> {
    const url = new URL(request.url ?? "/", context.origin);
    const { pathname } = url;
    const isAdmin = isAdminEndpoint(pathname);
    const isApi = FUNCTION_ENDPOINTS.has(pathname) || pathname.startsWith(STORAGE_PREFIX) || isAdmin;
    if (isApi) {
      const origin = request.headers.origin;
      if (!context.allowedOrigins.allows(origin)) {
        sendJson(response, 403, { code: "OriginNotAllowed", message: AllowedOrigins.refusal(origin ?? "") });
        return;
      }
      allowOrigin(request, response);
      if (request.method === "OPTIONS") {
        response.writeHead(204);
        response.end();
      } else if (isAdmin) {
        await handleAdminEndpoint(context, url, request, response, body);
      } else if (FUNCTION_ENDPOINTS.has(pathname)) {
        await handleFunctionEndpoint(context, pathname, request, response, body);
      } else if (pathname === UPLOAD_PATH) {
        await handleUpload(context.engine, url, request, response, body);
      } else {
        await handleStorageGet(context.engine, pathname.slice(STORAGE_PREFIX.length), request, response);
      }
      return;
    }
    const isRead = request.method === "GET" || request.method === "HEAD";
    if (isRead && staticFiles !== null && (await staticFiles.serveFile(pathname, request, response))) return;

    const httpResponse = await context.engine.runHttpAction(
      await toWebRequest(request, body, context.origin, HTTP_ACTION_BODY_LIMIT),
      await identityOf(request),
    );
    if (httpResponse.status === 404 && isRead && staticFiles !== null && wantsAppPage(pathname, request)) {
      if (await staticFiles.serveApp(request, response)) return;
    }
    await sendWebResponse(response, httpResponse, request.method === "HEAD");
  }

  /** http actions see the caller of a valid bearer token; anything else calls anonymously. */
  async function identityOf(request: IncomingMessage): Promise<Identity> {
    const token = bearerToken(request);
    if (token === null) return null;
    return await context.verifier.verify(token).then(
      ({ identity }) => identity,
      () => null,
    );
  }

  return (request: IncomingMessage, response: ServerResponse): void => {
    const body = new RequestBody(request, response, context.bodyBudget);
    route(request, response, body)
      .catch((error: unknown) => {
        if (error instanceof BodyAbortedError) return; // nobody left to answer
        if (error instanceof BodyTooLargeError || error instanceof BodyBudgetExhaustedError) {
          if (!response.headersSent) sendText(response, error instanceof BodyTooLargeError ? 413 : 503, error.message);
          return;
        }
        context.log(
          `http: ${request.method} ${request.url} failed: ${error instanceof Error ? error.stack : String(error)}`,
        );
        if (!response.headersSent) sendText(response, 500, "Server Error");
        else response.destroy();
      })
      // The body's bytes are free once its request is handled (answered, failed, or abandoned).
      .finally(() => body.release());
  };
}
