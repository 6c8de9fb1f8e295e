/**
 * "Download my data" on the settings screen (issue 30): what state an export is in for the
 * person looking at it, and fetching its ZIP with their token. Plain code, no React.
 */
import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { DATA_EXPORT_PATH, EXPORT_STAGE_LABELS, exportFileName, STALLED_AFTER_MS } from "@convex/shared/data-export";
import { UserFacingError } from "@/lib/error-text";

export type ExportRow = NonNullable<FunctionReturnType<typeof api.dataExport.mine>>;

export type ExportView =
  | { kind: "none" }
  | { kind: "running"; label: string; progress: number }
  | { kind: "ready"; size: number; finishedAt: number; expiresAt: number }
  | { kind: "expired" }
  | { kind: "failed"; error: string };

export const STOPPED_TEXT = "Collecting your data stopped before it finished. Please try again.";

/** What the section shows for the person's latest export at `now`. */
export function exportView(row: ExportRow | null, now: number): ExportView {
  if (row === null) return { kind: "none" };
  if (row.status === "running") {
    if (now - row.updatedAt > STALLED_AFTER_MS) return { kind: "failed", error: STOPPED_TEXT };
    return { kind: "running", label: progressLabel(row.stage, row.progress), progress: row.progress };
  }
  if (row.status === "failed") return { kind: "failed", error: row.error ?? STOPPED_TEXT };
  if (row.expiresAt === null || row.finishedAt === null || now >= row.expiresAt) return { kind: "expired" };
  return { kind: "ready", size: row.size ?? 0, finishedAt: row.finishedAt, expiresAt: row.expiresAt };
}

/** "Collecting your posts… 40%". */
export function progressLabel(stage: string, progress: number): string {
  if (stage === "saving") return `Saving the ZIP file… ${progress}%`;
  return `Collecting your ${EXPORT_STAGE_LABELS[stage] ?? "data"}… ${progress}%`;
}

/** "3.2 MB", "480 KB", "900 bytes". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * Where the deployment's http routes are: a Convex deployment serves them on *.convex.site beside
 * its *.convex.cloud; the local backend on its one origin (the page's, or VITE_CONVEX_URL in dev).
 */
export function siteUrl(): string {
  const configured = import.meta.env.VITE_CONVEX_URL as string | undefined;
  if (configured === undefined || configured.length === 0) return window.location.origin;
  return configured.replace(/\.convex\.cloud(\/?)$/, ".convex.site$1").replace(/\/$/, "");
}

/** Fetches the ZIP with the person's token; the server's refusal ("…has expired…") becomes the error. */
export async function fetchExport(exportId: string, token: string): Promise<Blob> {
  const response = await fetch(`${siteUrl()}${DATA_EXPORT_PATH}?id=${encodeURIComponent(exportId)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) {
    const text = await response.text();
    throw new UserFacingError(text.length > 0 && text.length < 200 ? text : "The download failed. Please try again.");
  }
  return await response.blob();
}

/** Saves a blob as a file the way a link with `download` does. */
export function saveBlob(blob: Blob, finishedAt: number): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = exportFileName(finishedAt);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
