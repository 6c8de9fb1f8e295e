/**
 * GET /data-export?id=<export id> (convex/http.ts): hands an export's ZIP to its owner, who is
 * read from the `Authorization: Bearer <Convex Auth token>` header the settings screen sends.
 * Anyone else gets 403, a link older than an hour 410. On a Convex deployment the site
 * (*.convex.site) is another origin than the app, so the answers carry CORS headers for the
 * app's SITE_URL; on the local backend they are one origin and the headers do nothing.
 */
import { internal } from "../../_generated/api";
import { httpAction } from "../../_generated/server";
import { exportFileName } from "../../shared/data-export";

export const DOWNLOAD_SIGN_IN = "Sign in to download your data.";
export const DOWNLOAD_NOT_YOURS = "This download belongs to another account.";
export const DOWNLOAD_EXPIRED = "This download link has expired. Make a new export.";
export const DOWNLOAD_GONE = "This export no longer exists. Make a new export.";
export const DOWNLOAD_NOT_READY = "This export is not ready yet.";

/**
 * Convex http actions answer at most 20 MiB; a larger ZIP is handed over by a redirect to its
 * stored file's URL (unguessable, and the file is deleted a day after the start).
 */
export const INLINE_DOWNLOAD_LIMIT = 16 * 1024 * 1024;

function corsHeaders(): Record<string, string> {
  const origin = process.env.SITE_URL;
  if (origin === undefined || origin.length === 0) return {};
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Headers": "Authorization",
    "Access-Control-Allow-Methods": "GET, OPTIONS",
    "Access-Control-Expose-Headers": "Content-Disposition",
    Vary: "Origin",
  };
}

const refuse = (status: number, message: string): Response =>
  new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...corsHeaders() },
  });

export const downloadDataExport = httpAction(async (ctx, request) => {
  const exportId = new URL(request.url).searchParams.get("id") ?? "";
  const found = await ctx.runQuery(internal.dataExport.downloadable, { exportId });
  switch (found.kind) {
    case "signedOut":
      return refuse(401, DOWNLOAD_SIGN_IN);
    case "gone":
      return refuse(404, DOWNLOAD_GONE);
    case "notOwner":
      return refuse(403, DOWNLOAD_NOT_YOURS);
    case "notReady":
      return refuse(409, DOWNLOAD_NOT_READY);
    case "expired":
      return refuse(410, DOWNLOAD_EXPIRED);
    case "ready":
      break;
  }
  const headers = { "Cache-Control": "no-store", ...corsHeaders() };
  if (found.size !== null && found.size > INLINE_DOWNLOAD_LIMIT) {
    const url = await ctx.storage.getUrl(found.storageId);
    if (url === null) return refuse(404, DOWNLOAD_GONE);
    return new Response(null, { status: 303, headers: { ...headers, Location: url } });
  }
  const file = await ctx.storage.get(found.storageId);
  if (file === null) return refuse(404, DOWNLOAD_GONE);
  return new Response(file.stream(), {
    status: 200,
    headers: {
      ...headers,
      "Content-Type": "application/zip",
      "Content-Length": String(file.size),
      "Content-Disposition": `attachment; filename="${exportFileName(found.finishedAt)}"`,
    },
  });
});

/** The browser's preflight for the cross-origin GET with an Authorization header. */
export const dataExportPreflight = httpAction(async () => new Response(null, { status: 204, headers: corsHeaders() }));
